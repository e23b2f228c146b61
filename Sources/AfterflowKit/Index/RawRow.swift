#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import GRDBSQLite

/// The current row of a statement, read through SQLite's own accessors: texts as SQLite's bytes,
/// without a `String` made for each. For queries that visit every session (listing, statistics).
///
/// Valid only inside the closure `each` passes it to.
struct RawRow {
    let statement: SQLiteStatement

    /// Empty for NULL.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
    }

    func int(_ column: Int32) -> Int? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, column))
    }

    /// Visits every row of `sql`.
    static func each(_ db: Database, sql: String, arguments: StatementArguments, _ visit: (RawRow) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while try cursor.next() != nil { try visit(RawRow(statement: statement.sqliteStatement)) }
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

extension Treatment {
    static let rawValues = RawValues<Treatment>()
}

extension SessionStatus {
    static let rawValues = RawValues<SessionStatus>()
}
