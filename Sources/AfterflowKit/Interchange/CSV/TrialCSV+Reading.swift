import Foundation

extension TrialCSV {
    /// One problem of one row: its row (the header is row 1), its column's name, and what was
    /// expected and found. The same type as the session import's, so that both print alike.
    public typealias Problem = CSVImport.Problem

    /// A data row that reads as a trial.
    public struct Row: Sendable, Hashable {
        /// 1-based; the header is row 1.
        public var number: Int
        public var sessionID: UUID?
        /// The client's short name as written, trimmed (matched without case).
        public var client: String
        /// The session's day.
        public var date: LocalDate
        /// Without `line`; the goal as written, the cue level by its name in the vault's list.
        public var trial: Trial
        /// The `goal_title` column, which the import does not use: the goal's file has the title.
        public var goalTitle: String
    }

    /// The rows of one session: those with the same `session_id`, or without one, those of the
    /// same client and day. In the order of their first row.
    public struct Group: Sendable {
        public var sessionID: UUID?
        public var client: String
        public var date: LocalDate
        /// The trial rows.
        public var rows: [Row]
        /// The event rows, in file order.
        public var events: [EventRow] = []
        /// The `session-start` and `session-end` rows, at most one of each.
        public var marks: [MarkRow] = []
        /// The group's first row of any kind, which the others are checked against.
        var first: Int
    }

    /// What reading a file found: the good rows in their sessions, and every problem.
    public struct Reading: Sendable {
        /// Data rows, the header not counted.
        public var rows = 0
        public var groups: [Group] = []
        /// In row order, and in column order within a row.
        public var problems: [Problem] = []

        /// Rows with at least one problem, in order.
        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return problems.map(\.row).filter { seen.insert($0).inserted }.sorted()
        }
    }

    /// The columns a file must have; the others of `header` may be left out (a sheet typed from
    /// paper has no session ids or goal titles).
    public static let requiredColumns = ["client", "date", "time", "goal", "result", "cue"]

    /// Reads `text` (see `read(bytes:cues:)`).
    public static func read(_ text: String, cues: CueLevels) -> Reading {
        read(bytes: Array(text.utf8), cues: cues)
    }

    /// Reads and checks every row of a trial CSV, as `write` makes it and as a spreadsheet saves
    /// it: the columns of `header` in any order (those of `requiredColumns` at least), names
    /// without case; CRLF, CR or LF; a byte order mark; the `'` of the formula guard removed
    /// wherever the writer would have added it. Cue levels are read as `cues` reads them (a name,
    /// or a first letter or digit that names one level) and kept by their full name.
    ///
    /// A row's problems leave it out of its group. Rows naming one session id must agree on its
    /// client and day; a row that does not is a problem of that row.
    public static func read(bytes: [UInt8], cues: CueLevels) -> Reading {
        var reading = Reading()
        let csv = CSVReader(bytes: bytes)
        var rows = csv.rows[...]
        guard let header = rows.popFirst() else {
            reading.problems.append(csv.failure.map { Problem(row: $0.row, message: $0.message) }
                ?? Problem(row: 1, message: "expected the header \"\(TrialCSV.header.joined(separator: ","))\", found an empty file"))
            return reading
        }
        let columns: Columns
        switch Columns.read(header) {
        case .success(let found): columns = found
        case .failure(let problems):
            reading.problems += problems.list
            return reading
        }
        reading.rows = rows.count
        var groups: [GroupKey: Int] = [:]
        for row in rows {
            switch columns.row(row, cues: cues) {
            case .failure(let problems):
                reading.problems += problems.list
            case .success(let line):
                let head = line.head
                let key = head.sessionID.map(GroupKey.session) ?? .clientDay(head.client.lowercased(), head.date.dayString)
                let index: Int
                if let known = groups[key] {
                    if let problem = disagreement(head, with: reading.groups[known]) ?? twice(line, in: reading.groups[known]) {
                        reading.problems.append(problem)
                        continue
                    }
                    index = known
                } else {
                    index = reading.groups.count
                    groups[key] = index
                    reading.groups.append(Group(sessionID: head.sessionID, client: head.client, date: head.date, rows: [], first: head.number))
                }
                switch line {
                case .trial(let good): reading.groups[index].rows.append(good)
                case .event(let good): reading.groups[index].events.append(good)
                case .mark(let good): reading.groups[index].marks.append(good)
                }
            }
        }
        if let failure = csv.failure {
            reading.rows += 1
            reading.problems.append(Problem(row: failure.row, message: failure.message))
        }
        reading.problems.sort { ($0.row, columns.order($0.column)) < ($1.row, columns.order($1.column)) }
        return reading
    }

    enum GroupKey: Hashable {
        case session(UUID)
        case clientDay(String, String)
    }

    /// Why a row cannot join the session its id names: another client or another day.
    static func disagreement(_ row: Row.Head, with group: Group) -> Problem? {
        guard let id = group.sessionID else { return nil }
        let session = "session \(id.uuidString.uppercased())"
        if row.client.lowercased() != group.client.lowercased() {
            return Problem(row: row.number, column: "client",
                           message: "expected \(group.client), the client of \(session) in row \(group.first), found \(found(row.client))")
        }
        if row.date.dayString != group.date.dayString {
            return Problem(row: row.number, column: "date",
                           message: "expected \(group.date.dayString), the day of \(session) in row \(group.first), found \(found(row.date.dayString))")
        }
        return nil
    }

    /// A second `session-start` (or `session-end`) row for one session.
    static func twice(_ line: Line, in group: Group) -> Problem? {
        guard case .mark(let row) = line, let other = group.marks.first(where: { $0.mark == row.mark }) else { return nil }
        return Problem(row: row.number, column: "result",
                       message: "expected one \(row.mark.rawValue) row for a session, found a second (the first is row \(other.number))")
    }

    /// On one line (`⏎` for a line break), at most 60 characters with `…` when cut, or `nothing`.
    static func found(_ text: String) -> String {
        text.isEmpty ? "nothing" : "\"\(CSVImport.shortened(text))\""
    }
}
