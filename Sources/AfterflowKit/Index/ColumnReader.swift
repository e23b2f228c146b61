import GRDB

/// Reads the current row of a cursor column by column through SQLite's own accessors.
///
/// GRDB's generic `row[index]` decoding measured about 1,000 instructions a value (generic
/// metadata is looked up at run time across the module boundary); these non-generic
/// initialisers read the statement directly.
struct ColumnReader {
    let row: Row
    let statement: SQLiteStatement

    func string(_ index: Int) -> String? {
        row.hasNull(atIndex: index) ? nil : String(sqliteStatement: statement, index: CInt(index))
    }

    func text(_ index: Int) -> String {
        string(index) ?? ""
    }

    func int(_ index: Int) -> Int? {
        row.hasNull(atIndex: index) ? nil : Int(sqliteStatement: statement, index: CInt(index))
    }

    func double(_ index: Int) -> Double? {
        row.hasNull(atIndex: index) ? nil : Double(sqliteStatement: statement, index: CInt(index))
    }

    func bool(_ index: Int) -> Bool {
        Bool(sqliteStatement: statement, index: CInt(index))
    }

    /// Every row of `sql`, read by `make`.
    static func all<T>(_ db: Database, sql: String, arguments: StatementArguments = [], _ make: (ColumnReader) throws -> T) throws -> [T] {
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var results: [T] = []
        while let row = try cursor.next() {
            results.append(try make(ColumnReader(row: row, statement: statement.sqliteStatement)))
        }
        return results
    }
}
