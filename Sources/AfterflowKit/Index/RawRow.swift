#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import GRDBSQLite

/// The current row of a statement, read through SQLite's own accessors: texts as SQLite's bytes
/// when a `String` is not needed, and no generic decoding (GRDB's `row[index]` measured about
/// 1,000 instructions a value here, its generic metadata looked up at run time).
///
/// Valid only inside the closure `each` or `all` passes it to.
struct RawRow {
    let statement: SQLiteStatement

    /// Empty for NULL.
    func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> {
        let index = Int32(column)
        return UnsafeBufferPointer(start: sqlite3_column_text(statement, index), count: Int(sqlite3_column_bytes(statement, index)))
    }

    func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL
    }

    func string(_ column: Int) -> String? {
        isNull(column) ? nil : String(decoding: bytes(column), as: UTF8.self)
    }

    /// "" for NULL.
    func text(_ column: Int) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    func int(_ column: Int) -> Int? {
        isNull(column) ? nil : Int(sqlite3_column_int64(statement, Int32(column)))
    }

    func double(_ column: Int) -> Double? {
        isNull(column) ? nil : sqlite3_column_double(statement, Int32(column))
    }

    func bool(_ column: Int) -> Bool {
        sqlite3_column_int64(statement, Int32(column)) != 0
    }

    /// Visits every row of `sql`.
    static func each(_ db: Database, sql: String, arguments: StatementArguments = [], _ visit: (RawRow) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while try cursor.next() != nil { try visit(RawRow(statement: statement.sqliteStatement)) }
    }

    /// Every row of `sql`, read by `make`.
    static func all<T>(_ db: Database, sql: String, arguments: StatementArguments = [], _ make: (RawRow) throws -> T) throws -> [T] {
        var results: [T] = []
        try each(db, sql: sql, arguments: arguments) { results.append(try make($0)) }
        return results
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
    static let rawValues = ColumnNames()

    /// A treatment column read without a `String` for the app's nine; any other name is read as text.
    struct ColumnNames: Sendable {
        let cases: [(value: Treatment, bytes: [UInt8])] = Treatment.allCases.map { ($0, Array($0.rawValue.utf8)) }

        func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Treatment? {
            guard let start = bytes.baseAddress else { return nil }
            for candidate in cases where candidate.bytes.count == bytes.count {
                if candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) { return candidate.value }
            }
            return Treatment(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }
}

extension SessionStatus {
    static let rawValues = RawValues<SessionStatus>()
}
