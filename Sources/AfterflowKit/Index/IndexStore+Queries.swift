import Foundation
import GRDB

extension IndexStore {
    /// The sessions `filter` asks for, in its order, with every field and text.
    public func sessions(_ filter: SessionFilter) throws(VaultError) -> [IndexedSession] {
        let (clause, arguments) = try filter.whereClause(timeZone: vault.timeZone)
        var sql = "SELECT \(IndexedSession.columns) FROM sessions \(IndexedSession.textsJoin) WHERE \(clause) ORDER BY \(filter.orderBy)"
        if let limit = filter.limit { sql += " LIMIT \(limit)" }
        return try query { db in try RawRow.all(db, sql: sql, arguments: arguments, IndexedSession.init) }
    }

    /// How many documents could not be read (they have errors), for the "see afterflow check" line.
    public func unreadableCount() throws(VaultError) -> Int {
        try query { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE errors > 0") ?? 0 }
    }

    /// The paths of the documents that have errors.
    public func pathsWithErrors() throws(VaultError) -> Set<String> {
        try query { db in
            Set(try RawRow.all(db, sql: "SELECT path FROM documents WHERE errors > 0", arguments: [], { $0.text(0) }))
        }
    }

    /// Every problem recorded for every document, files in path order.
    public func diagnostics() throws(VaultError) -> [Diagnostic] {
        try query { db in
            try Row.fetchAll(db, sql: "SELECT path, diagnostics FROM documents WHERE errors + warnings > 0 ORDER BY path")
                .flatMap { row in IndexStore.decodeDiagnostics(row[1], path: row[0]) }
        }
    }

    func query<T>(_ body: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try database.read(body)
        } catch let error as VaultError {
            throw error
        } catch {
            throw VaultError(.io, "cannot read the index \(path): \(error)",
                             details: ["The index is only a cache: 'afterflow index --rebuild' starts it again."])
        }
    }
}

// MARK: - Summary

/// What `afterflow index` reports: the vault at a glance.
public struct IndexSummary: Sendable {
    public var sessions = 0
    public var drafts = 0
    public var byStatus: [(SessionStatus, Int)] = []
    public var byTreatment: [(Treatment, Int)] = []
    public var first: String?
    public var last: String?
    public var averageMoodBefore: Double?
    public var averageMoodAfter: Double?
    public var documents = 0
    public var notes = 0
    public var unreadable = 0
}

extension IndexStore {
    /// The summary `index` prints: read back from the index when the last refresh saved it for
    /// the files as they are (`savedSummary`), else added up from the sessions and saved.
    public func summary() throws(VaultError) -> IndexSummary {
        if let saved = try savedSummary() { return saved }
        let (summary, digest) = try countedSummary()
        saveSummary(summary, for: digest)
        return summary
    }

    /// The summary added up from the index's rows, and the fingerprint of the files they are of
    /// (read in the same transaction).
    func countedSummary() throws(VaultError) -> (IndexSummary, String?) {
        try query { db in
            // One pass over the sessions, added up as `stats` does; drafts only counted.
            var tally = Statistics.Tally()
            var summary = IndexSummary()
            try RawRow.each(db, sql: "SELECT draft, day, treatment, status, mood_before, mood_after FROM sessions", arguments: []) { row in
                if row.int(0) == 1 {
                    summary.drafts += 1
                    return
                }
                tally.add(day: Statistics.Tally.day(row.bytes(1)), treatment: Treatment.rawValues.value(row.bytes(2)),
                          status: SessionStatus.rawValues.value(row.bytes(3)) ?? .draft, moodBefore: row.int(4), moodAfter: row.int(5))
            }
            let stats = tally.statistics
            summary.sessions = stats.sessions
            summary.byStatus = stats.byStatus
            summary.byTreatment = stats.byTreatment.map { ($0.treatment, $0.count) }
            summary.first = stats.first
            summary.last = stats.last
            summary.averageMoodBefore = stats.averageMoodBefore
            summary.averageMoodAfter = stats.averageMoodAfter
            summary.documents = try Int.fetchOne(db, sql: "SELECT count(*) FROM documents") ?? 0
            summary.notes = try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE kind = 'note'") ?? 0
            summary.unreadable = try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE errors > 0") ?? 0
            return (summary, try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'files'"))
        }
    }
}

// MARK: - Search

/// One hit of a full-text search.
public struct SearchHit: Sendable {
    public var session: IndexedSession
    /// The session's lines that hold the search's words, in file order, read from its file (none
    /// when the file changed so that it no longer holds them).
    public var lines: [SearchLine]
    /// The line to show for the session: the one holding the most terms, the first of those.
    public var best: SearchLine?
    /// BM25 relevance: lower is better (SQLite's convention).
    public var rank: Double
}

extension IndexStore {
    /// Ranked hits for `search` over every section; drafts only when asked for.
    ///
    /// The index ranks the sessions; then the files of the best `limit` are read and their
    /// matching lines found in one pass each (SQLite's snippet() is quadratic in the matches of a
    /// long section, and did not say which line its text came from).
    public func search(_ search: SearchQuery, includeDrafts: Bool, limit: Int) throws(VaultError) -> [SearchHit] {
        let ranked = """
            SELECT session_text.rowid, bm25(session_text) AS rank
            FROM session_text JOIN sessions ON sessions.rowid = session_text.rowid
            WHERE session_text MATCH ? \(includeDrafts ? "" : "AND sessions.draft = 0")
            ORDER BY rank, sessions.date DESC LIMIT \(limit)
            """
        // Rank first, then the rows of the best only (a common word matches most sessions).
        let found = try query { db -> [(IndexedSession, Double)] in
            let best = try RawRow.all(db, sql: ranked, arguments: [search.ftsQuery()]) { row in (row.int(0) ?? 0, row.double(1) ?? 0) }
            guard !best.isEmpty else { return [] }
            let rows = """
                SELECT \(IndexedSession.columns), sessions.rowid FROM sessions \(IndexedSession.textsJoin)
                WHERE sessions.rowid IN (\(best.map { String($0.0) }.joined(separator: ",")))
                """
            var sessions: [Int: IndexedSession] = [:]
            try RawRow.each(db, sql: rows, arguments: []) { row in sessions[row.int(19) ?? 0] = IndexedSession(row) }
            return best.compactMap { rowid, rank in sessions[rowid].map { ($0, rank) } }
        }
        let matcher = SearchMatcher(terms: search.terms)
        return found.map { session, rank in
            let lines = (try? FileIO.read(vault.path(session.path))).map { matcher.lines(in: Document(bytes: $0)) } ?? []
            return SearchHit(session: session, lines: lines, best: SearchMatcher.best(of: lines), rank: rank)
        }
    }
}

// MARK: - References

extension IndexStore: ReferenceSource {
    private func candidates(_ sql: String, _ arguments: StatementArguments) throws(VaultError) -> [ReferenceCandidate] {
        try query { db in
            try Row.fetchAll(db, sql: "SELECT path, id, date_text, treatment FROM sessions WHERE " + sql, arguments: arguments).map { row in
                ReferenceCandidate(path: row[0], id: row[1], date: (row[2] as String?).flatMap(LocalDate.parse),
                                   treatment: (row[3] as String?).flatMap(Treatment.init(rawValue:)))
            }
        }
    }

    public func candidates(onDay day: LocalDate) throws(VaultError) -> [ReferenceCandidate] {
        try candidates("day = ? ORDER BY path", [day.dayString])
    }

    public func candidates(nearDay day: LocalDate, limit: Int) throws(VaultError) -> [ReferenceCandidate] {
        try candidates("day IS NOT NULL ORDER BY abs(julianday(day) - julianday(?)), path LIMIT \(limit)", [day.dayString])
    }

    public func newestCandidate() throws(VaultError) -> ReferenceCandidate? {
        try candidates("draft = 0 AND date IS NOT NULL ORDER BY \(SessionSort.newest.orderBy) LIMIT 1", []).first
    }

    /// The sessions whose id starts with `prefix` (dashes optional, letters in either case), in
    /// order of path.
    public func candidates(idPrefix prefix: String) throws(VaultError) -> [ReferenceCandidate] {
        let (condition, arguments) = Self.idStarting(prefix)
        return try candidates(condition + " ORDER BY path", StatementArguments(arguments))
    }

    /// The condition on `id` of a table with an index on `upper(replace(id, '-', ''))` that holds
    /// the ids starting with `prefix`, dashes left out and letters in either case (what
    /// `id LIKE prefix% OR replace(id, '-', '') LIKE bare%` says), with its arguments. A prefix
    /// of ASCII letters, digits and dashes is a range of that index, read in a few pages at any
    /// size: matched row by row, `show ID` at 100,000 sessions read every row (48,000 page reads,
    /// half a second). Anything else (LIKE's wildcards `%` and `_`, other characters, nothing)
    /// is matched row by row, as before.
    static func idStarting(_ prefix: String) -> (String, [String]) {
        let bare = prefix.replacingOccurrences(of: "-", with: "")
        let key = bare.uppercased()
        let plain = !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) }
        guard plain, let last = key.utf8.last else {
            return ("(id LIKE ? OR replace(id, '-', '') LIKE ?)", [prefix + "%", bare + "%"])
        }
        // Every key starting with `key` is at least `key` and below `key` with its last
        // character (a digit or a capital) raised by one.
        let above = String(decoding: Array(key.utf8.dropLast()) + [last + 1], as: UTF8.self)
        return ("upper(replace(id, '-', '')) >= ? AND upper(replace(id, '-', '')) < ?", [key, above])
    }
}

// MARK: - Check

extension IndexStore {
    /// Every problem of every document, with an error on each file whose id another file of any
    /// kind (earlier by path) already has: what `check` reports, files in path order.
    public func problems() throws(VaultError) -> [Diagnostic] {
        var all = try diagnostics()
        // Every kind's table, so that a kind added later is covered without being named here.
        let ids = DocumentKind.allCases.map { "SELECT id, path FROM \($0.table)" }.joined(separator: " UNION ALL ")
        let duplicates = try query { db in
            try Row.fetchAll(db, sql: """
                WITH ids AS (\(ids))
                SELECT id, group_concat(path, char(10)) FROM (SELECT id, path FROM ids WHERE id IN
                    (SELECT id FROM ids WHERE id IS NOT NULL GROUP BY id HAVING count(*) > 1) ORDER BY path)
                GROUP BY id
                """).map { row -> (String, [String]) in
                let paths: String = row[1]
                return (row[0], paths.split(separator: "\n").map(String.init))
            }
        }
        for (id, paths) in duplicates {
            for path in paths.dropFirst() {
                let location = (try? FileIO.read(vault.path(path))).flatMap {
                    Document(bytes: $0).frontMatter?.entry("id")?.valueLocation
                } ?? SourceLocation(line: 1, column: 1)
                all.append(.duplicateID(id, firstPath: paths[0], at: location, path: path))
            }
        }
        return all.sorted { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
    }

    /// `problems()` of the documents at `paths` only (vault-relative), in the same order: their
    /// own problems, and the duplicate-id error of each whose id a document earlier by path also
    /// has. The index is asked only about those paths and the ids they hold, so the cost follows
    /// the paths, not the vault.
    public func problems(of paths: Set<String>) throws(VaultError) -> [Diagnostic] {
        guard !paths.isEmpty else { return [] }
        let asked = paths.sorted()
        var all: [Diagnostic] = []
        for part in IndexStore.parameterRuns(asked) {
            let marks = Array(repeating: "?", count: part.count).joined(separator: ", ")
            all += try query { db in
                try Row.fetchAll(db, sql: "SELECT path, diagnostics FROM documents WHERE errors + warnings > 0 AND path IN (\(marks)) ORDER BY path",
                                 arguments: StatementArguments(Array(part)))
                    .flatMap { row in IndexStore.decodeDiagnostics(row[1], path: row[0]) }
            }
        }
        let ids = Set(try documentIDs(whereColumn: "path", in: asked).map(\.id))
        for (id, holders) in UnsavedDocuments.pathsByID(try documentIDs(whereColumn: "id", in: ids.sorted())) {
            for path in holders.dropFirst() where paths.contains(path) {
                let location = (try? FileIO.read(vault.path(path))).flatMap {
                    Document(bytes: $0).frontMatter?.entry("id")?.valueLocation
                } ?? SourceLocation(line: 1, column: 1)
                all.append(.duplicateID(id, firstPath: holders[0], at: location, path: path))
            }
        }
        return all.sorted { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
    }

    /// The paths of the documents of any kind whose `id` is `id` (letters in either case), in
    /// path order: one, or more when ids are duplicated (which `problems` reports).
    public func paths(withID id: String) throws(VaultError) -> [String] {
        let ids = DocumentKind.allCases.map { "SELECT id, path FROM \($0.table)" }.joined(separator: " UNION ALL ")
        return try query { db in
            try RawRow.all(db, sql: "WITH ids AS (\(ids)) SELECT path FROM ids WHERE upper(id) = upper(?) ORDER BY path",
                           arguments: [id]) { $0.text(0) }
        }
    }

    /// The paths of the documents the index holds as one of `kinds` (`DocumentKind.rawValue`s), by path.
    public func documentPaths(ofKinds kinds: [String]) throws(VaultError) -> [String] {
        guard !kinds.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        return try query { db in
            try RawRow.all(db, sql: "SELECT path FROM documents WHERE kind IN (\(marks)) ORDER BY path", arguments: StatementArguments(kinds)) { $0.text(0) }
        }
    }

    /// How many documents the index holds.
    public func documentCount() throws(VaultError) -> Int {
        try query { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE kind != 'note'") ?? 0 }
    }
}

extension IndexStore {
    /// Paths of the sessions matching a condition on the `sessions` table's columns, by path.
    public func paths(where condition: String) throws(VaultError) -> [String] {
        try query { db in
            try RawRow.all(db, sql: "SELECT path FROM sessions WHERE \(condition) ORDER BY path") { $0.text(0) }
        }
    }
}
