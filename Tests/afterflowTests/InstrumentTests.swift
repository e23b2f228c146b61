import Foundation
import Testing

/// Instruments as plain files, end to end: a user's own instrument added, answered and linked to a
/// session, checked, shown beside the session's mood and over time; malformed files located.
@Suite("instrument: definitions, answers, around a session")
struct InstrumentTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-09-21T09:00:00-07:00")]

    /// Four items 1-5, item 2 reversed, two subscales, two bands and a threshold; item 4 without
    /// its wording.
    static let calm = """
        ---
        type: instrument
        id: calm4
        title: Calm-4
        measures: calm after a session
        citation: "Our own, 2025"
        licence: CC0-1.0
        scale: 1-5
        score: sum
        reverse: [2]
        given: after
        days_after: 1
        ---

        ## Items

        1. I feel calm
        2. I feel tense
        3. I slept well
        4.

        ## Subscales

        - body: 2, 3
        - mind: 1, 4

        ## Bands

        - low: 4-9
        - high: 10-20

        ## Thresholds

        - settled: every subscale >= 60%

        """

    @Test("a user-defined instrument: add, list, answer linked to a session, check, show, assessments, moods --trend")
    func userDefinedEndToEnd() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = sandbox.path("calm.md")
            try sandbox.write(file, Self.calm)

            let added = try sandbox.run(["instrument", "add", file], directory: vault, environment: Self.now)
            expectStatus(added, 0)
            #expect(added.stdoutLines == ["Added Calm-4, 4 items without all its wording: instruments/calm4.md"])
            #expect(try sandbox.readText(vault + "/instruments/calm4.md") == Self.calm)
            let again = try sandbox.run(["instrument", "add", file], directory: vault, environment: Self.now)
            #expect(again.status != 0)
            #expect(again.stderr.contains("instruments/calm4.md already exists; nothing was written"), "\(again)")
            let forced = try sandbox.run(["instrument", "add", file, "--force"], directory: vault, environment: Self.now)
            expectStatus(forced, 0)
            #expect(forced.stdoutLines.first?.hasPrefix("Replaced Calm-4") == true)

            let list = try sandbox.run(["instrument", "list", "--format", "json"], directory: vault)
            let ids = (list.json as? [[String: Any]])?.map { "\($0["id"] ?? ""):\($0["source"] ?? "")" }
            #expect(ids == ["phq9:built-in", "gad7:built-in", "meq30:built-in", "ceq:built-in", "edi:built-in", "ebi:built-in",
                            "calm4:instruments/calm4.md"])

            // Item 2 reversed: 1 + (1 + 5 − 5) + 5 + 5 = 12 of 20, high; body 1 + 5 = 6/10, mind 1 + 5 = 6/10;
            // settled needs every subscale at 60 %: body (6 − 2) ÷ 8 = 50 %, so no.
            let answered = try sandbox.run(["assess", "calm4", "--session", "2025-09-20", "--answers", "1,5,5,5"],
                                           directory: vault, environment: Self.now)
            expectStatus(answered, 0)
            #expect(answered.stdoutLines == ["Calm-4 12/20, high: assessments/2025/2025-09-21-0900-calm4.md",
                                             "  body 6/10", "  mind 6/10", "  settled: no"])
            let text = try sandbox.readText(vault + "/assessments/2025/2025-09-21-0900-calm4.md")
            #expect(frontMatterKeys(text) == ["type", "id", "date", "instrument", "items", "session", "created", "updated"])
            #expect(frontMatterValue(text, "session") == "29F8F0B2-69AA-439D-B61D-2A8079CCB844")
            #expect(frontMatterValue(text, "items") == "[1, 5, 5, 5]")

            // No error; one warning, on the instrument file: item 4 has no wording.
            let check = try sandbox.run(["check"], directory: vault)
            let checked = check.stdout + check.stderr
            #expect(checked.contains("0 errors, 1 warning in 1 file"), "\(check)")
            #expect(checked.contains("instruments/calm4.md:14:1: warning: 1 of 4 items have no wording (4); add it from your own copy, answers are scored all the same"), "\(check)")

            // The session: mood 5 before, 7 after; the MEQ-30 of ExampleVault linked the same evening:
            // 101/150 = 67.3 %, mystical 48/75 = 64 %, positive mood 24/30 = 80 %, transcendence 17/30 = 56.7 %,
            // ineffability 12/15 = 80 %: not complete. Then Calm-4 the day after.
            let show = try sandbox.run(["show", "2025-09-20"], directory: vault, environment: Self.now)
            expectStatus(show, 0)
            let tail = Array(show.stdoutLines.suffix(3))
            #expect(tail == [
                "Instruments (mood before 5/10, after 7/10)",
                "  MEQ-30 (after, linked): 67.3% · mystical 64% · positive mood 80% · transcendence of time and space 56.7% · ineffability 80%; complete mystical experience: no",
                "  Calm-4 (the day after, linked): 12/20, high · body 6/10 · mind 6/10; settled: no",
            ], "\(show)")

            let series = try sandbox.run(["assessments", "--kind", "calm4"], directory: vault, environment: Self.now)
            expectStatus(series, 0)
            #expect(series.stdoutLines.first == "Calm-4 (calm after a session), 1 assessment")
            #expect(series.stdout.contains("12/20"))
            let trend = try sandbox.run(["moods", "--trend", "--instrument", "calm4"], directory: vault, environment: Self.now)
            expectStatus(trend, 0)
            #expect(trend.stdout.contains("Calm-4 (calm after a session), 1 assessment"), "\(trend)")
        }
    }

    @Test("EDI from the terminal: eight 0-100 answers piped in, one a line, saved as given and scored as their mean to one decimal")
    func ediPiped() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // 12 + 25 + 33 + 40 + 57 + 61 + 80 + 95 = 403; the EDI is the mean: 403 ÷ 8 = 50.375,
            // shown to one decimal, 50.4 out of the scale's 100. A blank line is skipped.
            let answers = [12, 25, 33, 40, 57, 61, 80, 95]
            let piped = answers.map(String.init).joined(separator: "\n") + "\n\n"
            let run = try sandbox.run(["assess", "edi", "--session", "2025-09-20"], directory: vault, environment: Self.now, stdin: Data(piped.utf8))
            expectStatus(run, 0)
            #expect(run.stdoutLines == ["EDI 50.4/100: assessments/2025/2025-09-21-0900-edi.md"], "\(run)")

            // Read back: the answers as typed, the session linked, no total or band written (an
            // instrument's scores are computed from the items, not stored).
            let text = try sandbox.readText(vault + "/assessments/2025/2025-09-21-0900-edi.md")
            #expect(frontMatterValue(text, "instrument") == "edi")
            #expect(frontMatterValue(text, "items") == "[12, 25, 33, 40, 57, 61, 80, 95]")
            #expect(frontMatterValue(text, "session") == "29F8F0B2-69AA-439D-B61D-2A8079CCB844")
            #expect(frontMatterKeys(text) == ["type", "id", "date", "instrument", "items", "session", "created", "updated"])

            // The score from the file as the index reads it again: the sum 403 and the mean, which
            // scripts get to two places (50.375 → 50.38).
            let series = try sandbox.run(["assessments", "--kind", "edi", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(series, 0)
            let answered = (series.json as? [[String: Any]])?.first?["assessments"] as? [[String: Any]]
            let total = (answered?.first?["scores"] as? [String: Any])?["total"] as? [String: Any]
            #expect(answered?.count == 1, "\(series)")
            #expect(total?["sum"] as? Int == 403, "\(series)")
            #expect(total?["score"] as? Double == 50.38, "\(series)")

            // Seven answers piped are refused, naming what was expected; nothing more is written.
            let short = try sandbox.run(["assess", "edi"], directory: vault, environment: Self.now,
                                        stdin: Data(answers.dropLast().map(String.init).joined(separator: "\n").utf8))
            expectStatus(short, 64)
            #expect(short.stderr.contains("standard input must give 8 answers for EDI, one for each item in order, found 7"), "\(short)")
            // An answer past the line's top end is refused at its item.
            let over = try sandbox.run(["assess", "edi"], directory: vault, environment: Self.now,
                                       stdin: Data("10\n20\n101\n40\n50\n60\n70\n80\n".utf8))
            expectStatus(over, 64)
            #expect(over.stderr.contains("standard input: item 3 must be a whole number from 0-100 for EDI, found \"101\""), "\(over)")
            let saved = try FileManager.default.contentsOfDirectory(atPath: vault + "/assessments/2025").filter { $0.hasSuffix("-edi.md") }
            #expect(saved == ["2025-09-21-0900-edi.md"])
        }
    }

    @Test("check: an EDI answer of 101, past the 0-100 line, is an error at the answer")
    func ediOutOfScale() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write(vault + "/assessments/2025/2025-09-21-0900-edi.md",
                              "---\ntype: assessment\nid: 5D1E7A40-2B3C-4D5E-8F60-718293A4B5C6\ndate: 2025-09-21T09:00:00-07:00\ninstrument: edi\nitems: [50, 60, 101, 40, 30, 20, 10, 0]\n---\n")
            let check = try sandbox.run(["check"], directory: vault)
            #expect(check.status != 0)
            let report = check.stdout + check.stderr
            // Line 6 is "items: [50, 60, 101, …]": "items: [" is 8 bytes and "50, 60, " 8 more, so 101 starts at column 17.
            #expect(report.contains("assessments/2025/2025-09-21-0900-edi.md:6:17: error: item 3 must be an answer from 0-100 for EDI, found 101"), "\(check)")
            #expect(report.contains(": 1 error, 0 warnings in 1 file."), "only that one: \(check)")

            // 100, the line's top end, is an answer: the same file with 100 checks clean.
            try sandbox.write(vault + "/assessments/2025/2025-09-21-0900-edi.md",
                              "---\ntype: assessment\nid: 5D1E7A40-2B3C-4D5E-8F60-718293A4B5C6\ndate: 2025-09-21T09:00:00-07:00\ninstrument: edi\nitems: [50, 60, 100, 40, 30, 20, 10, 0]\n---\n")
            let clean = try sandbox.run(["check"], directory: vault)
            expectStatus(clean, 0)
        }
    }

    @Test("check counts the vault's instrument files in \"Checked N files\"")
    func checkCountsInstrumentFiles() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            func checkedCount() throws -> Int? {
                let check = try sandbox.run(["check"], directory: vault)
                // "Checked 93 files: …": the number after "Checked ".
                let line = (check.stdout + check.stderr).split(separator: "\n").first { $0.hasPrefix("Checked ") }
                return line.flatMap { Int($0.dropFirst("Checked ".count).prefix { $0.isNumber }) }
            }
            let before = try #require(try checkedCount())
            try FileManager.default.createDirectory(atPath: vault + "/instruments", withIntermediateDirectories: true)
            try sandbox.write(vault + "/instruments/calm4.md", Self.calm)
            // One instrument file added, nothing else: one more file checked.
            #expect(try checkedCount() == before + 1)
            try sandbox.write(vault + "/instruments/bad.md", "---\ntype: instrument\nid: bad\ntitle: Bad\ncitation: x\nlicence: unknown\nscale: five\n---\n\n## Items\n\n1.\n")
            // A malformed one is checked (and reported) too.
            #expect(try checkedCount() == before + 2)
        }
    }

    @Test("check: a hand-edited answer against the vault's instrument, and a malformed instrument file, at file:line:column")
    func malformed() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try FileManager.default.createDirectory(atPath: vault + "/instruments", withIntermediateDirectories: true)
            try sandbox.write(vault + "/instruments/calm4.md", Self.calm)
            try sandbox.write(vault + "/instruments/bad.md", "---\ntype: instrument\nid: bad\ntitle: Bad\ncitation: x\nlicence: unknown\nscale: five\n---\n\n## Items\n\n1.\n")
            try sandbox.write(vault + "/assessments/2025/2025-09-22-0900-calm4.md",
                              "---\ntype: assessment\nid: 0B6A1C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D\ndate: 2025-09-22T09:00:00-07:00\ninstrument: calm4\nitems: [1, 6, 1]\n---\n")
            let check = try sandbox.run(["check"], directory: vault)
            #expect(check.status != 0)
            let report = check.stdout + check.stderr
            // "items: " is 7 bytes: the list at 6:8, its second answer at 6:12; "scale: " puts five at 7:8.
            #expect(report.contains("assessments/2025/2025-09-22-0900-calm4.md:6:8: error: items must hold 4 answers for Calm-4, one for each item in order, found 3"), "\(check)")
            #expect(report.contains("assessments/2025/2025-09-22-0900-calm4.md:6:12: error: item 2 must be an answer from 1-5 for Calm-4, found 6"), "\(check)")
            #expect(!report.contains("instrument must be"), "the vault defines calm4: \(check)")
            #expect(report.contains(#"instruments/bad.md:7:8: error: scale must be the lowest and highest answer as whole numbers, like 0-5 or 0-100, found "five""#), "\(check)")

            let refused = try sandbox.run(["instrument", "add", vault + "/instruments/bad.md", "--force"], directory: vault)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("bad.md:7:8: error: scale must be"), "\(refused)")
            let unknown = try sandbox.run(["assess", "nosuch", "--answers", "1"], directory: vault)
            expectStatus(unknown, 64)
            #expect(unknown.stderr.contains("no instrument \"nosuch\""), "\(unknown)")
        }
    }

    @Test("a copy of a built-in may add wording but not change its scoring")
    func builtInCopy() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let shown = try sandbox.run(["instrument", "show", "ebi", "--file"], directory: vault)
            expectStatus(shown, 0)
            let worded = shown.stdout.replacingOccurrences(of: "\n1.\n", with: "\n1. My own copy's first statement\n")
            try sandbox.write(sandbox.path("ebi.md"), worded)
            let added = try sandbox.run(["instrument", "add", sandbox.path("ebi.md")], directory: vault)
            expectStatus(added, 0)
            let show = try sandbox.run(["instrument", "show", "ebi"], directory: vault)
            #expect(show.stdout.contains("  1. My own copy's first statement"), "\(show)")
            try sandbox.write(sandbox.path("ebi5.md"), worded.replacingOccurrences(of: "scale: 0-100", with: "scale: 0-10"))
            let changed = try sandbox.run(["instrument", "add", sandbox.path("ebi5.md"), "--force"], directory: vault)
            #expect(changed.status != 0)
            #expect(changed.stderr.contains("the scale 0-10, where it is 0-100"), "\(changed)")
        }
    }

    @Test("export fhir: ExampleVault's MEQ-30 answer as a QuestionnaireResponse and an Observation of its score, read by fhir.resources",
          .enabled(if: pythonHasFHIR, "needs python3 with fhir.resources ('make test-deps' installs it)"))
    func fhir() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let out = sandbox.path("f.json")
            expectStatus(try sandbox.run(["export", "fhir", "-o", out], directory: vault), 0)
            _ = try fhirSummary(out)
            if pythonHasFHIRPath { #expect(try fhirProblems(out) == []) }
            let bundle = try #require(try JSONSerialization.jsonObject(with: try sandbox.read(out)) as? [String: Any])
            let resources = try #require(bundle["entry"] as? [[String: Any]]).compactMap { $0["resource"] as? [String: Any] }
            let response = try #require(resources.first { $0["resourceType"] as? String == "QuestionnaireResponse" })
            #expect(response["id"] as? String == "5d7c1e8a-3b42-4f6e-9a1d-2c8b7e4f0a63")
            #expect(response["questionnaire"] as? String == "urn:afterflow:instrument:meq30")
            let items = try #require(response["item"] as? [[String: Any]])
            #expect(items.count == 30)
            #expect((items[12]["answer"] as? [[String: Any]])?.first?["valueInteger"] as? Int == 2)  // item 13 answered 2
            let score = try #require(resources.first { r in
                ((r["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String) == "urn:uuid:5d7c1e8a-3b42-4f6e-9a1d-2c8b7e4f0a63"
            })
            // 101 of 150 = 67.3 %.
            let value = try #require(score["valueQuantity"] as? [String: Any])
            #expect((value["value"] as? Double) == 67.3 && value["unit"] as? String == "%")
            let verdict = (score["component"] as? [[String: Any]])?.last
            #expect(verdict?["valueBoolean"] as? Bool == false)
        }
    }

    @Test("export html --include measures: the instruments given around a session beside its mood")
    func report() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let out = sandbox.path("r.html")
            let run = try sandbox.run(["export", "html", "--include", "measures", "--since", "2025-09-20", "--until", "2025-09-20", "-o", out],
                                      directory: vault)
            expectStatus(run, 0)
            let html = try sandbox.readText(out)
            // ExampleVault's MEQ-30, linked to the 2025-09-20 session (see userDefinedEndToEnd for the figures).
            #expect(html.contains("<dt>Instruments</dt><dd>MEQ-30 (after, linked): 67.3% · mystical 64% · positive mood 80% · transcendence of time and space 56.7% · ineffability 80%; complete mystical experience: no</dd>"))
            let plain = try sandbox.run(["export", "html", "--since", "2025-09-20", "--until", "2025-09-20", "-o", sandbox.path("p.html")], directory: vault)
            expectStatus(plain, 0)
            #expect(!(try sandbox.readText(sandbox.path("p.html"))).contains("<dt>Instruments</dt>"), "only with --include measures")
        }
    }
}
