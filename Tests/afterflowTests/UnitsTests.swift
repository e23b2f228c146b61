import Foundation
import Testing

/// `afterflow units`: each trial session's minutes and units, by the vault's services and the
/// 8-minute rule over a client's day; and the keys `trials start` and `trials end` write for it.
@Suite("units")
struct UnitsTests {
    static let at = practiceAt("2025-04-01T12:00:00-07:00")

    static func sessions(_ result: RunResult) -> [[String: Any]] {
        ((result.json as? [String: Any])?["sessions"] as? [[String: Any]]) ?? []
    }

    @Test("ExampleVault's March: Maya's 92507 once a session, Sam's 97155 by the 8-minute rule, Leo's without a service")
    func exampleMarch() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["units", "--since", "2025-03-01", "--until", "2025-03-31", "--format", "json"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            var found: [String: (Int?, Int, Bool)] = [:]
            for s in Self.sessions(result) {
                found["\(s["client"] ?? "")/\(s["day"] ?? "")"] = (s["minutes"] as? Int, s["units"] as? Int ?? -1, s["billable"] as? Bool ?? false)
            }
            // Maya, 92507 (untimed): one unit a session. 15:00:00 to 15:20:31 → 20 min; to 15:18:47,
            // 15:18:08 and 15:18:23 → 18 min each.
            #expect(found["maya-t/2025-03-04"]! == (20, 1, true))
            #expect(found["maya-t/2025-03-11"]! == (18, 1, true))
            #expect(found["maya-t/2025-03-25"]! == (18, 1, true))
            // Sam, 97155 (timed): 09:00 to 09:45 = 45 min → 3 units (38-52); on Mar 31 a pause
            // 09:30-09:38 leaves 37 min → 2 units (23-37). His second observer's records bill nothing.
            #expect(found["sam-r/2025-03-03"]! == (45, 3, true))
            #expect(found["sam-r/2025-03-24"]! == (45, 3, true))
            #expect(found["sam-r/2025-03-31"]! == (37, 2, true))
            // Kai, 97153 (timed): 09:30 to 10:00 = 30 min → 2 units (23-37), each of his four.
            #expect(found["kai-m/2025-03-04"]! == (30, 2, true))
            #expect(found["kai-m/2025-03-25"]! == (30, 2, true))
            // Leo's sessions name no service: not billable.
            #expect(found["leo-o/2025-03-06"]?.2 == false && found["leo-o/2025-03-13"]?.2 == false)
            #expect(Self.sessions(result).filter { ($0["client"] as? String) == "leo-o" }.allSatisfy { ($0["reason"] as? String) == "no service" })
            // 4 + 5 + 4 + 2 sessions; Maya 4 × 1 + Sam 3 + 3 + 3 + 3 + 2 + Kai 4 × 2 = 26 units.
            let totals = (result.json as? [String: Any])?["totals"] as? [String: Any]
            #expect(totals?["sessions"] as? Int == 15 && totals?["billable"] as? Int == 13 && totals?["units"] as? Int == 26, "\(String(describing: totals))")
        }
    }

    @Test("the CSV: the columns a billing person expects, the client as first name and last initial, formulas guarded")
    func csv() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/clients/sam-r/sessions/2025/2025-03-03-0900.md"
            let text = try sandbox.readText(path)
            try sandbox.write(path, text.replacingOccurrences(of: "provider: J. Rivera, BCBA", with: "provider: \"=HYPERLINK(\\\"x\\\")\""))
            let result = try sandbox.run(["units", "sam-r", "--since", "2025-03-01", "--until", "2025-03-10", "--format", "csv"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            #expect(result.stdoutLines == [
                "date,client,service,minutes,units,place,provider,billable,reason,overlap",
                "2025-03-03,Sam R.,97155,45,3,03 School,\"'=HYPERLINK(\"\"x\"\")\",yes,\"\",\"\"",
                "2025-03-10,Sam R.,97155,45,3,03 School,\"J. Rivera, BCBA\",yes,\"\",\"\"",
            ])
            #expect(!result.stdout.contains("Sam Rivera") && !result.stdout.contains("Samuel"))
        }
    }

    @Test("trials start and end write the service, place, participants and the vault's provider; a session without an end is not billable")
    func startAndEnd() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let now = practiceAt("2025-04-02T09:00:00-07:00")
            let start = try sandbox.run(["trials", "start", "sam-r", "--service", "97153", "--place", "12"], directory: vault, environment: now)
            expectStatus(start, 0)
            let path = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let written = try sandbox.readText(vault + "/" + path)
            // Quoted, as the canonical writer quotes what a YAML reader would take for a number.
            #expect(frontMatterValue(written, "service") == "\"97153\"")
            #expect(frontMatterValue(written, "place") == "12 Home")
            // The vault's provider (ExampleVault's config.yml), as none was given.
            #expect(frontMatterValue(written, "provider") == "J. Rivera, CCC-SLP")
            let open = try sandbox.run(["units", "sam-r", "--since", "2025-04-02", "--format", "json"], directory: vault, environment: now)
            #expect(Self.sessions(open).map { $0["reason"] as? String } == ["no end time"])
            let end = try sandbox.run(["trials", "end", "sam-r", "--at", "09:23", "--participants", "client,parent"], directory: vault,
                                      environment: practiceAt("2025-04-02T09:30:00-07:00"))
            expectStatus(end, 0)
            #expect(frontMatterValue(try sandbox.readText(vault + "/" + path), "participants") == "[client, parent]")
            // 09:00 to 09:23 = 23 min → 2 units (23-37).
            let ended = try sandbox.run(["units", "sam-r", "--since", "2025-04-02", "--format", "json"], directory: vault, environment: now)
            #expect(Self.sessions(ended).map { [$0["minutes"] as? Int, $0["units"] as? Int] } == [[23, 2]])
        }
    }

    @Test("trials end adds a service and place to an ended session without --at: its own start and end give the minutes")
    func billingAfterTheEnd() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let now = practiceAt("2025-04-02T09:00:00-07:00")
            let start = try sandbox.run(["trials", "start", "sam-r"], directory: vault, environment: now)
            expectStatus(start, 0)
            let path = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            expectStatus(try sandbox.run(["trials", "end", "sam-r", "--at", "09:23"], directory: vault, environment: practiceAt("2025-04-02T09:30:00-07:00")), 0)
            let unbilled = try sandbox.run(["units", "sam-r", "--since", "2025-04-02", "--format", "json"], directory: vault, environment: now)
            #expect(Self.sessions(unbilled).map { $0["reason"] as? String } == ["no service"])
            // An hour later, without --at: the end written at 09:23 stays.
            let later = practiceAt("2025-04-02T10:30:00-07:00")
            let added = try sandbox.run(["trials", "end", "sam-r", "--service", "97153", "--place", "12"], directory: vault, environment: later)
            expectStatus(added, 0)
            #expect(added.stdout == "Added service, place to \(path), which ended at 9:23 AM: 23 min, 0 trials.\n", "\(added)")
            let text = try sandbox.readText(vault + "/" + path)
            #expect(frontMatterValue(text, "end") == "2025-04-02T09:23:00-07:00")
            #expect(frontMatterValue(text, "service") == "\"97153\"" && frontMatterValue(text, "place") == "12 Home", "\(text)")
            // 09:00 to 09:23 = 23 min → 2 units (23-37), not the 90 minutes to 10:30 (6 units).
            let billed = try sandbox.run(["units", "sam-r", "--since", "2025-04-02", "--format", "json"], directory: vault, environment: later)
            #expect(Self.sessions(billed).map { [$0["minutes"] as? Int, $0["units"] as? Int] } == [[23, 2]])
            // Nothing to add: refused as before, the file unchanged.
            let before = try sandbox.read(vault + "/" + path)
            let again = try sandbox.run(["trials", "end", "sam-r"], directory: vault, environment: later)
            expectStatus(again, 1)
            #expect(again.stderr.contains("has ended already (at 9:23 AM on Wed Apr 2, 2025); nothing was written"), "\(again)")
            #expect(again.stderr.contains("To add its service or place, give them"), "\(again)")
            #expect(try sandbox.read(vault + "/" + path) == before)
        }
    }

    @Test("trials end without --at refuses to end now a session of another day that has no end, and says to give it")
    func noEndOnAnotherDay() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let start = try sandbox.run(["trials", "start", "sam-r"], directory: vault, environment: practiceAt("2025-04-02T09:00:00-07:00"))
            expectStatus(start, 0)
            let path = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let before = try sandbox.read(vault + "/" + path)
            // The next day at 10:00: 25 hours after the start, past the 12 hours a session may run past midnight.
            let nextDay = practiceAt("2025-04-03T10:00:00-07:00")
            let refused = try sandbox.run(["trials", "end", "sam-r", "--service", "97153"], directory: vault, environment: nextDay)
            expectStatus(refused, 1)
            #expect(refused.stderr.contains("\(path) has no end time and started at 9:00 AM on Wed Apr 2, 2025; ending it now would make it 25 hours long, so nothing was written"), "\(refused)")
            #expect(refused.stderr.contains("afterflow trials end \(path) --at 15:45"), "\(refused)")
            #expect(try sandbox.read(vault + "/" + path) == before)
            // With its end: 09:00 to 09:40 = 40 min → 3 units (38-52).
            expectStatus(try sandbox.run(["trials", "end", path, "--at", "09:40", "--service", "97153"], directory: vault, environment: nextDay), 0)
            let billed = try sandbox.run(["units", "sam-r", "--since", "2025-04-02", "--format", "json"], directory: vault, environment: nextDay)
            #expect(Self.sessions(billed).map { [$0["minutes"] as? Int, $0["units"] as? Int] } == [[40, 3]])
        }
    }

    @Test("a service not on the vault's list is refused before anything is written")
    func unknownService() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let before = sandbox.files(under: vault + "/clients/sam-r/sessions")
            let result = try sandbox.run(["trials", "start", "sam-r", "--service", "97999"], directory: vault, environment: Self.at)
            expectStatus(result, 64)
            #expect(result.stderr.contains("--service 97999 is not one of the vault's services"), "\(result.stderr)")
            #expect(sandbox.files(under: vault + "/clients/sam-r/sessions") == before)
        }
    }

    @Test("the table: a line a session, not billable ones with their reason, and the totals")
    func table() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["units", "--since", "2025-03-10", "--until", "2025-03-13"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            // Sam on Mar 10 (97155, 45 min → 3), Kai on Mar 11 (97153, 09:30 to 10:00 → 30 min, 2 units),
            // Maya on Mar 11 (92507, 15:00 to 15:18:47 → 18 min, 1 unit), Leo on Mar 13 (10:30 to
            // 10:41:46 → 11 min, no service).
            #expect(result.stdoutLines == [
                "DATE        CLIENT   SERVICE  MIN  UNITS  PLACE      PROVIDER            NOTE",
                "2025-03-10  Sam R.   97155     45      3  03 School  J. Rivera, BCBA",
                "2025-03-11  Kai M.   97153     30      2  12 Home    A. Chen, RBT",
                "2025-03-11  Maya T.  92507     18      1  11 Office  J. Rivera, CCC-SLP",
                "2025-03-13  Leo O.   -         11      -  -          -                   not billable: no service",
                "",
                "4 sessions, 3 billable: 6 units (92507 × 1, 97153 × 2, 97155 × 3), timed codes by the medicare rule over each client's day; 1 not billable.",
            ])
        }
    }

    @Test("check with concurrent_97155: false warns at a 97155 session overlapping a 97153 of the same client; without it, nothing")
    func concurrent97155() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            func technician(_ day: String, _ start: String, _ end: String, id: String) -> String {
                "---\ntype: trials\nid: \(id)\nclient: E2AE4ED1-45B4-51AF-ADA2-E883C6FD3003\ndate: 2025-03-\(day)T\(start):00-08:00\n"
                    + "end: 2025-03-\(day)T\(end):00-08:00\nservice: \"97153\"\nplace: 03 School\nprovider: A. Tech, RBT\n---\n\n## Trials\n\n"
            }
            // Sam's 97155 sessions run 09:00 to 09:45. On Mar 3 a technician's 97153 from 09:30 to
            // 10:15 overlaps it from 09:30 to 09:45: 15 minutes. On Mar 10 one from 09:45 starts as
            // the 97155 ends: no overlap.
            let folder = vault + "/clients/sam-r/sessions/2025/"
            try sandbox.write(folder + "2025-03-03-0930.md", technician("03", "09:30", "10:15", id: "5B1D2C3E-4F50-4A6B-8C7D-9E0F1A2B3C4D"))
            try sandbox.write(folder + "2025-03-10-0945.md", technician("10", "09:45", "10:30", id: "6C2E3D4F-5061-4B7C-9D8E-0F1A2B3C4D5E"))
            let allowed = try sandbox.run(["check"], directory: vault)
            #expect(!allowed.stdout.contains("overlaps"), "\(allowed)")
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "concurrent_97155: false\n")
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 0)
            // Line 8 of the 97155 session is "service: 97155"; its value starts at column 10.
            #expect(result.stdoutLines.filter { $0.contains("overlaps") } == [
                "clients/sam-r/sessions/2025/2025-03-03-0900.md:8:10: warning: 97155 overlaps the 97153 session clients/sam-r/sessions/2025/2025-03-03-0930.md "
                    + "from 9:30 AM to 9:45 AM (15 minutes); the vault's payer does not pay 97155 and 97153 of one client for the same time "
                    + "(concurrent_97155: false): bill that time once, or correct the times",
            ], "\(result)")
            try sandbox.write(config, try sandbox.readText(config).replacingOccurrences(of: "concurrent_97155: false", with: "concurrent_97155: sometimes"))
            let bad = try sandbox.run(["check"], directory: vault)
            #expect((bad.stdout + bad.stderr).contains("concurrent_97155 must be true or false"), "\(bad)")
        }
    }

    @Test("units notes a 97155 overlapping a 97153 of the same client: allowed with another provider, not with the same one or a payer that does not pay both; in the table, the CSV and the JSON")
    func overlap97155() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            func technician(_ day: String, _ start: String, _ end: String, provider: String, id: String) -> String {
                "---\ntype: trials\nid: \(id)\nclient: E2AE4ED1-45B4-51AF-ADA2-E883C6FD3003\ndate: 2025-03-\(day)T\(start):00-07:00\n"
                    + "end: 2025-03-\(day)T\(end):00-07:00\nservice: \"97153\"\nplace: 03 School\nprovider: \(provider)\n---\n\n## Trials\n\n"
            }
            // Sam's 97155 sessions (J. Rivera, BCBA) run 09:00 to 09:45. On Mar 17 a technician's
            // 97153 from 09:30 to 10:15 overlaps it from 09:30 to 09:45: 15 minutes, another
            // provider's. On Mar 24 one by J. Rivera herself from 09:20 to 09:30: 10 minutes, the
            // same provider. (The dates are in daylight time, -07:00, as Sam's files write them.)
            let folder = vault + "/clients/sam-r/sessions/2025/"
            try sandbox.write(folder + "2025-03-17-0930.md", technician("17", "09:30", "10:15", provider: "A. Tech, RBT", id: "5B1D2C3E-4F50-4A6B-8C7D-9E0F1A2B3C4D"))
            try sandbox.write(folder + "2025-03-24-0920.md", technician("24", "09:20", "09:30", provider: "J. Rivera, BCBA", id: "6C2E3D4F-5061-4B7C-9D8E-0F1A2B3C4D5E"))
            let range = ["sam-r", "--since", "2025-03-17", "--until", "2025-03-24"]
            let table = try sandbox.run(["units"] + range, directory: vault, environment: Self.at)
            expectStatus(table, 0)
            // Mar 17: 45 + 45 = 90 timed minutes → 6 units, 3 each (45 = 3 × 15, nothing left).
            // Mar 24: 97155 45 min + 97153 10 min = 55 → 4 units: 97155 3 (0 left), 97153 0 whole
            // (10 left) and the fourth to it.
            #expect(table.stdoutLines == [
                "DATE        CLIENT  SERVICE  MIN  UNITS  PLACE      PROVIDER         NOTE",
                "2025-03-17  Sam R.  97155     45      3  03 School  J. Rivera, BCBA  overlaps 97153 (A. Tech, RBT) for 15 min: allowed, another provider's",
                "2025-03-17  Sam R.  97153     45      3  03 School  A. Tech, RBT",
                "2025-03-24  Sam R.  97155     45      3  03 School  J. Rivera, BCBA  overlaps 97153 (J. Rivera, BCBA) for 10 min: not allowed, the same provider",
                "2025-03-24  Sam R.  97153     10      1  03 School  J. Rivera, BCBA",
                "",
                "4 sessions, 4 billable: 10 units (97153 × 4, 97155 × 6), timed codes by the medicare rule over each client's day.",
            ], "\(table)")
            let csv = try sandbox.run(["units"] + range + ["--format", "csv"], directory: vault, environment: Self.at)
            #expect(csv.stdoutLines.first == "date,client,service,minutes,units,place,provider,billable,reason,overlap")
            #expect(csv.stdoutLines.dropFirst().first == "2025-03-17,Sam R.,97155,45,3,03 School,\"J. Rivera, BCBA\",yes,\"\",\"overlaps 97153 (A. Tech, RBT) for 15 min: allowed, another provider's\"")
            #expect(csv.stdoutLines.dropFirst(2).first == "2025-03-17,Sam R.,97153,45,3,03 School,\"A. Tech, RBT\",yes,\"\",\"\"")
            let json = try sandbox.run(["units"] + range + ["--format", "json"], directory: vault, environment: Self.at)
            let overlaps = Self.sessions(json).map { ($0["overlaps"] as? [[String: Any]]) ?? [] }
            #expect(overlaps.map(\.count) == [1, 0, 1, 0])
            #expect(overlaps[0].first?["path"] as? String == "clients/sam-r/sessions/2025/2025-03-17-0930.md")
            #expect(overlaps[0].first?["minutes"] as? Int == 15 && overlaps[0].first?["allowed"] as? Bool == true)
            #expect(overlaps[0].first?["provider"] as? String == "A. Tech, RBT" && overlaps[0].first?["verdict"] as? String == "allowed")
            #expect(overlaps[2].first?["minutes"] as? Int == 10 && overlaps[2].first?["verdict"] as? String == "same-provider")
            // A payer that does not pay both: the allowed overlap is now flagged, as check flags it.
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "concurrent_97155: false\n")
            let strict = try sandbox.run(["units"] + range + ["--format", "json"], directory: vault, environment: Self.at)
            let verdicts = Self.sessions(strict).compactMap { (($0["overlaps"] as? [[String: Any]]) ?? []).first?["verdict"] as? String }
            #expect(verdicts == ["payer-disallows", "payer-disallows"], "\(strict)")
        }
    }

    @Test("check with audit: true warns where a session lacks what a claim needs; without it, nothing")
    func audit() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let session = "clients/sam-r/sessions/2025/2025-03-31-0900.md"
            let quiet = try sandbox.run(["check", session], directory: vault)
            expectStatus(quiet, 0)
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "audit: true\n")
            let result = try sandbox.run(["check", session], directory: vault)
            expectStatus(result, 0)
            // Sam's Mar 31 session has its end, service, place and provider; its note, "Table work
            // after recess.", is 4 words of his clinician's own: under the 10 an audit needs. It is
            // not signed either, and the clock (the real one, long after 2025) is past its end by
            // more than 24 hours: signed late, should it be signed now.
            #expect(result.stdoutLines.filter { $0.contains(": warning: ") } == [
                "\(session):1:1: warning: the note is still not signed 24 hours after the session ended (an audit takes it as signed late); sign it once it is right: afterflow sign \(session)",
                "\(session):19:1: warning: audit: the session note has 4 words of your own; an audit needs a narrative of at least 10 words and longer than the drafted sentences: the client's state at the start, the techniques used, the response, progress toward the goals",
            ], "\(result)")
        }
    }
}
