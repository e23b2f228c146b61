import Foundation
import Testing

/// One rule for a session's day and time in every command: the day and time its file writes,
/// whatever the offset; a time without an offset is in the vault's time zone (#10).
@Suite("a session's day and time")
struct SessionDayTests {
    /// Recorded in Tokyo, kept in a vault in Los Angeles: the same instant is Nov 20, 5 PM there.
    static let tokyo = """
        ---
        id: 7A1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2026-11-21T10:00:00+09:00
        treatment: ketamine
        mood_before: 4
        mood_after: 7
        status: complete
        tags: [travel]
        ---
        ## Intention

        Rest after the flight.

        ## Reflections

        Slept well.

        """

    /// No offset: 23:30 in the vault's time zone.
    static let local = """
        ---
        id: 8B2D3B9F-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2026-11-19T23:30:00
        treatment: lsd
        mood_before: 5
        status: needs-reflection
        ---
        ## Intention

        Late.

        """

    func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        try sandbox.write("vault/sessions/2026/2026-11-21-ketamine.md", Self.tokyo)
        try sandbox.write("vault/sessions/2026/2026-11-19-lsd.md", Self.local)
        return vault
    }

    @Test("list, show, both CSVs, JSON and HTML give the day and time the file writes")
    func everyOutput() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let list = try sandbox.run(["list", "--vault", vault])
            expectStatus(list, 0)
            #expect(list.stdoutLines.first?.hasPrefix("2026-11-21 10:00  Ketamine") == true, "\(list)")
            #expect(list.stdoutLines.last?.hasPrefix("2026-11-19 23:30  LSD") == true, "\(list)")

            let show = try sandbox.run(["show", "2026-11-21", "--vault", vault])
            expectStatus(show, 0)
            #expect(show.stdoutLines.dropFirst().first == "Sat Nov 21, 2026, 10:00 AM (+09:00)", "\(show)")

            let csv = try sandbox.run(["export", "csv", "--vault", vault])
            expectStatus(csv, 0)
            #expect(csv.stdout.contains("\n\"Nov 21, 2026 at 10:00 AM\",Ketamine,"), "\(csv)")
            #expect(csv.stdout.contains("\n\"Nov 19, 2026 at 11:30 PM\",LSD,"), "\(csv)")

            let full = try sandbox.run(["export", "csv", "--full", "--vault", vault])
            #expect(full.stdout.contains(",2026-11-21T10:00:00+09:00,ketamine,"), "\(full)")
            #expect(full.stdout.contains(",2026-11-19T23:30:00-08:00,lsd,"), "\(full)")

            let json = try sandbox.run(["export", "json", "--vault", vault])
            let dates = try #require(json.json as? [[String: Any]]).compactMap { $0["date"] as? String }
            #expect(dates == ["2026-11-21T10:00:00+09:00", "2026-11-19T23:30:00-08:00"])

            let html = try sandbox.run(["export", "html", "--vault", vault])
            #expect(html.stdout.contains("Saturday, Nov 21, 2026 at 10:00 AM (UTC+09:00)"))
            #expect(html.stdout.contains("Nov 19, 2026 to Nov 21, 2026"))
        }
    }

    @Test("--since and --until, references by day and stats per month go by the written day")
    func filters() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let day = try sandbox.run(["export", "csv", "--since", "2026-11-21", "--until", "2026-11-21", "--vault", vault])
            expectStatus(day, 0)
            #expect(day.stdoutLines.count == 2 && day.stdoutLines[1].hasPrefix("\"Nov 21, 2026 at 10:00 AM\",Ketamine"), "\(day)")
            let before = try sandbox.run(["list", "--until", "2026-11-20", "--format", "json", "--vault", vault])
            #expect((before.json as? [Any])?.count == 1, "\(before)")
            let twentieth = try sandbox.run(["list", "--since", "2026-11-20", "--until", "2026-11-20", "--vault", vault])
            #expect(twentieth.stdout == "No sessions match.\n", "\(twentieth)")

            expectStatus(try sandbox.run(["show", "2026-11-21", "--vault", vault]), 0)
            let noSession = try sandbox.run(["show", "2026-11-20", "--vault", vault])
            expectStatus(noSession, 1)

            let stats = try sandbox.run(["stats", "--format", "json", "--vault", vault])
            let object = try #require(stats.json as? [String: Any])
            #expect(object["first"] as? String == "2026-11-19")
            #expect(object["last"] as? String == "2026-11-21")
            #expect((object["per_month"] as? [String: Any])?["2026-11"] as? Int == 2)
        }
    }

    @Test("an exported row imports as the time it shows, and importing it again finds the session already there")
    func importBack() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            expectStatus(try sandbox.run(["export", "csv", "--vault", vault, "-o", "out.csv"]), 0)
            let again = try sandbox.run(["import", "csv", "out.csv", "--vault", vault])
            expectStatus(again, 0)
            #expect(again.stdout.contains("0 created, 2 skipped as duplicates"), "\(again)")

            let fresh = try sandbox.initVault("fresh")
            expectStatus(try sandbox.run(["import", "csv", "out.csv", "--vault", fresh]), 0)
            let list = try sandbox.run(["list", "--vault", fresh])
            #expect(list.stdoutLines.first?.hasPrefix("2026-11-21 10:00  Ketamine") == true, "\(list)")
        }
    }
}
