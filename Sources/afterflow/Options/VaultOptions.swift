import AfterflowKit
import ArgumentParser
import Foundation

/// `--vault DIR`, shared by every command that works in a vault.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The vault folder. Default: $AFTERFLOW_VAULT, else the nearest folder at or above this one holding .afterflow/.",
        valueName: "dir"))
    var vault: String?

    func open() throws -> Vault {
        try withVaultErrors {
            try Vault.locate(explicit: vault, environment: ProcessInfo.processInfo.environment,
                             from: FileManager.default.currentDirectoryPath)
        }
    }

    /// Opens the vault and reads every document, reporting a broken config.
    func catalog() throws -> VaultCatalog {
        let vault = try open()
        if !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        return VaultCatalog(vault: vault)
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, paths
}

enum ShowFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, md
}
