import AfterflowKit
import ArgumentParser
import Foundation

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Move a session into the trash.",
        discussion: """
            The file moves into .afterflow/trash/ (out of the journal and out of git) and its reminder is cancelled. Nothing is removed for good: 'afterflow undo' puts the last deleted session back, and 'afterflow trash' lists and restores any of them. On a terminal you are asked first; scripts confirm with --yes.

            Examples:
              afterflow delete 6F1C
              afterflow delete .afterflow/drafts/2024-06-01-mdma.md --yes
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    @Flag(name: [.short, .long], help: "Do not ask; needed when not on a terminal.")
    var yes = false

    func run() throws {
        let (vault, entry) = try vaultOptions.resolve(reference)
        let title = entry.session?.displayTitle ?? entry.path.visible()
        if !yes {
            guard Terminal.current.isInteractive else {
                throw usageError("delete asks before it moves a session to the trash; add --yes when not on a terminal", command: "delete")
            }
            guard Prompt.confirm("Delete \(title) (\(vault.shownPath(entry.path)))? It goes to the trash, and '\(vaultOptions.hints.command("undo"))' brings it back.", defaultYes: false) else {
                emit("Nothing deleted.")
                return
            }
        }
        let hadReminder = entry.document.frontMatter?.entry(SessionKey.reminder.rawValue) != nil
        let record = try withVaultErrors { try Trash(vault: vault).delete(entry, now: CommandClock.now) }
        emit("Deleted \(vault.shownPath(record.original)) (\(title)); it is in \(vault.shownPath(record.path)).")
        if hadReminder { emit("Its reminder is cancelled.") }
        emit("Undo with: " + Terminal.current.bold(vaultOptions.hints.command("undo")))
    }
}
