#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import GRDBSQLite

/// One session of a listing, read in place from SQLite's own buffers: what `afterflow list` needs
/// to print thousands of lines without building an `IndexedSession`, and its strings, for each.
///
/// Valid only inside the closure `IndexStore.listing` passes it to.
package struct ListingRow {
    let statement: SQLiteStatement

    static let columns = "date_text, treatment, mood_before, mood_after, status, intention_start, path"

    /// The canonical date text (`2024-12-10T14:30:00-08:00` or `2024-12-10`); empty without a date.
    package var dateText: UnsafeBufferPointer<UInt8> { bytes(0) }
    package var treatment: Treatment? { ListingRow.treatments.value(bytes(1)) }
    package var moodBefore: Int? { int(2) }
    package var moodAfter: Int? { int(3) }
    package var status: SessionStatus { ListingRow.statuses.value(bytes(4)) ?? .draft }
    /// The start of the intention (its first line, at most 400 characters).
    package var intention: UnsafeBufferPointer<UInt8> { bytes(5) }
    /// Vault-relative.
    package var path: UnsafeBufferPointer<UInt8> { bytes(6) }

    private func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
    }

    static let treatments = RawValues<Treatment>()
    static let statuses = RawValues<SessionStatus>()

    private func int(_ column: Int32) -> Int? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, column))
    }
}

/// An enumeration's raw values as bytes, to read a column without making a `String` of it.
struct RawValues<Value: CaseIterable & RawRepresentable & Sendable>: Sendable where Value.RawValue == String {
    let cases: [(value: Value, bytes: [UInt8])] = Value.allCases.map { ($0, Array($0.rawValue.utf8)) }

    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let start = bytes.baseAddress else { return nil }
        for candidate in cases where candidate.bytes.count == bytes.count {
            if candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) { return candidate.value }
        }
        return nil
    }
}

extension IndexStore {
    /// Visits the sessions `filter` asks for, in its order, as listing rows.
    package func listing(_ filter: SessionFilter, _ visit: (ListingRow) -> Void) throws(VaultError) {
        let (clause, arguments) = try filter.whereClause(timeZone: vault.timeZone)
        var sql = "SELECT \(ListingRow.columns) FROM sessions WHERE \(clause) ORDER BY \(filter.sort.orderBy)"
        if let limit = filter.limit { sql += " LIMIT \(limit)" }
        try query { db in
            let statement = try db.makeStatement(sql: sql)
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while try cursor.next() != nil { visit(ListingRow(statement: statement.sqliteStatement)) }
        }
    }
}
