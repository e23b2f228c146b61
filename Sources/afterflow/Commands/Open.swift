import AfterflowKit
import ArgumentParser
import Foundation

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a session in your editor at its Reflections.",
        discussion: """
            Runs $VISUAL, else $EDITOR, else vi, with the cursor on the '## Reflections' line: '+N file' for vi, vim, nvim, nano, emacs, micro, kak and helix, '-g file:N' for VS Code, the file alone for other editors. When you close the editor the file is checked as 'afterflow edit' checks it. This is the command a reminder in your calendar points to; a session that has been deleted says where it went and how to bring it back.

            Examples:
              afterflow open 6F1C2A8E
              EDITOR="code --wait" afterflow open 2024-12-10
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    func run() throws {
        let lookup = try vaultOptions.lookup()
        let vault = lookup.vault
        let entry: VaultEntry
        do {
            entry = try DocumentReference(reference).resolve(with: lookup, from: FileManager.default.currentDirectoryPath, now: CommandClock.now, home: LocalPaths.home)
        } catch where error.kind == .noMatch {
            // Gently: the session is not lost, and one command brings it back.
            guard let lines = deletedSessionLines(reference, vault: vault, hints: vaultOptions.hints) else { throw failure(error) }
            for line in lines { ErrorStream.current.write(line) }
            throw Exit.dataProblem
        } catch {
            throw failure(error)
        }
        let line = Open.reflectionsLine(entry.document)
        _ = try EditFlow(vault: vault, hints: vaultOptions.hints, line: line).run(entry)
    }

    /// The 1-based line of `## Reflections`, else the last line.
    static func reflectionsLine(_ document: Document) -> Int {
        if let section = document.section(SessionSection.reflections.rawValue) { return section.heading.line + 1 }
        return max(1, document.lines.count)
    }

    private func failure(_ error: VaultError) -> ExitCode {
        report(error)
        return Exit.dataProblem
    }
}
