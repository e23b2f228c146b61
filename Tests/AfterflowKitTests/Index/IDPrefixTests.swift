@testable import AfterflowKit
import GRDB
import Testing

/// An id prefix found as a range of the index of ids without dashes in capitals
/// (`IndexStore.idStarting`) names exactly the ids that the row-by-row match named before:
/// `id LIKE prefix% OR replace(id, '-', '') LIKE bare%`, which SQLite itself evaluates here as
/// the oracle, on ids of every shape a file may hold.
@Suite struct IDPrefixTests {
    static let ids = [
        "6F1C2A8E-5B3D-4C1A-9E2F-0A1B2C3D4E5F",   // upper case, dashed
        "6f1c2a8e-5b3d-4c1a-9e2f-0a1b2c3d4e60",   // lower case: the same prefix in either case
        "6F1c2A8e5B3D4C1A9E2F0A1B2C3D4E61",       // mixed case, no dashes
        "6F-1C2A8E",                              // a dash where a UUID has none
        "6F1C9",                                  // short, shares 6F1C
        "6F1CZZ",                                 // letters past F
        "6F1D0000-0000-4000-8000-000000000000",   // just above the 6F1C range
        "6F1B0000-0000-4000-8000-000000000000",   // just below it
        "6F1C:",                                  // the character after 9 in ASCII
        "6F1C\u{E9}",                             // a letter outside ASCII
        "A_1", "A%1", "AB",                       // LIKE's wildcards, as characters of an id
        "DD10",
    ]

    /// 6F1C: 8 ids (both UUIDs, the mixed-case one, the odd dash, 6F1C9, 6F1CZZ, 6F1C: and 6F1Cé); 6F1C2A8E5B: the three UUIDs of that start, typed
    /// without the dash; 6f1c-2a: dashes anywhere in what is typed; 9 and Z end a range whose
    /// upper bound is : and [ ; A_ and A% are LIKE's wildcards (A_ matches A_1, A%1 and AB;
    /// A% every id starting with A), matched row by row as before; an accented letter is not
    /// ASCII and is matched row by row too.
    @Test(arguments: ["6F1C", "6f1c", "6F1C2A8E5B", "6f1c-2a", "6F-1C", "6F1C9", "6F1CZ", "9", "Z", "6F1D", "DD",
                      "A_", "A%", "6F1C\u{E9}", "6F1C:", "X"])
    func theRangeNamesWhatTheRowByRowMatchNamed(prefix: String) throws {
        let database = try DatabaseQueue()
        try database.write { db in
            try db.execute(sql: "CREATE TABLE sessions (path TEXT PRIMARY KEY, id TEXT)")
            try db.execute(sql: "CREATE INDEX sessions_by_bare_id ON sessions(upper(replace(id, '-', '')))")
            for (number, id) in Self.ids.enumerated() {
                try db.execute(sql: "INSERT INTO sessions VALUES (?, ?)", arguments: ["s\(number).md", id])
            }
        }
        let (condition, arguments) = IndexStore.idStarting(prefix)
        let bare = prefix.replacingOccurrences(of: "-", with: "")
        let (found, expected, plan) = try database.read { db in
            (try String.fetchAll(db, sql: "SELECT id FROM sessions WHERE \(condition) ORDER BY id", arguments: StatementArguments(arguments)),
             try String.fetchAll(db, sql: "SELECT id FROM sessions WHERE id LIKE ? OR replace(id, '-', '') LIKE ? ORDER BY id",
                                 arguments: [prefix + "%", bare + "%"]),
             try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM sessions WHERE \(condition)", arguments: StatementArguments(arguments))
                .map { $0["detail"] as String? ?? "" }.joined(separator: "; "))
        }
        #expect(found == expected)
        if prefix.uppercased() == "6F1C" { #expect(found.count == 8) }
        // A prefix of ASCII letters, digits and dashes is a search of the index, not a scan.
        let plain = prefix.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        #expect(plan.contains("USING INDEX sessions_by_bare_id") == plain, "\(plan)")
    }

    /// The hand-counted answers of the table above, so that a change to both queries is seen.
    @Test func theRangeOf6F1CHoldsEveryCaseAndDash() throws {
        let (condition, arguments) = IndexStore.idStarting("6f1c")
        #expect(condition == "upper(replace(id, '-', '')) >= ? AND upper(replace(id, '-', '')) < ?")
        #expect(arguments == ["6F1C", "6F1D"])
        #expect(IndexStore.idStarting("6F1C9").1 == ["6F1C9", "6F1C:"])
        #expect(IndexStore.idStarting("z").1 == ["Z", "["])
        #expect(IndexStore.idStarting("-").0 == "(id LIKE ? OR replace(id, '-', '') LIKE ?)")
    }
}
