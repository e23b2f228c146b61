import Foundation
import GRDB

/// Which sessions a query wants, and in what order: the filters of `list`, `stats` and the exports.
public struct SessionFilter: Sendable {
    public var treatments: [Treatment] = []
    public var statuses: [SessionStatus] = []
    /// Seconds since 1970, inclusive: sessions from the day this instant falls on, in the vault's
    /// time zone, compared with each session's own day as written (as references and statistics do).
    public var since: Int?
    /// Seconds since 1970, exclusive: sessions before the day this instant falls on (so a period's
    /// end, the first second after it, keeps its last day).
    public var until: Int?
    /// Words that must all appear in the intention or the reflections (case- and accent-blind).
    public var search: String?
    public var conditions: [KeyCondition] = []
    /// Tags that must all be present.
    public var tags: [String] = []
    public var includeDrafts = false
    public var sort: SessionSort = .newest
    public var limit: Int?

    public init() {}

    /// The `WHERE` clause (without the keyword) and its arguments.
    func whereClause(timeZone: TimeZone) throws(VaultError) -> (String, StatementArguments) {
        func day(_ instant: Int) -> String {
            LocalDate(Date(timeIntervalSince1970: TimeInterval(instant)), in: timeZone).dayString
        }
        var clauses: [String] = []
        var arguments = StatementArguments()
        if !includeDrafts && !statuses.contains(.draft) { clauses.append("sessions.draft = 0") }
        if !treatments.isEmpty {
            clauses.append("sessions.treatment IN (\(treatments.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(treatments.map(\.rawValue))
        }
        if !statuses.isEmpty {
            clauses.append("sessions.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(statuses.map(\.rawValue))
        }
        if let since {
            clauses.append("sessions.day >= ?")
            arguments += [day(since)]
        }
        if let until {
            // The first second after a period is midnight of the next day: that day is excluded.
            clauses.append("sessions.day < ?")
            arguments += [day(until)]
        }
        if let search, !search.isBlank {
            let query = try SearchQuery(search).ftsQuery(columns: ["intention", "reflections"])
            clauses.append("sessions.rowid IN (SELECT rowid FROM session_text WHERE session_text MATCH ?)")
            arguments += [query]
        }
        for tag in tags {
            clauses.append("EXISTS (SELECT 1 FROM json_each(sessions.tags) WHERE lower(value) = lower(?))")
            arguments += [tag]
        }
        for condition in conditions {
            let (sql, values) = condition.sql()
            clauses.append(sql)
            arguments += values
        }
        return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), arguments)
    }

    /// The `ORDER BY` of the filter's sort. A period's sessions are found through their day
    /// (`sessions_by_day`) and then put in order: ordered by the plain column, SQLite walks the
    /// whole date index instead to keep its order, reading every row of the table (280 ms at
    /// 100,000 sessions for the newest 1,000, against 4 ms).
    var orderBy: String {
        guard since != nil || until != nil else { return sort.orderBy }
        return sort.orderBy.replacingOccurrences(of: "sessions.date ", with: "+sessions.date ")
    }
}

/// The orders of `list`.
public enum SessionSort: String, CaseIterable, Sendable {
    case newest, oldest
    case moodLift = "mood-lift"

    var orderBy: String {
        switch self {
        case .newest: return "sessions.date DESC, sessions.path"
        case .oldest: return "sessions.date ASC, sessions.path"
        case .moodLift: return "(sessions.mood_after - sessions.mood_before) IS NULL, (sessions.mood_after - sessions.mood_before) DESC, sessions.date DESC, sessions.path"
        }
    }
}

/// `KEY=VALUE`, `KEY!=VALUE`, `KEY>N`, `KEY<N`, `KEY>=N`, `KEY<=N` on any front-matter key.
public struct KeyCondition: Sendable, Hashable {
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "=", notEqual = "!=", greater = ">", less = "<", greaterOrEqual = ">=", lessOrEqual = "<="
    }

    public var key: String
    public var op: Operator
    public var value: String

    /// Reads `mood_after>6`; nil when there is no operator or no key.
    public init?(parsing text: String) {
        let operators: [Operator] = [.notEqual, .greaterOrEqual, .lessOrEqual, .equal, .greater, .less]
        for op in operators {
            guard let range = text.range(of: op.rawValue) else { continue }
            // The first operator in the text wins (`a=b>c` is a = "b>c").
            let earlier = operators.compactMap { text.range(of: $0.rawValue)?.lowerBound }.min()
            guard range.lowerBound == earlier else { continue }
            let key = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { return nil }
            self.key = key.replacingOccurrences(of: "-", with: "_")
            self.op = op
            value = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if (op != .equal && op != .notEqual) && Double(value) == nil { return nil }
            return
        }
        return nil
    }

    /// The keys derived from others rather than read from the file: `music_provider`, from `music`.
    public static let derivedKeys = ["music_provider"]

    func sql() -> (String, StatementArguments) {
        if key == "music_provider" {
            // Derived from the link, offline; a session without one has no provider.
            let provider = "afterflow_music_provider(sessions.music)"
            switch op {
            case .equal: return ("coalesce(\(provider) = lower(?), 0)", [value])
            case .notEqual: return ("NOT coalesce(\(provider) = lower(?), 0)", [value])
            default: return ("0", [])
            }
        }
        // Keys are quoted in the JSON path so that any name works.
        let path = "$.\"" + key.replacingOccurrences(of: "\"", with: "") + "\""
        let keys = "(SELECT keys FROM session_texts WHERE session_texts.rowid = sessions.rowid)"
        switch op {
        case .equal:
            return ("""
                (lower(json_extract(\(keys), ?)) = lower(?) OR (json_type(\(keys), ?) = 'array' AND \
                EXISTS (SELECT 1 FROM json_each(\(keys), ?) WHERE lower(value) = lower(?))))
                """, [path, value, path, path, value])
        case .notEqual:
            return ("""
                NOT (coalesce(lower(json_extract(\(keys), ?)) = lower(?), 0) OR (json_type(\(keys), ?) = 'array' AND \
                EXISTS (SELECT 1 FROM json_each(\(keys), ?) WHERE lower(value) = lower(?))))
                """, [path, value, path, path, value])
        default:
            // Only values that are numbers: a number, or text made only of a number (`"5"`).
            return ("""
                (json_type(\(keys), ?) IN ('integer', 'real') OR (json_type(\(keys), ?) = 'text' \
                AND trim(json_extract(\(keys), ?)) GLOB '*[0-9]*' AND trim(json_extract(\(keys), ?)) NOT GLOB '*[^0-9.+-]*')) \
                AND CAST(json_extract(\(keys), ?) AS REAL) \(op.rawValue) ?
                """, [path, path, path, path, path, Double(value) ?? 0])
        }
    }
}
