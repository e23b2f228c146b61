import AfterflowKit
import ArgumentParser
import Foundation

enum ListKind: String, ExpressibleByArgument, CaseIterable {
    case session, trials, client, goal, mood
}

/// `text` as a period (a day, a month, `last-week`, …) for the option named `option`; a
/// validation error naming the forms when it is none.
func queryDate(_ text: String, _ option: String, zone: TimeZone) throws -> QueryDate {
    guard let date = QueryDate(text, now: CommandClock.now, timeZone: zone) else {
        throw ValidationError("\(option) must be \(QueryDate.forms), found \"\(text.visible())\"")
    }
    return date
}

/// A day range of --since/--until as inclusive local days (`2025-01-01`…`2025-01-31`).
func dayRange(since: String?, until: String?, zone: TimeZone) throws -> (since: String?, until: String?) {
    func day(_ instant: Int) -> String { LocalDate(Date(timeIntervalSince1970: TimeInterval(instant)), in: zone).dayString }
    let range = (try since.map { day(try queryDate($0, "--since", zone: zone).start) },
                 try until.map { day(try queryDate($0, "--until", zone: zone).end - 1) })
    if let problem = QueryDate.orderProblem(since: since, until: until, now: CommandClock.now, timeZone: zone) { throw ValidationError(problem.visible()) }
    return range
}

/// `list --kind trials|client|goal|mood`: one kind's documents from the index, as the kind's
/// lister prints them (`KindLister`: one a kind, in the kind's command folder). Sessions are
/// `list`'s own.
struct KindListing {
    let vaultOptions: VaultOptions
    let kind: ListKind
    let client: String?
    let since: String?
    let until: String?
    let limit: Int?
    let format: OutputFormat

    /// The kinds `list --kind` prints besides sessions: one line a kind.
    static var listers: [any KindLister.Type] { [TrialsLister.self, ClientLister.self, GoalLister.self, MoodLister.self] }

    /// What a lister is given: the open index, the client asked for, the day range.
    struct Context {
        let listing: KindListing
        let practice: Practice
        let short: String?
        let range: (since: String?, until: String?)
        let term: Terminal
    }

    func run() throws {
        let practice = try Practice(vaultOptions)
        let short = try client.map { text in try withVaultErrors { try practice.store.resolveClient(text) } }
        let range = try dayRange(since: since, until: until, zone: practice.zone)
        guard let lister = KindListing.listers.first(where: { $0.kind == kind }) else { return }
        try lister.list(Context(listing: self, practice: practice, short: short, range: range, term: Terminal.current))
        if lister.warnsItself { return }
        try practice.index.warnProblems(practice.report, hints: vaultOptions.hints)
    }

    func output(_ header: [String], _ rows: [[String]], paths: [String], numeric: Set<Int>, empty: String, term: Terminal) throws {
        switch format {
        case .json:
            emit(JSONValue.array(rows.map { row in
                .object(zip(header, row).enumerated().map { i, pair in
                    (pair.0, numeric.contains(i) ? (Int(pair.1).map(JSONValue.int) ?? .null) : (pair.1.isEmpty ? .null : .string(pair.1)))
                })
            }).serialized(pretty: true))
        case .csv:
            emit(([CSVWriter.guardedRow(header)] + rows.map(CSVWriter.guardedRow)).joined(separator: "\n"))
        case .paths:
            // As they are for programs; on a terminal with their control characters shown (as `list` does).
            if !paths.isEmpty { emit(paths.map { term.stdoutIsTTY ? $0.visible() : $0 }.joined(separator: "\n")) }
        case .table:
            if rows.isEmpty {
                emit(empty)
                return
            }
            // The path is for scripts: the table leaves it out.
            let shown = [header.dropLast().map { $0.uppercased().replacingOccurrences(of: "_", with: " ") }] + rows.map { Array($0.dropLast()) }
            for (i, line) in TextTable.lines(shown, rightAligned: numeric).enumerated() { emit(i == 0 ? term.bold(line) : line) }
        }
    }
}

/// What `list --kind` prints of one kind: conformed to in the kind's command folder.
protocol KindLister {
    /// The `--kind` value.
    static var kind: ListKind { get }
    /// Whether `list` leaves the index's warnings to the lister (one that runs another listing).
    static var warnsItself: Bool { get }
    static func list(_ context: KindListing.Context) throws
}

extension KindLister {
    static var warnsItself: Bool { false }
}
