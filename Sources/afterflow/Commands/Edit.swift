import AfterflowKit
import ArgumentParser
import Foundation

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a session in your editor, then check it.",
        discussion: """
            Uses $VISUAL, then $EDITOR, then vi. When you close the editor the file is checked: if it has errors your text stays exactly as you wrote it, the errors are shown and you can reopen the editor. When it is valid, 'updated' and 'status' are brought up to date.

            Examples:
              afterflow edit 2024-12-10
              EDITOR=nano afterflow edit 6F1C
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    func run() throws {
        let (vault, entry) = try vaultOptions.resolve(reference)
        let path = try EditFlow(vault: vault, hints: vaultOptions.hints).run(entry)
        // A draft finished in the editor: the app's question about a reminder.
        if entry.session?.status == .draft, let bytes = try? FileIO.read(vault.root + "/" + path) {
            let session = Session(document: Document(bytes: bytes))
            if session.status == .needsReflection && session.reminder == nil {
                try ReminderOffer.offer(vault: vault, path: path)
            }
        }
    }
}
