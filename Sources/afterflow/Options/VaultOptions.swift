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

extension VaultOptions {
    /// Opens the vault and its index, brought up to date with the files first (with a progress bar
    /// on a terminal when there is much to read).
    func index(rebuild: Bool = false) throws -> (IndexStore, IndexStore.RefreshReport) {
        let vault = try open()
        if !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        let store = try withVaultErrors { try IndexStore(vault: vault) }
        let bar = ProgressBar("Indexing")
        defer { bar.finish() }
        let report = try withVaultErrors { try store.refresh(rebuild: rebuild) { bar.update($0, $1) } }
        return (store, report)
    }
}

extension VaultOptions {
    /// The session `reference` names, looked up in the index and read from its file.
    func resolve(_ reference: String) throws -> (Vault, VaultEntry) {
        let (store, _) = try index()
        let entry = try withVaultErrors {
            try SessionReference(reference).resolve(in: store, from: FileManager.default.currentDirectoryPath)
        }
        return (store.vault, entry)
    }
}

/// Tells, on standard error, how many files could not be read and where to look.
func warnUnreadable(_ count: Int) {
    guard count > 0 else { return }
    let err = ErrorStream.current
    err.write(err.style("warning:", "1;35") + " \(count) file\(count == 1 ? "" : "s") could not be read; run 'afterflow check' to see why")
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, paths
}

enum DataFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum ShowFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, md
}
