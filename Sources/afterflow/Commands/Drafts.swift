import AfterflowKit
import ArgumentParser
import Foundation

struct Drafts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List unfinished sessions: what each is missing, and how old it is.",
        discussion: """
            A session without an intention or a mood before is a draft. New drafts wait in .afterflow/drafts/, out of the journal and out of git; a session in the journal can be a draft too when those are missing. 'afterflow new --resume REF' finishes one, in your editor or with flags, and moves it into sessions/ in one step. Afterflow never deletes a draft on its own; one older than a week is pointed out.

            Examples:
              afterflow drafts
              afterflow new --resume 2F57 --intention "Listen." --mood-before 5
              afterflow drafts --format json | jq -r '.[].path'
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
    var format: ListFormat = .table

    func run() throws {
        let (store, _) = try vaultOptions.index()
        let zone = store.vault.timeZone
        let now = CommandClock.now
        // The index finds them; only their files are read.
        let paths = try withVaultErrors { try store.paths(where: "draft = 1 OR status = 'draft'") }
        let entries = paths.compactMap { path in (try? FileIO.read(store.vault.path(path))).map { VaultEntry(path: path, bytes: $0) } }
        let drafts = Draft.drafts(in: entries, now: now, timeZone: zone)

        if format == .json {
            emit(JSONValue.array(drafts.map { $0.json(timeZone: zone) }).serialized(pretty: true))
            return
        }
        guard !drafts.isEmpty else {
            emit("No drafts.")
            return
        }
        let term = Terminal.current
        // Columns as wide as their widest cell, the treatment left to the file's name (which
        // holds it) and the advice about old drafts on a line of its own: a row fits 100 columns.
        var rows: [[String]] = []
        var stale: [String] = []
        for draft in drafts {
            let id = draft.session.id.map { String($0.uuidString.prefix(8)) } ?? "(no id)"
            let needs = draft.missing.isEmpty ? draft.plannedFor.map { "planned for " + $0.shortString } ?? "ready to finish"
                                              : "missing " + draft.missing.joined(separator: ", ")
            rows.append([id, TimeSpan.words(draft.age), needs, store.vault.shownPath(draft.entry.path)])
            if draft.isStale { stale.append(id) }
        }
        for line in TextTable.lines(rows) { emit(line) }
        if !stale.isEmpty {
            emit(term.yellow("Older than a week: \(stale.joined(separator: ", ")); finish or delete \(stale.count == 1 ? "it" : "them")."))
        }
        if term.stdoutIsTTY, let first = drafts.first?.session.id {
            let hints = vaultOptions.hints
            emit(term.dim("Finish one with: " + hints.command("new", "--resume", String(first.uuidString.prefix(8)))
                          + " (or delete it: " + hints.command("delete", placeholder: "ID") + ")"))
        }
    }
}
