import Foundation
import Testing

/// `afterflow assess`: the questionnaire saved where it belongs, owner-only, with its total and
/// band; the item-9 message exactly when PHQ-9's item 9 is above 0; answers from --answers, a
/// pipe or a terminal; check's errors at path:line:col.
@Suite("assess: PHQ-9 and GAD-7")
struct AssessCommandTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-03-04T08:15:00-08:00")]
    static let message = "Your answer to item 9 matters. Please talk with your clinician, or a crisis line, now; you do not have to wait for your next appointment."

    @Test("--answers: saved, owner-only, total and band printed; no message when item 9 is 0")
    func answers() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,0", "Before the second session"],
                                         directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines == ["PHQ-9 6/27, mild: assessments/2025/2025-03-04-0815-phq9.md"])
            #expect(result.stderr.isEmpty)
            let path = vault + "/assessments/2025/2025-03-04-0815-phq9.md"
            let text = try sandbox.readText(path)
            #expect(frontMatterKeys(text) == ["type", "id", "date", "instrument", "items", "total", "band", "created", "updated"])
            #expect(frontMatterValue(text, "items") == "[1, 1, 2, 1, 0, 1, 0, 0, 0]")
            #expect(frontMatterValue(text, "total") == "6")
            #expect(frontMatterValue(text, "band") == "mild")
            #expect(text.hasSuffix("---\n\nBefore the second session\n"))
            #expect(try sandbox.mode(path) == 0o600)
            #expect(try sandbox.mode(vault + "/assessments") == 0o700)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
            expectStatus(try sandbox.run(["fmt", "--check"], directory: vault), 0)
        }
    }

    @Test("search finds a word of an assessment's notes, at its line")
    func searchFindsNotes() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let saved = try sandbox.run(["assess", "gad7", "--answers", "1,0,2,1,0,1,0", "After the harbour walk"],
                                        directory: vault, environment: Self.now)
            expectStatus(saved, 0)
            let path = "assessments/2025/2025-03-04-0815-gad7.md"
            let lines = try sandbox.readText(vault + "/" + path).split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains("harbour") }) + 1
            let result = try sandbox.run(["search", "harbour", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            #expect(rows.map { "\($0["kind"] ?? ""):\($0["path"] ?? ""):\($0["line"] ?? "")" } == ["assessment:\(path):\(line)"], "\(result)")
        }
    }

    /// Item 9 at each answer: the message (and the default crisis line) exactly when above 0.
    @Test("PHQ-9 item 9 above 0: the message after saving, with the crisis line", arguments: [0, 1, 2, 3])
    func itemNine(_ answer: Int) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["assess", "phq9", "--answers", "0,0,0,0,0,0,0,0,\(answer)"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "PHQ-9 \(answer)/27, minimal: assessments/2025/2025-03-04-0815-phq9.md")
            #expect(result.stdout.contains(Self.message) == (answer > 0))
            #expect(result.stdout.contains("call or text 988 in the US") == (answer > 0))
            #expect(result.stdout.contains("local emergency number") == (answer > 0))
            // Saved first: the file is there either way.
            #expect(FileManager.default.fileExists(atPath: vault + "/assessments/2025/2025-03-04-0815-phq9.md"))
        }
    }

    @Test("a high total with item 9 at 0, and GAD-7 at its highest: no message")
    func noMessageOtherwise() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let phq = try sandbox.run(["assess", "phq9", "--answers", "3,3,3,3,3,3,3,3,0"], directory: vault, environment: Self.now)
            expectStatus(phq, 0)
            #expect(phq.stdoutLines == ["PHQ-9 24/27, severe: assessments/2025/2025-03-04-0815-phq9.md"])
            let gad = try sandbox.run(["assess", "gad7", "--answers", "3,3,3,3,3,3,3"], directory: vault, environment: Self.now)
            expectStatus(gad, 0)
            #expect(gad.stdoutLines == ["GAD-7 21/21, severe: assessments/2025/2025-03-04-0815-gad7.md"])
            #expect(!gad.stdout.contains("item 9") && !gad.stderr.contains("item 9"))
        }
    }

    @Test("the vault's crisis_line replaces the default; with --format json the message goes to standard error")
    func crisisLineFromConfig() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let config = try sandbox.readText(vault + "/.afterflow/config.yml")
            try sandbox.write(vault + "/.afterflow/config.yml", config + "crisis_line: \"In Australia: call 000, or Lifeline on 13 11 14.\"\n")
            let result = try sandbox.run(["assess", "phq9", "--answers", "1,1,1,1,1,1,1,1,1"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines == ["PHQ-9 9/27, mild: assessments/2025/2025-03-04-0815-phq9.md", "", Self.message, "",
                                           "In Australia: call 000, or Lifeline on 13 11 14."])
            let json = try sandbox.run(["assess", "phq9", "--answers", "1,1,1,1,1,1,1,1,2", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let object = try #require(json.json as? [String: Any])
            #expect(object["path"] as? String == "assessments/2025/2025-03-04-0815-phq9-2.md")
            #expect(object["total"] as? Int == 10)
            #expect(object["band"] as? String == "moderate")
            #expect(object["items"] as? [Int] == [1, 1, 1, 1, 1, 1, 1, 1, 2])
            #expect(object["item_9_above_zero"] as? Bool == true)
            #expect(json.stderr.contains(Self.message))
            #expect(json.stderr.contains("Lifeline on 13 11 14"))
        }
    }

    @Test("answers piped one a line; a bad or short list is a usage error and writes nothing")
    func pipedAndBad() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let piped = try sandbox.run(["assess", "gad7", "--date", "2025-03-01 21:00"], directory: vault, environment: Self.now,
                                        stdin: Data("2\n1\n\n2\n1\n0\n1\n0\n".utf8))
            expectStatus(piped, 0)
            #expect(piped.stdoutLines == ["GAD-7 7/21, mild: assessments/2025/2025-03-01-2100-gad7.md"])
            let short = try sandbox.run(["assess", "phq9", "--answers", "1,2,3"], directory: vault, environment: Self.now)
            expectStatus(short, 64)
            #expect(short.stderr.contains("--answers must give 9 answers for PHQ-9, one for each item in order, found 3"))
            let range = try sandbox.run(["assess", "gad7", "--answers", "1,2,4,0,0,0,0"], directory: vault, environment: Self.now)
            expectStatus(range, 64)
            #expect(range.stderr.contains("--answers: item 3 must be 0, 1, 2 or 3 (not at all … nearly every day), found \"4\""))
            let empty = try sandbox.run(["assess", "gad7"], directory: vault, environment: Self.now)
            expectStatus(empty, 64)
            #expect(empty.stderr.contains("give the answers with --answers"))
            let unknown = try sandbox.run(["assess", "beck", "--answers", "1"], directory: vault, environment: Self.now)
            expectStatus(unknown, 64)
            let files = try FileManager.default.subpathsOfDirectory(atPath: vault + "/assessments").filter { $0.hasSuffix(".md") }
            #expect(files == ["2025/2025-03-01-2100-gad7.md"])
        }
    }

    @Test("on a terminal: each item in turn with the answers' words; a wrong answer is asked again")
    func terminal() throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            var steps: [PseudoTerminal.Step] = [.expect("1/7. Feeling nervous, anxious or on edge"), .expect("Answer 0-3: "), .type("5\r"),
                                                .expect("Answer 0-3: "), .type("2\r")]
            for n in 2...7 { steps += [.expect("\(n)/7."), .expect("Answer 0-3: "), .type("1\r")] }
            let run = try sandbox.runOnPseudoTerminal(["assess", "gad7"], directory: vault, environment: ["AFTERFLOW_NOW": "2025-03-04T08:15:00-08:00"], steps: steps)
            #expect(run.status == 0, "\(run)")
            #expect(run.screen.contains("0  not at all"), "\(run)")
            #expect(run.screen.contains("3  nearly every day"), "\(run)")
            #expect(run.screen.contains("more than half the days"), "\(run)")
            #expect(run.screen.contains("GAD-7 8/21, mild"), "\(run)")
            let text = try sandbox.readText(vault + "/assessments/2025/2025-03-04-0815-gad7.md")
            #expect(frontMatterValue(text, "items") == "[2, 1, 1, 1, 1, 1, 1]")
        }
    }

    @Test("check: every problem of a hand-edited assessment at path:line:col; fmt adds total and band")
    func checkAndFmt() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: vault + "/assessments/2025", withIntermediateDirectories: true)
            try sandbox.write(vault + "/assessments/2025/bad.md",
                              "---\ntype: assessment\nid: 8C4E2B71-3D5A-4F96-B0E8-1A7C9D2E6F53\ndate: 2025-03-04T08:15:00\ninstrument: phq9\nitems: [1, 1, 2, 1, 0, 1, 0, 5]\ntotal: 6\nband: mild\n---\n")
            try sandbox.write(vault + "/assessments/2025/sum.md",
                              "---\ntype: assessment\nid: 1E5B7C93-2A4D-4E8F-9B60-7D3C1A2F8E45\ndate: 2025-03-05T08:15:00\ninstrument: gad7\nitems: [3, 3, 3, 2, 2, 2, 2]\ntotal: 16\nband: moderate\n---\n")
            try sandbox.write(vault + "/assessments/2025/short.md",
                              "---\ntype: assessment\nid: 2E5B7C93-2A4D-4E8F-9B60-7D3C1A2F8E45\ndate: 2025-03-06T08:15:00\ninstrument: gad7\nitems: [3, 0, 0, 0, 0, 0, 0]\n---\n")
            let check = try sandbox.run(["check"], directory: vault)
            expectStatus(check, 1)
            let report = check.stdout + check.stderr
            #expect(report.contains("assessments/2025/bad.md:6:8: error: items must hold 9 answers for PHQ-9, one for each item in order, found 8"))
            #expect(report.contains("assessments/2025/bad.md:6:30: error: item 8 must be an answer from 0 to 3"))
            #expect(report.contains("assessments/2025/sum.md:7:8: error: total 16 does not match the items, which add up to 17"))
            #expect(report.contains("assessments/2025/sum.md:8:7: error: band moderate does not match the total 17, which is severe"))
            #expect(report.contains("assessments/2025/short.md:1:1: warning: total is missing; 'afterflow fmt' adds it"))
            let fmt = try sandbox.run(["fmt"], directory: vault)
            expectStatus(fmt, 1)
            #expect(try sandbox.readText(vault + "/assessments/2025/short.md").contains("items: [3, 0, 0, 0, 0, 0, 0]\ntotal: 3\nband: minimal\n---\n"))
            #expect(try sandbox.readText(vault + "/assessments/2025/sum.md").contains("total: 16\n"), "a file with errors is left alone")
            // Listed and exported: the items count, and one without every answer is left out.
            let listed = try sandbox.run(["assessments", "--format", "csv"], directory: vault)
            #expect(listed.stdoutLines == ["date,instrument,total,maximum,band,items,path",
                                           "2025-03-05T08:15:00-08:00,gad7,17,21,severe,3 3 3 2 2 2 2,assessments/2025/sum.md",
                                           "2025-03-06T08:15:00-08:00,gad7,3,21,minimal,3 0 0 0 0 0 0,assessments/2025/short.md"])
            let fhir = try sandbox.run(["export", "fhir", "-o", sandbox.path("f.json")], directory: vault)
            #expect(fhir.stderr.contains("Wrote 0 check-ins and 2 assessments to"))
        }
    }

    @Test("assessments: each instrument oldest first with its band, item 9, a sparkline and the change; json and csv")
    func listing() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let empty = try sandbox.run(["assessments"], directory: vault)
            expectStatus(empty, 0)
            #expect(empty.stdoutLines == ["No assessments yet. Answer one with: afterflow assess phq9 (or gad7)"])
            for (instrument, answers, date) in [("phq9", "3,3,3,3,3,3,3,3,2", "2025-05-01 09:00"), ("phq9", "2,2,2,2,1,1,1,1,1", "2025-03-01 09:00"),
                                                ("gad7", "1,1,1,1,1,0,0", "2025-03-01 09:05"), ("phq9", "0,0,0,0,0,0,0,0,0", "2025-04-01 09:00")] {
                expectStatus(try sandbox.run(["assess", instrument, "--answers", answers, "--date", date], directory: vault, environment: Self.now), 0)
            }
            let table = try sandbox.run(["assessments"], directory: vault)
            expectStatus(table, 0)
            // C.UTF-8: the sparkline's blocks; totals 13, 0, 26 of 27 on the 1-10 scale.
            #expect(table.stdoutLines == [
                "PHQ-9 (depression), 3 assessments from 2025-03-01 to 2025-05-01",
                "  ▄▁█  13 → 26 (+13), now severe",
                "  DATE              TOTAL  BAND      ITEM 9",
                "  2025-03-01 09:00  13/27  moderate  1",
                "  2025-04-01 09:00   0/27  minimal   0",
                "  2025-05-01 09:00  26/27  severe    2",
                "",
                "GAD-7 (anxiety), 1 assessment",
                "  ▃  5, mild",
                "  DATE              TOTAL  BAND",
                "  2025-03-01 09:05   5/21  mild",
            ])
            let only = try sandbox.run(["assessments", "--kind", "GAD-7", "--format", "csv"], directory: vault)
            expectStatus(only, 0)
            #expect(only.stdoutLines == ["date,instrument,total,maximum,band,items,path",
                                         "2025-03-01T09:05:00-08:00,gad7,5,21,mild,1 1 1 1 1 0 0,assessments/2025/2025-03-01-0905-gad7.md"])
            let json = try sandbox.run(["assessments", "--since", "2025-04-01", "--format", "json"], directory: vault)
            expectStatus(json, 0)
            let series = try #require(json.json as? [[String: Any]])
            #expect(series.map { $0["instrument"] as? String } == ["phq9"])
            #expect(series.first?["change"] as? Int == 26)
            let points = try #require(series.first?["assessments"] as? [[String: Any]])
            #expect(points.map { $0["total"] as? Int } == [0, 26])
            #expect(points.map { $0["band"] as? String } == ["minimal", "severe"])
            #expect(points.last?["items"] as? [Int] == [3, 3, 3, 3, 3, 3, 3, 3, 2])
            let none = try sandbox.run(["assessments", "--until", "2024-01-01"], directory: vault)
            #expect(none.stdoutLines == ["No assessments match."])
        }
    }
}
