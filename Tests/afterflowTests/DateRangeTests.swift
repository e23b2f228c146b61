import Foundation
import Testing

/// Years from 1900 to 9999 only, four digits, and no offset that does not read back (#9 item 11).
@Suite("dates out of range")
struct DateRangeTests {
    @Test("new, set and import refuse a year before 1900; nothing is written")
    func refused() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let new = try sandbox.run(["new", "--vault", vault, "--date", "1850-06-01 10:00", "--treatment", "lsd",
                                       "--intention", "x", "--mood-before", "5"])
            expectStatus(new, 64)
            #expect(new.stderr.contains("--date: the year must be from 1900 to 9999, found 1850"))
            #expect(sandbox.files(under: "vault/sessions").isEmpty)

            try sandbox.write("old.csv", ImportTests.header + "\n\"Jan 1, 0001 at 12:00 AM\",LSD,Oral,x,5,,,")
            let imported = try sandbox.run(["import", "csv", "old.csv", "--vault", vault])
            expectStatus(imported, 1)
            #expect(imported.stderr.contains("old.csv:2: column \"Date\": expected a year from 1900 to 9999, found \"Jan 1, 0001 at 12:00 AM\""))
            #expect(sandbox.files(under: "vault/sessions").isEmpty)

            let made = try sandbox.run(["new", "--vault", vault, "--date", "1960-06-01 10:00", "--treatment", "lsd",
                                        "--intention", "x", "--mood-before", "5", "--remind", "none"])
            expectStatus(made, 0)
            let set = try sandbox.run(["set", "--vault", vault, "1960-06-01", "date=1899-12-31 23:00"])
            expectStatus(set, 64)
            #expect(set.stderr.contains("date: the year must be from 1900 to 9999, found 1899"))
        }
    }

    @Test("a session in a zone still on local mean time exports at the time it was written, and imports back")
    func localMeanTime() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Africa/Monrovia")
            let made = try sandbox.run(["new", "--vault", vault, "--date", "1960-06-01 10:00", "--treatment", "lsd",
                                        "--intention", "x", "--mood-before", "5", "--remind", "none"])
            expectStatus(made, 0)
            let file = try #require(sandbox.files(under: "vault/sessions").first)
            #expect(try sandbox.readText("vault/sessions/" + file).contains("\ndate: 1960-06-01T10:00:00\n"))
            let exported = try sandbox.run(["export", "csv", "--vault", vault, "-o", "a.csv"])
            expectStatus(exported, 0)
            #expect(try sandbox.readText("a.csv").contains("\"Jun 1, 1960 at 10:00 AM\",LSD"))
            let fresh = try sandbox.initVault("fresh", timeZone: "Africa/Monrovia")
            expectStatus(try sandbox.run(["import", "csv", "a.csv", "--vault", fresh]), 0)
            let again = try sandbox.run(["export", "csv", "--vault", fresh])
            #expect(again.stdoutData == (try sandbox.read("a.csv")))
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }
}
