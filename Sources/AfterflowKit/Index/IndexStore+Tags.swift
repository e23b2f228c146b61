import GRDB

/// A tag and how many sessions have it, for `afterflow tags`.
public struct TagCount: Sendable, Equatable {
    /// As most of its sessions spell it, in lower case on a tie (`Grief` and `grief` are one tag,
    /// as `--tag` finds them).
    public var tag: String
    public var sessions: Int

    public init(tag: String, sessions: Int) {
        self.tag = tag
        self.sessions = sessions
    }
}

extension IndexStore {
    /// Every tag of the sessions `filter` selects (its sort and limit do not apply), with the
    /// number of sessions that have it: the most used first, then by name. Tags that differ only
    /// in case are one tag, counted once a session.
    public func tagCounts(_ filter: SessionFilter) throws(VaultError) -> [TagCount] {
        var filter = filter
        filter.limit = nil
        let (clause, arguments) = try filter.whereClause(timeZone: vault.timeZone)
        let sql = "SELECT sessions.rowid, tag.value FROM sessions, json_each(sessions.tags) AS tag WHERE \(clause) AND tag.type = 'text'"
        var groups: [String: (sessions: Set<Int>, spellings: [String: Int])] = [:]
        try query { db in
            try RawRow.each(db, sql: sql, arguments: arguments) { row in
                let spelling = row.text(1)
                guard !spelling.isEmpty else { return }
                let key = spelling.lowercased()
                var group = groups[key] ?? ([], [:])
                group.sessions.insert(row.int(0) ?? 0)
                group.spellings[spelling, default: 0] += 1
                groups[key] = group
            }
        }
        return groups.values.map { group in
            // The most used spelling; on a tie, the lower-case one, else the first by code point.
            let spelling = group.spellings.max { a, b in
                if a.value != b.value { return a.value < b.value }
                let (aLower, bLower) = (a.key == a.key.lowercased(), b.key == b.key.lowercased())
                return aLower != bLower ? bLower : a.key > b.key
            }?.key ?? ""
            return TagCount(tag: spelling, sessions: group.sessions.count)
        }
        .sorted { $0.sessions != $1.sessions ? $0.sessions > $1.sessions : ($0.tag.lowercased(), $0.tag) < ($1.tag.lowercased(), $1.tag) }
    }
}
