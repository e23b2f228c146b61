import Foundation
import GRDB

/// A mood check-in as the index lists it.
public struct MoodListing: Sendable {
    public var path: String
    public var id: String?
    public var date: LocalDate?
    /// The local day as written, `2025-03-04`.
    public var day: String?
    public var score: Int?
    public var valence: Double?
    public var valenceClass: String?
    public var kind: String
    /// The labels chosen.
    public var labels: [String]
    /// The labels suggested and not chosen (`suggested_labels`).
    public var suggestedLabels: [String] = []
    public var associations: [String]
    public var source: String
    public var notes: String
}

extension IndexStore {
    /// Check-ins, newest first: between two local days (inclusive), with a label, with an
    /// association (names as the vocabulary writes them), at most `limit`.
    public func moodCheckIns(since: String? = nil, until: String? = nil, label: String? = nil, association: String? = nil,
                             limit: Int? = nil) throws(VaultError) -> [MoodListing] {
        let (clauses, arguments) = Self.moodClauses(since: since, until: until, label: label, association: association)
        var sql = """
            SELECT path, id, date_text, day, score, valence, valence_class, kind, labels, associations, source, notes, suggested_labels
            FROM moods
            WHERE \(clauses) ORDER BY date IS NULL, date DESC, length(path) DESC, path DESC
            """
        if let limit { sql += " LIMIT \(limit)" }
        return try query { db in try RawRow.all(db, sql: sql, arguments: arguments, IndexStore.moodListing) }
    }

    /// The check-ins with a date between two local days (inclusive), oldest first (by the instant
    /// the index holds, then path), handed to `visit` one at a time as they are read, inside the
    /// read: what `export fhir` streams, holding no list of them. An error `visit` throws ends the
    /// read and is thrown as it is.
    public func eachDatedMoodCheckIn(since: String? = nil, until: String? = nil,
                                     _ visit: (MoodListing) throws(VaultError) -> Void) throws(VaultError) {
        let (clauses, arguments) = Self.moodClauses(since: since, until: until, label: nil, association: nil)
        let sql = """
            SELECT path, id, date_text, day, score, valence, valence_class, kind, labels, associations, source, notes, suggested_labels
            FROM moods WHERE \(clauses) AND date IS NOT NULL ORDER BY date, path
            """
        try query { db in try RawRow.each(db, sql: sql, arguments: arguments) { row in try visit(IndexStore.moodListing(row)) } }
    }

    /// The ids of the check-ins with a date between two local days (inclusive), in the order of
    /// `moodCheckIns` (newest first); nil for one without an id. What a disclosure of them logs.
    public func datedMoodIDs(since: String? = nil, until: String? = nil) throws(VaultError) -> [String?] {
        var ids: [String?] = []
        try eachDatedMoodID(since: since, until: until) { ids.append($0) }
        return ids
    }

    /// `datedMoodIDs`, handed to `visit` one at a time as they are read, never held as a list.
    public func eachDatedMoodID(since: String? = nil, until: String? = nil,
                                _ visit: (String?) throws(VaultError) -> Void) throws(VaultError) {
        let (clauses, arguments) = Self.moodClauses(since: since, until: until, label: nil, association: nil)
        let sql = "SELECT id FROM moods WHERE \(clauses) AND date IS NOT NULL ORDER BY date DESC, length(path) DESC, path DESC"
        try query { db in try RawRow.each(db, sql: sql, arguments: arguments) { row in try visit(row.string(0)) } }
    }

    /// How many check-ins have a date between two local days (inclusive): `datedMoodIDs().count`.
    public func datedMoodCount(since: String? = nil, until: String? = nil) throws(VaultError) -> Int {
        let (clauses, arguments) = Self.moodClauses(since: since, until: until, label: nil, association: nil)
        let sql = "SELECT count(*) FROM moods WHERE \(clauses) AND date IS NOT NULL"
        return try query { db in try RawRow.all(db, sql: sql, arguments: arguments) { $0.int(0) ?? 0 } }.first ?? 0
    }

    /// A row of the check-in queries above, in the order of their columns.
    static func moodListing(_ row: RawRow) -> MoodListing {
        func names(_ text: String) -> [String] { IndexStore.names(ofJSONList: text) }
        return MoodListing(path: row.text(0), id: row.string(1), date: row.string(2).flatMap(LocalDate.parse), day: row.string(3),
                           score: row.int(4), valence: row.double(5), valenceClass: row.string(6), kind: row.text(7),
                           labels: names(row.text(8)), suggestedLabels: names(row.text(12)), associations: names(row.text(9)),
                           source: row.text(10), notes: row.text(11))
    }

    /// The check-ins `moods --trend` reads, as the trend takes them: only those with a date and a
    /// score, and only the five columns it uses. The index's `date` is the instant in seconds in
    /// the vault's time zone, as `LocalDate.epochSeconds(in:)` gives it, so nothing is parsed here:
    /// a row of the listing above (notes, path, id, the date's text) cost twice as much to read.
    public func moodTrendPoints(since: String? = nil, until: String? = nil, label: String? = nil,
                                association: String? = nil) throws(VaultError) -> [MoodTrend.Point] {
        let (clauses, arguments) = Self.moodClauses(since: since, until: until, label: label, association: association)
        let sql = """
            SELECT date, day, score, labels, associations FROM moods
            WHERE \(clauses) AND date IS NOT NULL AND day IS NOT NULL AND score IS NOT NULL ORDER BY date DESC
            """
        return try query { db in
            // Check-ins repeat the same few lists: each is split once.
            var lists: [String: [String]] = [:]
            func names(_ text: String) -> [String] {
                if let known = lists[text] { return known }
                let names = IndexStore.names(ofJSONList: text)
                lists[text] = names
                return names
            }
            return try RawRow.all(db, sql: sql, arguments: arguments) { row in
                MoodTrend.Point(time: row.int(0) ?? 0, day: row.text(1), score: row.int(2) ?? 0,
                                labels: names(row.text(3)), associations: names(row.text(4)))
            }
        }
    }

    /// The WHERE clauses of a check-in query: between two local days (inclusive), with a label,
    /// with an association.
    static func moodClauses(since: String?, until: String?, label: String?, association: String?) -> (String, StatementArguments) {
        var clauses = ["1"]
        var arguments: StatementArguments = []
        if let since { clauses.append("day >= ?"); arguments += [since] }
        if let until { clauses.append("day <= ?"); arguments += [until] }
        // The lists are JSON arrays of names without quotes or escapes: a quoted name matches one item exactly.
        if let label { clauses.append("instr(labels, ?) > 0"); arguments += ["\"\(label)\""] }
        if let association { clauses.append("instr(associations, ?) > 0"); arguments += ["\"\(association)\""] }
        return (clauses.joined(separator: " AND "), arguments)
    }

    /// `["happy","calm"]` → `[happy, calm]`: the lists the index writes, names without quotes or
    /// backslashes; anything else is read by JSONSerialization.
    static func names(ofJSONList text: String) -> [String] {
        guard text.utf8.first == UInt8(ascii: "["), text.utf8.last == UInt8(ascii: "]"), !text.utf8.contains(UInt8(ascii: "\\")) else {
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]) ?? []
        }
        // Bytes, not Foundation's trimming: that took a third of 'moods --trend' on 11,000 check-ins.
        return text.utf8.dropFirst().dropLast().split(separator: UInt8(ascii: ",")).map { part in
            func trimmed(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"") }
            var start = part.startIndex, end = part.endIndex
            while start < end, trimmed(part[start]) { start = part.index(after: start) }
            while end > start, trimmed(part[part.index(before: end)]) { end = part.index(before: end) }
            return String(decoding: part[start..<end], as: UTF8.self)
        }
    }
}
