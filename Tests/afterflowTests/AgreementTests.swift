import Foundation
import Testing

/// `afterflow agreement`: a session's record against a second observer's, every algorithm that
/// fits each goal's measure, with the arithmetic worked out by hand below.
@Suite("agreement")
struct AgreementTests {
    static let at = practiceAt("2025-04-01T16:00:00-07:00")

    /// A vault with Maya, a count goal and an interval goal, her session of 15:00 to 15:01 and a
    /// second observer's record of it; the body gets the vault and both paths.
    static func withPair(primary: [String], reliability: [String], _ body: (Sandbox, String, String, String) throws -> Void) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: vault, environment: at), 0)
            let client = try sandbox.readText(vault + "/clients/maya-t/client.md")
            let id = client.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) } ?? ""
            for (short, keys) in [("hitting", ["measure: count"]), ("on-task", ["measure: interval", "method: partial", "interval: 10s"])] {
                try sandbox.write(vault + "/clients/maya-t/goals/\(short).md",
                                  (["---", "type: goal", "id: \(UUID().uuidString)", "client: \(id)", "title: \(short)"] + keys + ["---", ""]).joined(separator: "\n"))
            }
            let sessionID = "0C4B2A10-0000-4000-8000-000000000001"
            func file(_ sessionID: String, _ extra: [String], _ lines: [String]) -> String {
                (["---", "type: trials", "id: \(sessionID)", "client: \(id)", "date: 2025-04-01T15:00:00-07:00", "end: 2025-04-01T15:01:00-07:00"]
                    + extra + ["---", "", "## Trials", ""] + lines + [""]).joined(separator: "\n")
            }
            let main = "clients/maya-t/sessions/2025/2025-04-01-1500.md"
            let second = "clients/maya-t/sessions/2025/2025-04-01-1500-jd.md"
            try sandbox.write(vault + "/" + main, file(sessionID, ["observer: JR"], primary))
            try sandbox.write(vault + "/" + second, file("0C4B2A10-0000-4000-8000-000000000002", ["observer: JD", "role: reliability", "primary: \(sessionID)"], reliability))
            try body(sandbox, vault, main, second)
        }
    }

    static func figures(_ sandbox: Sandbox, _ vault: String, _ reference: String) throws -> [String: Double] {
        let result = try sandbox.run(["agreement", reference, "--format", "json"], directory: vault, environment: at)
        expectStatus(result, 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let comparison = (object?["comparisons"] as? [[String: Any]])?.first
        var out: [String: Double] = [:]
        for goal in comparison?["goals"] as? [[String: Any]] ?? [] {
            for figure in goal["figures"] as? [[String: Any]] ?? [] {
                out["\(goal["short"] ?? "")/\(figure["algorithm"] ?? "")"] = figure["percent"] as? Double
            }
        }
        return out
    }

    @Test("counts in bins of 10 s from the shared start: [1,1,1,0,0,0] against [1,1,0,0,0,0]")
    func counts() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count", "- 15:00:15 hitting count", "- 15:00:25 hitting count"],
                          reliability: ["- 15:00:06 hitting count", "- 15:00:16 hitting count"]) { sandbox, vault, main, _ in
            let found = try Self.figures(sandbox, vault, main)
            // total count: 2 ÷ 3 = 66.7 %; per bin 1, 1, 0 (1 vs 0), 1, 1, 1 (0 vs 0): 5 ÷ 6 = 83.3 %,
            // and the same five bins are identical: 5 ÷ 6 = 83.3 %.
            #expect(found["hitting/total count"] == 66.7 && found["hitting/mean count-per-interval"] == 83.3
                && found["hitting/exact count-per-interval"] == 83.3, "\(found)")
        }
    }

    @Test("intervals + - + against + + +: 2 of 3 the same, 2 of 3 scored by either, 0 of 1 unscored by either")
    func intervals() throws {
        try Self.withPair(primary: ["- 15:00:10 on-task interval 1 +", "- 15:00:20 on-task interval 2 -", "- 15:00:30 on-task interval 3 +"],
                          reliability: ["- 15:00:10 on-task interval 1 +", "- 15:00:20 on-task interval 2 +", "- 15:00:30 on-task interval 3 +"]) { sandbox, vault, main, _ in
            let found = try Self.figures(sandbox, vault, main)
            #expect(found["on-task/interval-by-interval"] == 66.7 && found["on-task/scored-interval"] == 66.7
                && found["on-task/unscored-interval"] == 0, "\(found)")
        }
    }

    @Test("named by the second observer's file, the pair is the same")
    func fromTheReliabilityRecord() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count"], reliability: ["- 15:00:06 hitting count"]) { sandbox, vault, main, second in
            let result = try sandbox.run(["agreement", second, "--format", "json"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object?["session"] as? String == main)
        }
    }

    @Test("a session without a second observer's record is refused with what to add")
    func noReliabilityRecord() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count"], reliability: []) { sandbox, vault, main, second in
            try FileManager.default.removeItem(atPath: vault + "/" + second)
            let result = try sandbox.run(["agreement", main], directory: vault, environment: Self.at)
            #expect(result.status != 0 && result.stderr.contains("role: reliability") && result.stderr.contains("primary: 0C4B2A10"), "\(result)")
        }
    }

    @Test("client and day name the session's own record, not the second observer's beside it")
    func referenceNamesThePrimary() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count"], reliability: ["- 15:00:06 hitting count"]) { sandbox, vault, main, _ in
            let result = try sandbox.run(["summary", "maya-t/2025-04-01"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            #expect(result.stdout.split(separator: "\n").dropFirst().first.map(String.init) == main, "\(result)")
        }
    }

    @Test("a second observer's record does not count in the client's summary and progress")
    func notCountedTwice() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count"], reliability: ["- 15:00:06 hitting count"]) { sandbox, vault, main, _ in
            let result = try sandbox.run(["summary", main, "--format", "json"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let hitting = (object?["behaviour"] as? [[String: Any]])?.first
            #expect(hitting?["count"] as? Int == 1, "\(String(describing: hitting))")
        }
    }

    @Test("check: a reliability record without primary is an error that says what to add")
    func reliabilityWithoutPrimary() throws {
        try Self.withPair(primary: ["- 15:00:05 hitting count"], reliability: ["- 15:00:06 hitting count"]) { sandbox, vault, _, second in
            let text = try sandbox.readText(vault + "/" + second)
            try sandbox.write(vault + "/" + second, text.replacingOccurrences(of: "primary: 0C4B2A10-0000-4000-8000-000000000001\n", with: ""))
            let result = try sandbox.run(["check"], directory: vault, environment: Self.at)
            #expect(result.status == 1 && result.stdout.contains(second + ":1:1: error: primary is missing: a reliability record names the session it checks"), "\(result)")
        }
    }

    @Test("progress holds the client's sessions against 80 % on 20 %: Sam's lowest figures 86.7 % (Mar 10) and 71.4 % (Mar 24) in 5 sessions")
    func coverageInProgress() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["progress", "sam-r"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            // share 2 ÷ 5 = 40 %; mean (86.7 + 71.4) ÷ 2 = 79.05, rounded half up 79.1 %: under 80 %.
            #expect(result.stdout.contains("Reliability  2 of 5 sessions checked (40 %), mean 79.1 %: below the convention"), "\(result.stdout)")
            #expect(result.stdout.contains("under 80 %: 2025-03-24 (71.4 %)"))
        }
    }
}
