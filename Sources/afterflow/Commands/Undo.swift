import AfterflowKit
import ArgumentParser
import Foundation

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Restore the session deleted last, or the text 'set --replace' replaced.",
        discussion: """
            Moves the most recently deleted session from .afterflow/trash/ back to the path it had. If a file is at that path now, nothing is replaced: move it away first, or restore into place by hand. 'afterflow trash' restores older deletions.

            Examples:
              afterflow undo
              afterflow undo --vault ~/Journal
            """)

    @OptionGroup var vaultOptions: VaultOptions

    func run() throws {
        let vault = try vaultOptions.open()
        let trash = Trash(vault: vault)
        guard let last = trash.entries().first else {
            report(VaultError(.notFound, "nothing to undo: the trash is empty"))
            throw Exit.dataProblem
        }
        let path = try withVaultErrors { try trash.restore(last, now: CommandClock.now) }
        if last.replaced == true {
            emit("Restored the earlier text of \(vault.shownPath(path)); the text it replaced is in the trash ('\(vaultOptions.hints.command("undo"))' again brings it back).")
        } else {
            emit("Restored \(vault.shownPath(path)).")
        }
    }
}
