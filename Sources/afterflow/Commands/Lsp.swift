import AfterflowKit
import AfterflowLSP
import ArgumentParser
import Foundation

struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve editors through the Language Server Protocol (on standard input and output).",
        discussion: """
            Your editor starts this command and speaks to it: as you type in a vault's document it shows the problems 'afterflow check' would report for the unsaved text, with the same messages and places. Configure your editor to run 'afterflow lsp' for Markdown files in the vault.

            The vault is --vault, else $AFTERFLOW_VAULT, else the nearest folder at or above the editor's workspace (or the opened file) that holds .afterflow/. Nothing goes over the network; nothing in the vault is written but its index.

            Examples:
              afterflow lsp                      started by the editor
              afterflow lsp --vault ~/Journal    one vault, wherever the files are
            """)

    @OptionGroup var vaultOptions: VaultOptions

    func run() throws {
        let explicit = vaultOptions.vault
        let environment = ProcessInfo.processInfo.environment
        let server = LanguageServer(timeZone: .current) { folder in
            var vault = try Vault.locate(explicit: explicit, environment: environment, from: folder)
            vault.lockTimeout = VaultOptions.lockTimeout
            vault.fileClock = { Date() }
            return vault
        }
        let status = server.run(input: FileHandle.standardInput.fileDescriptor, output: FileHandle.standardOutput.fileDescriptor)
        if status != 0 { throw ExitCode(status) }
    }
}
