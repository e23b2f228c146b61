import Foundation
import Testing

/// summary, note and progress count only the trial lines check accepts, and say how many they
/// left out and where (#20, item 4).
@Suite("trial lines check rejects are left out, and said to be")
struct LeftOutTrialsTests {
    /// Lines 9-12 of Maya's session: s-initial + independent; an unknown goal "s-intial" (line
    /// 10); two-step + with an unknown cue "prompted" (line 11); two-step - moderate.
    func vault(_ sandbox: Sandbox) throws -> String {
        try Practice.make(in: sandbox, [
            Practice.sessionPath: Practice.session(trials: [
                "- 15:02:10 s-initial + independent",
                "- 15:02:31 s-intial - minimal  said /th/ for /s/",
                "- 15:03:40 two-step + prompted",
                "- 15:04:00 two-step - moderate",
            ]),
        ])
    }

    static let said = "left out 2 trial lines that 'afterflow check' rejects (a goal or cue level it does not know): \(Practice.sessionPath):10, :11"

    @Test("summary counts the two valid lines: 2 trials, 1 success")
    func summaryCounts() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["summary", Practice.sessionPath, "--format", "json"], directory: vault)
            expectStatus(result, 0)
            let s = try #require(result.json as? [String: Any], "\(result)")
            // By hand: lines 9 (+) and 12 (-) count; 10 and 11 do not.
            let goals = (s["goals"] as? [[String: Any]])?.map { $0["goal"] as? String ?? "" } ?? []
            #expect([String(describing: s["total"] ?? ""), String(describing: s["successes"] ?? "")] + goals == ["2", "1", "s-initial", "two-step"], "\(s)")
        }
    }

    @Test("summary says on stderr how many lines it left out and where")
    func summarySays() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["summary", Practice.sessionPath], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "Note: \(Self.said)\n", "\(result)")
        }
    }

    @Test("the note's draft leaves the lines out and says so in a comment")
    func noteComment() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["note", Practice.sessionPath, "--print"], directory: vault)
            expectStatus(result, 0)
            // No sentence on the unknown goal; two-step 0 of 1 (only line 12 counts).
            #expect(result.stdoutLines.first == "<!-- afterflow: \(Self.said) -->" && !result.stdout.contains("s-intial")
                    && result.stdout.contains("0 of 1 trial"), "\(result)")
        }
    }

    @Test("progress counts two-step's day as 1 trial, not 2")
    func progressCounts() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["progress", "maya-t", "--goal", "two-step", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            let goals = try #require(result.json as? [[String: Any]], "\(result)")
            let rows = goals.first?["rows"] as? [[String: Any]]
            #expect(rows?.map { $0["trials"] as? Int ?? -1 } == [1], "\(result)")
        }
    }

    @Test("progress says on stderr how many lines it left out and where")
    func progressSays() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["progress", "maya-t"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "Note: \(Self.said)\n", "\(result)")
        }
    }

    @Test("importing trials of a client the vault does not have says so once, not once a row")
    func importUnknownClientOnce() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            var csv = "client,date,time,goal,result,cue\n"
            for minute in 0..<5 { csv += "leo-o,2025-01-09,10:3\(minute):00,requests,success,independent\n" }
            try sandbox.write(sandbox.path("trials.csv"), csv)
            let result = try sandbox.run(["import", "trials", "csv", sandbox.path("trials.csv")], directory: vault,
                                         environment: practiceAt("2025-04-01T15:00:00-07:00"))
            expectStatus(result, 1)
            // One line for the five rows (2-6), then the summary line saying 5 rows have problems.
            #expect(result.stderr.components(separatedBy: "the vault has no clients yet").count - 1 == 1, "\(result)")
        }
    }
}
