import AfterflowKit
import ArgumentParser
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List sessions, newest first.",
        discussion: """
            One line a session: date, treatment, mood before → after, status, and the intention's first line. Drafts are not part of the journal; add --drafts to see them too.

            Examples:
              afterflow list
              afterflow list --status needs-reflection
              afterflow list --treatment ketamine --limit 5
              afterflow list --format paths | xargs grep -l ocean
              afterflow list --format json | jq '.[].mood_after'
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("Only this treatment.", valueName: "name"))
    var treatment: String?

    @Option(help: ArgumentHelp("Only this status: draft, needs-reflection or complete.", valueName: "status"))
    var status: String?

    @Flag(help: "Include the drafts in .afterflow/drafts/.")
    var drafts = false

    @Option(help: ArgumentHelp("At most this many sessions.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("table (for people), json, or paths (one a line, for xargs and editors).", valueName: "format"))
    var format: OutputFormat = .table

    func validate() throws {
        if let treatment, Treatment(parsing: treatment) == nil {
            throw ValidationError("--treatment must be one of \(Treatment.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(treatment)\"")
        }
        if let status, SessionStatus(parsing: status) == nil {
            throw ValidationError("--status must be draft, needs-reflection or complete, found \"\(status)\"")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let catalog = try vaultOptions.catalog()
        let vault = catalog.vault
        let zone = vault.timeZone
        let wantedTreatment = treatment.flatMap(Treatment.init(parsing:))
        let wantedStatus = status.flatMap(SessionStatus.init(parsing:))
        let pool = drafts || wantedStatus == .draft ? catalog.entries.filter { $0.session != nil } : catalog.sessions
        var rows: [(entry: VaultEntry, session: Session, time: Int)] = pool.compactMap { entry in
            guard let session = entry.session else { return nil }
            return (entry, session, session.date?.epochSeconds(in: zone) ?? Int.min)
        }
        let all = rows
        rows = rows.filter { row in
            (wantedTreatment == nil || row.session.treatment == wantedTreatment)
                && (wantedStatus == nil || row.session.status == wantedStatus)
        }
        rows.sort { $0.time != $1.time ? $0.time > $1.time : $0.entry.path < $1.entry.path }
        if let limit { rows = Array(rows.prefix(limit)) }

        let broken = catalog.entries.filter { $0.diagnostics.hasErrors }.count + catalog.unreadable.count
        switch format {
        case .json:
            emit(JSONValue.array(rows.map { $0.session.json(path: $0.entry.path, timeZone: zone) }).serialized(pretty: true))
        case .paths:
            if !rows.isEmpty { emit(rows.map(\.entry.path).joined(separator: "\n")) }
        case .table:
            let term = Terminal.current
            let text = SessionText(term: term, timeZone: zone)
            if rows.isEmpty {
                emit(all.isEmpty ? "No sessions yet. Record one with: afterflow new" : "No sessions match.")
            }
            if !rows.isEmpty { emit(rows.map { text.row($0.session) }.joined(separator: "\n")) }
            if term.stdoutIsTTY && !rows.isEmpty {
                emit("")
                emit(term.dim(summary(all.map(\.session), shown: rows.count)))
            }
        }
        if broken > 0 {
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35") + " \(broken) file\(broken == 1 ? "" : "s") could not be read; run 'afterflow check' to see why")
        }
    }

    private func summary(_ sessions: [Session], shown: Int) -> String {
        var counts: [SessionStatus: Int] = [:]
        for session in sessions { counts[session.status, default: 0] += 1 }
        var parts: [String] = []
        if let n = counts[.complete] { parts.append("\(n) complete") }
        if let n = counts[.needsReflection] { parts.append("\(n) need\(n == 1 ? "s" : "") reflection") }
        if let n = counts[.draft] { parts.append("\(n) draft\(n == 1 ? "" : "s")") }
        let head = shown == sessions.count ? "\(sessions.count) sessions" : "\(shown) of \(sessions.count) sessions"
        return head + ": " + parts.joined(separator: ", ")
    }
}
