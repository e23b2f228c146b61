import Foundation

/// Plans the import of a trial CSV (`TrialCSV`) into a practice: which trial sessions to create,
/// which trials to add to sessions the vault has, which trials it has already, and every problem.
/// Pure: it reads nothing and writes nothing; the command writes the plan, and writes nothing
/// while `problems` is not empty unless asked to import the good rows.
///
/// Each group of rows (a session) is matched thus:
/// - a `session_id` the vault has: the trials are added to that session, which must be the same
///   client's and on the same day; a trial it has already is skipped.
/// - a `session_id` the vault does not have: a new session with that id, so that a file exported
///   from one vault and imported into another keeps its ids.
/// - no `session_id`: a new session, after skipping the trials that the client's sessions of that
///   day have already (so that importing a sheet twice adds nothing). It is never added to an
///   existing session, which only an id names for certain.
///
/// A new session starts on its day at the minute of its first trial, in the vault's time zone,
/// with `recorded_on: import` and no `end`, location or observer, which the CSV does not carry;
/// a session with behaviour events starts and ends at its `session-start` and `session-end`
/// rows when it has them, so that its rates are taken over the same observed time. Those two
/// rows of a session the vault has are read past: its file has its own start and end.
/// Trials are written by time of day, so that a sheet sorted by goal still gives a file in the
/// order the trials happened; added trials go after the session's own.
///
/// A trial is a duplicate of one the session has when time, goal, result, cue and note are the
/// same; an event, when its line would be the same. Duplicates are counted one for one: a file with three identical rows where the session
/// has one such trial adds two (trials typed from paper often share a time).
public enum TrialImport {
    /// A new trial session file.
    public struct Create: Sendable {
        /// `clients/maya-t/sessions/2025/2025-01-14-1502.md`, vault-relative: free among the
        /// client's sessions and the plan's other new files. The command still checks the disk,
        /// and takes `-2`, `-3`… before `.md` when the name is taken.
        public var path: String
        /// The file in its canonical form (`TrialSessionWriter`).
        public var text: String
        public var sessionID: UUID
        /// The client's short name, as its folder writes it.
        public var client: String
        /// In the order they are written: by time of day, rows of the same time in file order.
        public var trials: [Trial]
        /// The behaviour events, in the order they are written.
        public var events: [BehaviourEvent] = []
        /// The rows the trials come from, then those the events come from.
        public var rows: [Int]
    }

    /// Trials to add to the end of the `## Trials` of a session the vault has.
    public struct Append: Sendable {
        public var path: String
        public var sessionID: UUID
        public var client: String
        /// By time of day, rows of the same time in file order.
        public var trials: [Trial]
        /// By time of day, rows of the same time in file order.
        public var events: [BehaviourEvent] = []
        /// The trials' rows, then the events'.
        public var rows: [Int]
    }

    /// What an import would do.
    public struct Plan: Sendable {
        /// Data rows in the file.
        public var rows = 0
        public var creates: [Create] = []
        public var appends: [Append] = []
        /// Trials (rows) skipped because the session has them already.
        public var duplicatesSkipped: Int { duplicateRows.count }
        public var duplicateRows: [Int] = []
        /// In row order, and in column order within a row.
        public var problems: [TrialCSV.Problem] = []

        /// Rows rejected for a problem said once, at another row: the rows after the first that
        /// name the same client the vault does not have.
        public var sameProblemRows: [Int] = []

        /// Rows with at least one problem, in order.
        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return (problems.map(\.row) + sameProblemRows).filter { seen.insert($0).inserted }.sorted()
        }

        /// Trials the plan writes, new sessions and additions together.
        public var trialCount: Int { creates.reduce(0) { $0 + $1.trials.count } + appends.reduce(0) { $0 + $1.trials.count } }

        /// Behaviour events the plan writes, new sessions and additions together.
        public var eventCount: Int { creates.reduce(0) { $0 + $1.events.count } + appends.reduce(0) { $0 + $1.events.count } }
    }

    /// Dates more than 8 hours after `now` are refused, as the session import refuses them.
    public static let futureAllowance = CSVImport.futureAllowance

    /// Reads `text` with the vault's cue levels and plans its import into the practice `records`.
    public static func plan(_ text: String, records: [ClientRecord], cues: CueLevels, timeZone: TimeZone, now: Date,
                            newID: () -> UUID = { UUID() }) -> Plan {
        plan(TrialCSV.read(text, cues: cues), records: records, timeZone: timeZone, now: now, newID: newID)
    }

    /// Plans the import of `reading` into the practice `records` (every client's folder).
    /// `timeZone` is the vault's; `now` stamps `created` and bounds the dates; `newID` gives the
    /// ids of sessions the file does not name.
    public static func plan(_ reading: TrialCSV.Reading, records: [ClientRecord], timeZone: TimeZone, now: Date,
                            newID: () -> UUID = { UUID() }) -> Plan {
        var planner = Planner(records: records, timeZone: timeZone, now: now)
        var plan = Plan(rows: reading.rows, problems: reading.problems)
        for group in reading.groups {
            planner.plan(group, into: &plan, newID: newID)
        }
        let order = Dictionary(TrialCSV.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        plan.problems.sort { ($0.row, $0.column.flatMap { order[$0] } ?? -1) < ($1.row, $1.column.flatMap { order[$0] } ?? -1) }
        sayClientsOnce(&plan)
        plan.duplicateRows.sort()
        return plan
    }

    /// A client the vault does not have is said once, at its first row, with how many rows name
    /// it; its other rows are rejected all the same (`sameProblemRows`).
    static func sayClientsOnce(_ plan: inout Plan) {
        var first: [String: Int] = [:]
        var rows: [String: Int] = [:]
        var kept: [TrialCSV.Problem] = []
        for problem in plan.problems {
            guard problem.column == "client" else {
                kept.append(problem)
                continue
            }
            rows[problem.message, default: 0] += 1
            if first[problem.message] == nil {
                first[problem.message] = kept.count
                kept.append(problem)
            } else {
                plan.sameProblemRows.append(problem.row)
            }
        }
        for (message, index) in first where (rows[message] ?? 0) > 1 {
            kept[index].message += " (the same for all \(rows[message] ?? 0) rows of this client)"
        }
        plan.problems = kept
    }
}
