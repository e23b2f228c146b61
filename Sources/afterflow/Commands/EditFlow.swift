import AfterflowKit
import Foundation

/// Opens a session in the editor, then checks it: on errors the user's text stays as written,
/// the errors are shown and the editor can be reopened; when valid, `updated` and `status` are
/// brought up to date and a finished draft moves into the journal.
struct EditFlow {
    let vault: Vault
    /// For the command that reopens the editor.
    var hints = Hints.none
    /// Whether to print `Saved …` on standard output (not when the caller prints JSON).
    var announce = true
    /// The line to open the file at (1-based), for editors that take one.
    var line: Int? = nil

    /// Returns the session's vault-relative path afterwards.
    func run(_ entry: VaultEntry) throws -> String {
        let absolute = vault.root + "/" + entry.path
        while true {
            try withVaultErrors { try Editor.open(absolute, line: line) }
            let bytes = try withVaultErrors { try FileIO.read(absolute) }
            if bytes == entry.document.bytes {
                FileHandle.standardError.write(Data("No changes to \(vault.shownPath(entry.path)).\n".utf8))
                return entry.path
            }
            let edited = VaultEntry(path: entry.path, bytes: bytes)
            let errors = edited.diagnostics.filter { $0.severity == .error }
            if errors.isEmpty {
                let editor = SessionEditor(timeZone: vault.timeZone, treatments: vault.config.treatments, routes: vault.config.routes)
                let finished = editor.finishing(edited.document, now: CommandClock.now)
                let path = try withVaultErrors { try DocumentStore(vault: vault).save(finished, over: edited, now: CommandClock.now) }
                let session = Session(document: finished)
                if announce { emit("Saved \(vault.shownPath(path)) · \(session.status.words)") }
                return path
            }
            DiagnosticPrinter(vault: vault).print(edited.diagnostics, source: edited.document)
            if Terminal.current.isInteractive && Prompt.confirm("Reopen the editor to fix \(errors.count == 1 ? "it" : "them")?", defaultYes: true) {
                continue
            }
            report(VaultError(.invalid, "\(vault.shownPath(entry.path)) has \(errors.count) error\(errors.count == 1 ? "" : "s"); your text is kept as you wrote it",
                              details: ["Fix it with: " + hints.command("edit", hints.path(entry.path, in: vault))]))
            throw Exit.dataProblem
        }
    }
}
