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

    /// A draft untouched for longer than this is pointed out, in seconds.
    static let staleAge = 7 * 86_400

    func run() throws {
        let (store, _) = try vaultOptions.index()
        let zone = store.vault.timeZone
        let now = Clock.now
        // The index finds them; only their files are read.
        let paths = try withVaultErrors { try store.paths(where: "draft = 1 OR status = 'draft'") }
        let entries = paths.compactMap { path in (try? FileIO.read(store.vault.path(path))).map { VaultEntry(path: path, bytes: $0) } }
        let drafts: [(entry: VaultEntry, session: Session, age: Int)] = entries.compactMap { entry in
            guard let session = entry.session, entry.isDraft || session.status == .draft else { return nil }
            let since = session.created ?? session.date
            let age = since.map { Int(now.timeIntervalSince1970) - $0.epochSeconds(in: zone) } ?? 0
            return (entry, session, max(0, age))
        }
        .sorted { $0.age != $1.age ? $0.age > $1.age : $0.entry.path < $1.entry.path }

        if format == .json {
            emit(JSONValue.array(drafts.map { draft in
                .object([
                    ("id", draft.session.id.map { .string($0.uuidString) } ?? .null),
                    ("path", .string(draft.entry.path)),
                    ("date", draft.session.date.map { .string($0.canonical(in: zone)) } ?? .null),
                    ("treatment", draft.session.treatment.map { .string($0.rawValue) } ?? .null),
                    ("age_seconds", .int(draft.age)),
                    ("missing", .array(Drafts.missing(draft.session).map { .string($0.replacingOccurrences(of: " ", with: "_")) })),
                    ("planned", .bool(draft.entry.isDraft && (draft.session.date?.isAfter(now, in: zone) ?? false))),
                    ("older_than_a_week", .bool(draft.age > Drafts.staleAge)),
                ])
            }).serialized(pretty: true))
            return
        }
        guard !drafts.isEmpty else {
            emit("No drafts.")
            return
        }
        let term = Terminal.current
        for draft in drafts {
            let id = draft.session.id.map { String($0.uuidString.prefix(8)) } ?? "(no id) "
            let age = TimeSpan.words(draft.age).padding(toLength: 10, withPad: " ", startingAt: 0)
            let treatment = (draft.session.treatment?.displayName ?? "?").padding(toLength: 10, withPad: " ", startingAt: 0)
            let missing = Drafts.missing(draft.session)
            let planned = draft.entry.isDraft ? draft.session.date.flatMap { $0.isAfter(now, in: zone) ? $0 : nil } : nil
            let needs = (missing.isEmpty ? planned.map { "planned for " + $0.shortString } ?? "ready to finish"
                                         : "missing " + missing.joined(separator: ", "))
                .padding(toLength: 30, withPad: " ", startingAt: 0)
            var line = "\(id)  \(age)  \(treatment)  \(needs)  \(store.vault.shownPath(draft.entry.path))"
            if draft.age > Drafts.staleAge { line += "  " + term.yellow("older than a week; finish or delete it") }
            emit(line)
        }
        if term.stdoutIsTTY, let first = drafts.first?.session.id {
            let hints = vaultOptions.hints
            emit(term.dim("Finish one with: " + hints.command("new", "--resume", String(first.uuidString.prefix(8)))
                          + " (or delete it: " + hints.command("delete", placeholder: "ID") + ")"))
        }
    }

    /// `intention`, `mood before`: what keeps the session a draft.
    static func missing(_ session: Session) -> [String] {
        var missing: [String] = []
        if session.intention.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { missing.append("intention") }
        if session.moodBefore == nil { missing.append("mood before") }
        return missing
    }
}
