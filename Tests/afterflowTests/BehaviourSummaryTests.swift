import Foundation
import Testing

/// `summary` of a session with behaviour goals: each goal's figures from its event lines,
/// worked out by hand below, in the JSON and as the sentence a clinician writes.
@Suite("summary of behaviour goals")
struct BehaviourSummaryTests {
    /// The session of `RecordTests.withSession` (started 15:00) with these lines and an end at
    /// 15:45: 45 observed minutes.
    static func summary(_ lines: [String]) throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let text = try sandbox.readText(file)
            try sandbox.write(file, text.replacingOccurrences(of: "## Trials\n", with: "## Trials\n\n" + lines.joined(separator: "\n") + "\n")
                .replacingOccurrences(of: "\nrecorded_on:", with: "\nend: 2025-04-01T15:45:00-07:00\nrecorded_on:"))
            let result = try sandbox.run(["summary", "maya-t", "--format", "json"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            found = object?["behaviour"] as? [[String: Any]] ?? []
        }
        return found
    }

    @Test("a count: 6 occurrences in 45 min are 8.0 per hour (6 × 60 ÷ 45)")
    func count() throws {
        let lines = ["15:01:00", "15:05:00", "15:10:00", "15:20:00", "15:30:00", "15:40:00"].map { "- \($0) hitting count" }
        let goal = try #require(try Self.summary(lines).first)
        #expect(goal["count"] as? Int == 6 && goal["per_hour"] as? Double == 8.0, "\(goal)")
        #expect(goal["sentence"] as? String == "hitting occurred 6 times in 45 min (8.0 per hour).")
    }

    @Test("a duration still running at the end is closed there: 90 s + (45:00 − 40:00 = 300 s) = 390 s, 14.4 % of 2,700 s")
    func openDuration() throws {
        let lines = ["- 15:06:00 tantrum start", "- 15:07:30 tantrum stop", "- 15:40:00 tantrum start"]
        let goal = try #require(try Self.summary(lines).first)
        #expect(goal["occurrences"] as? Int == 2 && goal["total_seconds"] as? Double == 390 && goal["closed_at_end"] as? Int == 1, "\(goal)")
        #expect(goal["percent_of_observed_time"] as? Double == 14.44, "390 × 100 ÷ 2700 = 14.444…")
    }

    @Test("intervals: 2 of 3 scored is 66.67 %")
    func intervals() throws {
        let lines = ["- 15:00:10 on-task interval 1 +", "- 15:00:20 on-task interval 2 -", "- 15:00:30 on-task interval 3 +"]
        let goal = try #require(try Self.summary(lines).first)
        #expect(goal["scored"] as? Int == 2 && goal["intervals"] as? Int == 3 && goal["percent_scored"] as? Double == 66.67, "\(goal)")
    }

    @Test("a task run with a step at n/a: 2 independent of 3 applicable steps is 66.67 %")
    func task() throws {
        let lines = ["- 15:20:01 handwash step 1 + independent", "- 15:20:02 handwash step 2 + independent",
                     "- 15:20:03 handwash step 3 n/a", "- 15:20:04 handwash step 4 - gestural"]
        let goal = try #require(try Self.summary(lines).first)
        #expect(goal["runs"] as? Int == 1 && goal["percent_independent"] as? Double == 66.67, "\(goal)")
    }

    @Test("ABC incidents are tallied per behaviour: 2 after demand, 1 after transition; escape twice")
    func abc() throws {
        let lines = ["- 15:10:00 incidents abc demand hitting escape", "- 15:20:00 incidents abc demand hitting escape",
                     "- 15:30:00 incidents abc transition hitting attention"]
        let goal = try #require(try Self.summary(lines).first)
        let behaviours = goal["behaviours"] as? [[String: Any]] ?? []
        let hitting = try #require(behaviours.first)
        #expect(hitting["incidents"] as? Int == 3)
        #expect((hitting["antecedents"] as? [String: Int]) == ["demand": 2, "transition": 1])
        #expect((hitting["consequences"] as? [String: Int]) == ["escape": 2, "attention": 1])
    }

    @Test("progress shows a count goal's figure in each session: Sam's 14 hits in 45 min on Mar 3 are 18.7 per hour (14 × 60 ÷ 45)")
    func progressOfACountGoal() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["progress", "sam-r", "--goal", "hitting"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            #expect(result.stdout.contains("2025-03-03  14 times in 45 min (18.7 per hour)"), "\(result.stdout)")
            #expect(!result.stdout.contains("no trials yet"))
        }
    }

    @Test("note's O section says a count goal's rate and the change from the session before: 5 in 45 min is 6.7 per hour, down from 7 in 45 min (9.3 per hour)")
    func noteComparesWithTheSessionBefore() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["note", "sam-r/2025-03-24", "--print"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            #expect(result.stdout.contains("- Hitting others at the table occurred 5 times in 45 min (6.7 per hour), down from 9.3 per hour on 2025-03-17.\n"), "\(result.stdout)")
        }
    }
}
