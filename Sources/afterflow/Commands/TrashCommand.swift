import AfterflowKit
import ArgumentParser
import Foundation

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List deleted sessions, restore them, or empty the trash.",
        discussion: """
            Deleted sessions wait in .afterflow/trash/ with the path they had and when they were deleted. --restore puts one back at that path (never over another file). --empty is the only way afterflow removes anything for good: all of it, or with --older-than only what was deleted longer ago. On a terminal you are asked first; scripts confirm with --yes.

            Examples:
              afterflow trash
              afterflow trash --restore 6F1C
              afterflow trash --restore 2
              afterflow trash --empty --older-than 30d --yes
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("Restore a deleted session: its number in the list, an id prefix, its day or its old path.", valueName: "ref"))
    var restore: String?

    @Flag(help: "Remove deleted sessions for good.")
    var empty = false

    @Option(help: ArgumentHelp("With --empty: only those deleted longer ago than this (30d, 2w, 12h).", valueName: "span"))
    var olderThan: String?

    @Flag(name: [.short, .long], help: "Do not ask; needed with --empty when not on a terminal.")
    var yes = false

    @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
    var format: ListFormat = .table

    func validate() throws {
        if restore != nil && empty { throw ValidationError("give either --restore or --empty, not both") }
        if olderThan != nil && !empty { throw ValidationError("--older-than goes with --empty") }
        if let olderThan, TimeSpan.seconds(in: olderThan) == nil {
            throw ValidationError("--older-than must be a span like 30d, 2w or 12h, found \"\(olderThan.visible())\"")
        }
    }

    func run() throws {
        let vault = try vaultOptions.open()
        let trash = Trash(vault: vault)
        let entries = trash.entries()
        if let restore {
            let entry = try pick(restore, in: entries, trash: trash)
            let path = try withVaultErrors { try trash.restore(entry, now: CommandClock.now) }
            emit("Restored \(vault.shownPath(path)).")
            return
        }
        if empty {
            try emptyTrash(trash, entries)
            return
        }
        if format == .json {
            emit(JSONValue.array(entries.enumerated().map { $0.element.json(number: $0.offset + 1) }).serialized(pretty: true))
            return
        }
        guard !entries.isEmpty else {
            emit("The trash is empty.")
            return
        }
        let term = Terminal.current
        for (index, entry) in entries.enumerated() {
            let id = entry.id.map { String($0.prefix(8)) } ?? "(no id) "
            let deleted = LocalDate.parse(entry.deleted)?.shortString ?? entry.deleted
            let what = entry.replaced == true ? "replaced" : "deleted"
            emit("\(String(index + 1).padding(toLength: 3, withPad: " ", startingAt: 0)) \(id.visible())  \(what) \(deleted.visible())  \(vault.shownPath(entry.original))")
        }
        if term.stdoutIsTTY {
            emit(term.dim("Restore one with: " + vaultOptions.hints.command("trash", "--restore", placeholder: "NUMBER") + " (or its id)"))
        }
    }

    private func pick(_ reference: String, in entries: [Trash.Entry], trash: Trash) throws -> Trash.Entry {
        if let number = Int(reference), reference.count < 4 {
            guard number >= 1 && number <= entries.count else {
                report(VaultError(.noMatch, "there is no number \(number) in the trash; it holds \(entries.count)",
                                  details: ["See them with: " + vaultOptions.hints.command("trash")]))
                throw Exit.dataProblem
            }
            return entries[number - 1]
        }
        let matches = trash.matching(reference)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            report(VaultError(.noMatch, "no deleted session matches \"\(reference)\"", details: ["See them with: " + vaultOptions.hints.command("trash")]))
        } else {
            report(VaultError(.ambiguous, "\(matches.count) deleted sessions match \"\(reference)\"; name one by its number or a longer id",
                              details: matches.map { "  \($0.id.map { String($0.prefix(8)) } ?? "(no id) ")  deleted \($0.deleted)  \($0.original)" }))
        }
        throw Exit.dataProblem
    }

    private func emptyTrash(_ trash: Trash, _ entries: [Trash.Entry]) throws {
        let span = olderThan.flatMap(TimeSpan.seconds(in:))
        let now = CommandClock.now
        let doomed = entries.filter { entry in
            guard let span else { return true }
            return entry.deletedDate.map { now.timeIntervalSince($0) > TimeInterval(span) } ?? false
        }
        guard !doomed.isEmpty else {
            emit(entries.isEmpty ? "The trash is empty." : "Nothing in the trash was deleted longer ago than \(olderThan ?? "that").")
            return
        }
        let what = "\(doomed.count) deleted session\(doomed.count == 1 ? "" : "s")"
        if !yes {
            guard Terminal.current.isInteractive else {
                throw usageError("emptying the trash removes files for good; add --yes when not on a terminal", command: "trash")
            }
            guard Prompt.confirm("Remove \(what) for good? This cannot be undone.", defaultYes: false) else {
                emit("Nothing removed.")
                return
            }
        }
        let removed = try withVaultErrors { try trash.empty(olderThan: span, now: now) }
        emit("Removed \(removed.count) deleted session\(removed.count == 1 ? "" : "s") for good.")
    }
}
