import Foundation
import Testing

/// `export trials csv` and `import trials csv` carry behaviour events: ExampleVault's sam-r
/// (count, duration with start and stop, interval and ABC goals) exported, imported into a copy
/// of ExampleVault without sam-r's sessions, and `summary` gives each session the same figures.
/// (A second observer's record is not the client's session: the export leaves the two out.)
@Suite("trial CSV with behaviour events, end to end")
struct TrialCSVEventsTests {
    /// Sam's five sessions, as the repository names them.
    static let days = ["2025-03-03-0900", "2025-03-10-0900", "2025-03-17-0900", "2025-03-24-0900", "2025-03-31-0900"]

    /// The behaviour figures of `summary FILE --format json`.
    static func behaviour(_ sandbox: Sandbox, _ vault: String, _ file: String) throws -> String {
        let result = try sandbox.run(["summary", file, "--format", "json"], directory: vault)
        expectStatus(result, 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        let figures = try #require(object["behaviour"] as? [[String: Any]], "\(object)")
        return String(decoding: try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("sam-r exported and imported into a vault without his sessions: the same event lines and the same summary figures")
    func roundTrip() throws {
        try withSandbox { sandbox in
            let example = try sandbox.copyExampleVault("example")
            let empty = try sandbox.copyExampleVault("empty")
            try FileManager.default.removeItem(atPath: empty + "/clients/sam-r/sessions")

            let exported = try sandbox.run(["export", "trials", "csv", "--client", "sam-r", "-o", sandbox.path("sam.csv")], directory: example)
            expectStatus(exported, 0)
            // Sam has no trials; his event lines, by hand from the files: 2025-03-10 has 48 and
            // the others are counted by `grep -c` below, the two session rows not among them.
            let lines = try Self.days.reduce(0) { sum, day in
                try sum + sandbox.readText(example + "/clients/sam-r/sessions/2025/\(day).md").split(separator: "\n").filter { $0.hasPrefix("- ") }.count
            }
            #expect(exported.stderr.contains("Wrote 0 trials and \(lines) events to"), "\(exported)")

            let imported = try sandbox.run(["import", "trials", "csv", sandbox.path("sam.csv")], directory: empty)
            expectStatus(imported, 0)
            #expect(imported.stdout.contains("Imported "), "\(imported)")
            #expect(imported.stdout.contains("0 trials and \(lines) events into 5 sessions (5 new), 0 skipped as duplicates, 0 rows rejected."), "\(imported)")
            #expect(imported.stdout.contains("  + clients/sam-r/sessions/2025/2025-03-10-0900.md  (0 trials, 48 events)\n"), "\(imported)")

            let check = try sandbox.run(["check"], directory: empty)
            expectStatus(check, 0)

            // Each session by its id; the new files are named for their start, as the originals.
            let made = sandbox.files(under: empty + "/clients/sam-r/sessions/2025")
            #expect(made == Self.days.map { $0 + ".md" }, "\(made)")
            for day in Self.days {
                let original = try sandbox.readText(example + "/clients/sam-r/sessions/2025/\(day).md")
                let id = try #require(original.split(separator: "\n").first { $0.hasPrefix("id: ") })
                let copy = try #require(try made.first { try sandbox.readText(empty + "/clients/sam-r/sessions/2025/" + $0).contains(id + "\n") }, "\(day)")
                let copyText = try sandbox.readText(empty + "/clients/sam-r/sessions/2025/" + copy)
                let events = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("- ") } }
                #expect(events(copyText) == events(original), "\(day)")
                #expect(try Self.behaviour(sandbox, empty, "clients/sam-r/sessions/2025/" + copy)
                        == Self.behaviour(sandbox, example, "clients/sam-r/sessions/2025/\(day).md"), "\(day)")
            }

            // Importing again adds nothing.
            let again = try sandbox.run(["import", "trials", "csv", sandbox.path("sam.csv")], directory: empty)
            expectStatus(again, 0)
            #expect(again.stdout.contains("0 trials into 0 sessions (0 new), \(lines) skipped as duplicates, 0 rows rejected."), "\(again)")
        }
    }

    @Test("a row of an event of another measure is refused with its row and column, and nothing is written")
    func wrongMeasure() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write(sandbox.path("bad.csv"), "client,date,time,goal,result,cue\nsam-r,2025-04-07,09:05:00,hitting,start,\n")
            let result = try sandbox.run(["import", "trials", "csv", sandbox.path("bad.csv")], directory: vault)
            #expect(result.status != 0)
            #expect(result.stderr.contains("bad.csv:2: column \"result\": expected an event of hitting's measure (measure: count in clients/sam-r/goals/hitting.md), found a duration event, \"start\""), "\(result)")
            #expect(!sandbox.exists(vault + "/clients/sam-r/sessions/2025/2025-04-07-0905.md"))
        }
    }
}
