import Foundation
import Testing

/// A small vault whose every answer is worked out by hand (time zone America/Los_Angeles):
///
/// | file                                | date                       | treatment  | mood  | status           |
/// |-------------------------------------|----------------------------|------------|-------|------------------|
/// | sessions/2024/2024-03-02-ketamine   | 2024-03-02T10:00:00-08:00  | ketamine   | 4→7   | complete, [grief]|
/// | sessions/2024/2024-05-18-psilocybin | 2024-05-18T19:30:00-07:00  | psilocybin | 5→9   | complete, facilitator: Maya, music notes |
/// | sessions/2024/2024-07-04-mdma       | 2024-07-04 (a day)         | mdma       | 6→–   | needs-reflection |
/// | sessions/2025/2025-01-10-ketamine   | 2025-01-10T09:00:00-08:00  | ketamine   | 3→6   | complete         |
/// | .afterflow/drafts/2025-02-01-lsd    | 2025-02-01T10:00:00-08:00  | lsd        | –     | draft            |
enum IndexVault {
    static let a = "sessions/2024/2024-03-02-ketamine.md"
    static let b = "sessions/2024/2024-05-18-psilocybin.md"
    static let c = "sessions/2024/2024-07-04-mdma.md"
    static let d = "sessions/2025/2025-01-10-ketamine.md"
    static let draft = ".afterflow/drafts/2025-02-01-lsd.md"

    static func file(_ id: String, _ date: String, _ treatment: String, _ keys: String, intention: String,
                     music: String = "", reflections: String) -> String {
        "---\nid: \(id)\ndate: \(date)\ntreatment: \(treatment)\n\(keys)---\n## Intention\n\n\(intention)\n\n"
            + "## Environment\n\nClinic room.\n\n## Music\n\n\(music.isEmpty ? "" : music + "\n\n")## Reflections\n\n\(reflections)"
    }

    static let files: [(String, String)] = [
        // Line 23 is "The tide was gentle today."
        (a, file("A0000000-0000-4000-8000-000000000001", "2024-03-02T10:00:00-08:00", "ketamine",
                 "mood_before: 4\nmood_after: 7\nstatus: complete\ntags: [grief]\n",
                 intention: "Let the grief soften.", reflections: "Line one of the reflections.\nThe tide was gentle today.\n")),
        (b, file("B0000000-0000-4000-8000-000000000002", "2024-05-18T19:30:00-07:00", "psilocybin",
                 "mood_before: 5\nmood_after: 9\nstatus: complete\nfacilitator: Maya\n",
                 intention: "Meet the forest.", music: "Bach cello suites.", reflections: "Felt held by the café owner's song.\n")),
        (c, file("C0000000-0000-4000-8000-000000000003", "2024-07-04", "mdma", "mood_before: 6\nstatus: needs-reflection\n",
                 intention: "Open up.", reflections: "")),
        (d, file("D0000000-0000-4000-8000-000000000004", "2025-01-10T09:00:00-08:00", "ketamine",
                 "mood_before: 3\nmood_after: 6\nstatus: complete\n", intention: "Start the year.", reflections: "Quiet, steady.\n")),
        (draft, file("E0000000-0000-4000-8000-000000000005", "2025-02-01T10:00:00-08:00", "lsd", "status: draft\n",
                     intention: "", reflections: "")),
    ]

    /// Makes the vault in `sandbox` and returns its path.
    static func make(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        for (path, text) in files { try sandbox.write(vault + "/" + path, text) }
        return vault
    }
}

/// Reads CSV (RFC 4180: quoted fields, doubled quotes, commas and newlines inside quotes).
func parseCSV(_ text: String) -> [[String]] {
    let characters = Array(text)
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var i = 0
    while i < characters.count {
        let c = characters[i]
        i += 1
        if quoted {
            if c != "\"" {
                field.append(c)
            } else if i < characters.count && characters[i] == "\"" {
                field.append("\"")
                i += 1
            } else {
                quoted = false
            }
            continue
        }
        switch c {
        case "\"": quoted = true
        case ",": row.append(field); field = ""
        case "\n": row.append(field); rows.append(row); row = []; field = ""
        default: field.append(c)
        }
    }
    if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
    return rows
}

@Suite("index, list, search and stats on the index")
struct IndexCommandTests {
    @Test("index prints what it did and the vault at a glance")
    func indexText() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let first = try sandbox.run(["index"], directory: vault)
            expectStatus(first, 0)
            #expect(first.stderr == "", "no progress bar and nothing else when stderr is not a terminal")
            let lines = first.stdoutLines
            #expect(lines.first?.hasPrefix("Updated the index: 5 added (5 files, ") == true, "\(first)")
            #expect(Array(lines.dropFirst()) == [
                "",
                "Sessions     4  (1 needs reflection, 3 complete)",
                "Drafts       1  (in .afterflow/drafts/)",
                "Dates        2024-03-02 to 2025-01-10",
                "Mood         4.5 before, 7.3 after, on average",  // 18 / 4; 22 / 3
                "Treatments   Ketamine 2, MDMA 1, Psilocybin 1",
            ])
            let again = try sandbox.run(["index"], directory: vault)
            #expect(again.stdoutLines.first?.hasPrefix("The index is up to date (5 files, ") == true, "\(again)")
            let rebuilt = try sandbox.run(["index", "--rebuild"], directory: vault)
            #expect(rebuilt.stdoutLines.first?.hasPrefix("Rebuilt the index (5 files, ") == true, "\(rebuilt)")
            #expect(Array(rebuilt.stdoutLines.dropFirst()) == Array(lines.dropFirst()))
        }
    }

    @Test("index --format json: the summary and what the refresh did")
    func indexJSON() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            func run(_ extra: [String] = []) throws -> [String: Any] {
                let result = try sandbox.run(["index", "--format", "json"] + extra, directory: vault)
                expectStatus(result, 0)
                #expect(result.stderr == "")
                return try #require(result.json as? [String: Any], "\(result)")
            }
            let json = try run()
            #expect(json["sessions"] as? Int == 4)
            #expect(json["drafts"] as? Int == 1)
            #expect(json["by_status"] as? [String: Int] == ["needs-reflection": 1, "complete": 3])
            #expect(json["by_treatment"] as? [String: Int] == ["ketamine": 2, "mdma": 1, "psilocybin": 1])
            #expect(json["first"] as? String == "2024-03-02")
            #expect(json["last"] as? String == "2025-01-10")
            // Numbers, as a JSON parser reads them (#10), rounded to two decimals.
            #expect(json["average_mood_before"] as? Double == 4.5)
            #expect(json["average_mood_after"] as? Double == 7.33)
            #expect(json["average_mood_after"] as? String == nil)
            #expect(json["documents"] as? Int == 5)
            #expect(json["plain_notes"] as? Int == 0)
            #expect(json["unreadable"] as? Int == 0)
            func refresh(_ json: [String: Any]) -> [String: Int]? { json["refresh"] as? [String: Int] }
            #expect(refresh(json) == ["added": 5, "changed": 0, "removed": 0, "touched": 0, "unchanged": 0])
            #expect(refresh(try run()) == ["added": 0, "changed": 0, "removed": 0, "touched": 0, "unchanged": 5])
            // A new modification time, the same bytes.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                                  ofItemAtPath: vault + "/" + IndexVault.a)
            #expect(refresh(try run()) == ["added": 0, "changed": 0, "removed": 0, "touched": 1, "unchanged": 4])
            try sandbox.write(vault + "/" + IndexVault.d, try sandbox.readText(vault + "/" + IndexVault.d) + "More.\n")
            try FileManager.default.removeItem(atPath: vault + "/" + IndexVault.c)
            let edited = try run()
            #expect(refresh(edited) == ["added": 0, "changed": 1, "removed": 1, "touched": 0, "unchanged": 3])
            #expect(edited["sessions"] as? Int == 3)
            #expect(refresh(try run(["--rebuild"])) == ["added": 4, "changed": 0, "removed": 0, "touched": 0, "unchanged": 0])
        }
    }

    @Test("the index is readable by its owner alone, however it was made")
    func fileMode() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let index = vault + "/.afterflow/index.sqlite"
            expectStatus(try sandbox.run(["list"], directory: vault), 0)
            #expect(try sandbox.mode(index) == 0o600)
            expectStatus(try sandbox.run(["index", "--rebuild"], directory: vault), 0)
            #expect(try sandbox.mode(index) == 0o600)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
            expectStatus(try sandbox.run(["stats"], directory: vault), 0)
            #expect(try sandbox.mode(index) == 0o600)
            for suffix in ["-wal", "-shm"] where sandbox.exists(index + suffix) {
                #expect(try sandbox.mode(index + suffix) == 0o600, "\(suffix)")
            }
        }
    }

    @Test("list answers from the index", arguments: [
        ([String](), [IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a]),
        (["--sort", "oldest"], [IndexVault.a, IndexVault.b, IndexVault.c, IndexVault.d]),
        // Lifts: b +4, d +3 and a +3 (newest first), c none.
        (["--sort", "mood-lift"], [IndexVault.b, IndexVault.d, IndexVault.a, IndexVault.c]),
        (["--drafts"], [IndexVault.draft, IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a]),
        (["--limit", "2"], [IndexVault.d, IndexVault.c]),
        (["--treatment", "ketamine"], [IndexVault.d, IndexVault.a]),
        (["--treatment", "mdma,psilocybin"], [IndexVault.c, IndexVault.b]),
        (["--status", "needs-reflection"], [IndexVault.c]),
        (["--since", "2024-05", "--until", "2024-07"], [IndexVault.c, IndexVault.b]),
        (["--until", "2024-07-04"], [IndexVault.c, IndexVault.b, IndexVault.a]),
        (["--search", "cafe"], [IndexVault.b]),
        (["--search", "TIDE"], [IndexVault.a]),
        (["--where", "facilitator=Maya"], [IndexVault.b]),
        (["--where", "mood_after>=7"], [IndexVault.b, IndexVault.a]),
        (["--where", "mood-before<5", "--where", "mood_after<7"], [IndexVault.d]),
        (["--tag", "GRIEF"], [IndexVault.a]),
    ])
    func list(_ arguments: [String], _ expected: [String]) throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let result = try sandbox.run(["list", "--format", "paths"] + arguments, directory: vault)
            expectStatus(result, 0)
            #expect(result.stdoutLines == expected)
            #expect(result.stderr == "")
        }
    }

    @Test("list --format csv has a header and one parsable row a session")
    func csv() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let result = try sandbox.run(["list", "--format", "csv"], directory: vault)
            expectStatus(result, 0)
            let rows = parseCSV(result.stdout)
            #expect(rows.first == ["date", "treatment", "administration", "dose", "mood_before", "mood_after", "status", "tags", "intention", "path"])
            #expect(rows.dropFirst().map { $0.last ?? "" } == [IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a])
            #expect(rows.allSatisfy { $0.count == 10 }, "\(rows)")
            #expect(rows.count == 5 && rows[4] == ["2024-03-02T10:00:00-08:00", "ketamine", "", "", "4", "7", "complete", "grief",
                                                   "Let the grief soften.", IndexVault.a])
            #expect(rows.count == 5 && rows[2] == ["2024-07-04", "mdma", "", "", "6", "", "needs-reflection", "", "Open up.", IndexVault.c])
        }
    }

    @Test("list --format json is an array of the sessions' keys and texts")
    func json() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let result = try sandbox.run(["list", "--format", "json", "--where", "facilitator=Maya"], directory: vault)
            expectStatus(result, 0)
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(row["path"] as? String == IndexVault.b)
            #expect(row["date"] as? String == "2024-05-18T19:30:00-07:00")
            #expect(row["mood_before"] as? Int == 5 && row["mood_after"] as? Int == 9)
            #expect(row["facilitator"] as? String == "Maya")
            #expect(row["reflections"] as? String == "Felt held by the café owner's song.")
        }
    }

    @Test("search prints path:line: snippet, the line being the match's", arguments: [
        (["tide"], "sessions/2024/2024-03-02-ketamine.md:23: The tide was gentle today."),
        (["grief"], "sessions/2024/2024-03-02-ketamine.md:12: Let the grief soften."),
        (["CAFE"], "sessions/2024/2024-05-18-psilocybin.md:24: Felt held by the café owner's song."),
        (["cello"], "sessions/2024/2024-05-18-psilocybin.md:20: Bach cello suites."),
        (["\"held by\"", "song"], "sessions/2024/2024-05-18-psilocybin.md:24: Felt held by the café owner's song."),
        (["open"], "sessions/2024/2024-07-04-mdma.md:10: Open up."),
    ])
    func search(_ arguments: [String], _ line: String) throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let result = try sandbox.run(["search"] + arguments, directory: vault)
            expectStatus(result, 0)
            #expect(result.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) } == [line])
            #expect(result.stderr == "")
        }
    }

    @Test("search --format json, a search from outside the vault, and no hits")
    func searchJSONAndMisses() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let json = try sandbox.run(["search", "tide", "--format", "json"], directory: vault)
            expectStatus(json, 0)
            let hits = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(hits.count == 1)
            #expect(hits.first?["path"] as? String == IndexVault.a)
            #expect(hits.first?["line"] as? Int == 23)
            #expect(hits.first?["section"] as? String == "reflections")
            #expect((hits.first?["snippet"] as? String)?.contains("The tide was gentle") == true)
            let outside = try sandbox.run(["search", "tide", "--vault", "vault"])
            expectStatus(outside, 0)
            #expect(outside.stdoutLines.first?.hasPrefix("vault/" + IndexVault.a + ":23: ") == true, "\(outside)")
            let none = try sandbox.run(["search", "lighthouse"], directory: vault)
            expectStatus(none, 1)
            #expect(none.stdout == "")
            #expect(none.stderr == "No session mentions lighthouse.\n")
        }
    }

    @Test("stats --format json: every figure")
    func stats() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let result = try sandbox.run(["stats", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            let json = try #require(result.json as? [String: Any], "\(result)")
            #expect(json["sessions"] as? Int == 4)
            #expect(json["by_status"] as? [String: Int] == ["needs-reflection": 1, "complete": 3])
            // Numbers, as a JSON parser reads them (#10), rounded to two decimals.
            #expect(json["average_mood_before"] as? Double == 4.5)    // 4 5 6 3
            #expect(json["average_mood_after"] as? Double == 7.33)    // 7 9 6
            #expect(json["average_lift"] as? Double == 3.33)          // 3 4 3
            #expect(result.stdout.contains("\"average_mood_before\": 4.5,"))
            let treatments = try #require(json["by_treatment"] as? [[String: Any]])
            func figures(_ row: [String: Any]) -> [String] {
                [row["treatment"] as? String ?? "?"]
                    + ["average_mood_before", "average_mood_after", "average_lift"].map { (row[$0] as? Double).map { String(format: "%.2f", $0) } ?? "null" }
                    + ["\(row["sessions"] as? Int ?? -1)"]
            }
            #expect(treatments.map(figures) == [
                ["ketamine", "3.50", "6.50", "3.00", "2"],  // 4 3; 7 6; 3 3
                ["mdma", "6.00", "null", "null", "1"],
                ["psilocybin", "5.00", "9.00", "4.00", "1"],
            ])
            #expect(json["per_month"] as? [String: Int] == [
                "2024-03": 1, "2024-04": 0, "2024-05": 1, "2024-06": 0, "2024-07": 1, "2024-08": 0, "2024-09": 0,
                "2024-10": 0, "2024-11": 0, "2024-12": 0, "2025-01": 1,
            ])
            // 03-02 → 05-18: 77 days; → 07-04: 47; → 2025-01-10: 27+31+30+31+30+31+10 = 190.
            let gap = try #require(json["longest_gap"] as? [String: Any])
            #expect(gap["days"] as? Int == 190 && gap["from"] as? String == "2024-07-04" && gap["to"] as? String == "2025-01-10")
            #expect(json["reflections_owed"] as? Int == 1)
            #expect(json["first"] as? String == "2024-03-02" && json["last"] as? String == "2025-01-10")
            let ketamine = try sandbox.run(["stats", "--format", "json", "--treatment", "ketamine"], directory: vault)
            let filtered = try #require(ketamine.json as? [String: Any], "\(ketamine)")
            #expect(filtered["sessions"] as? Int == 2)
            // 03-02 → 2025-01-10: 29+30+31+30+31+31+30+31+30+31+10 = 314.
            let ketamineGap = try #require(filtered["longest_gap"] as? [String: Any])
            #expect(ketamineGap["days"] as? Int == 314 && ketamineGap["from"] as? String == "2024-03-02")
        }
    }
}
