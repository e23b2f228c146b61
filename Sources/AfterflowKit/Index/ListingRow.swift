import GRDB

/// One session of a listing, read in place from SQLite's own buffers: what `afterflow list` needs
/// to print thousands of lines without building an `IndexedSession`, and its strings, for each.
///
/// Valid only inside the closure `IndexStore.listing` passes it to.
package struct ListingRow {
    let row: RawRow

    static let columns = "date_text, treatment, mood_before, mood_after, status, intention_start, path"

    /// The canonical date text (`2024-12-10T14:30:00-08:00` or `2024-12-10`); empty without a date.
    package var dateText: UnsafeBufferPointer<UInt8> { row.bytes(0) }
    package var treatment: Treatment? { Treatment.rawValues.value(row.bytes(1)) }
    package var moodBefore: Int? { row.int(2) }
    package var moodAfter: Int? { row.int(3) }
    package var status: SessionStatus { SessionStatus.rawValues.value(row.bytes(4)) ?? .draft }
    /// The start of the intention (its first line, at most 400 characters).
    package var intention: UnsafeBufferPointer<UInt8> { row.bytes(5) }
    /// Vault-relative.
    package var path: UnsafeBufferPointer<UInt8> { row.bytes(6) }
}

extension IndexStore {
    /// Visits the sessions `filter` asks for, in its order, as listing rows.
    package func listing(_ filter: SessionFilter, _ visit: (ListingRow) -> Void) throws(VaultError) {
        let (clause, arguments) = try filter.whereClause(timeZone: vault.timeZone)
        var sql = "SELECT \(ListingRow.columns) FROM sessions WHERE \(clause) ORDER BY \(filter.orderBy)"
        if let limit = filter.limit { sql += " LIMIT \(limit)" }
        try query { db in try RawRow.each(db, sql: sql, arguments: arguments) { visit(ListingRow(row: $0)) } }
    }
}
