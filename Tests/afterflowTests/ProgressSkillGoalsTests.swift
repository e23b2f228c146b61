import Foundation
import Testing

/// `progress --format json` on ExampleVault's Kai M.: a latency goal and a task analysis, four
/// weekly sessions, baseline Mar 4 and 11, active Mar 18 and 25 (the figures by hand in
/// Tests/AfterflowKitTests/Model/Behaviour/Progress/ExampleSkillGoalsTests.swift).
@Suite("progress of latency and task goals")
struct ProgressSkillGoalsTests {
    static func goal(_ name: String) throws -> [String: Any] {
        var out: [String: Any] = [:]
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["progress", "kai-m", "--goal", name, "--format", "json"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            out = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first ?? [:]
        }
        return out
    }

    @Test("latency: the mean of each day's responses, 21 ÷ 3 = 7, 26 ÷ 4 = 6.5, 18 ÷ 4 = 4.5, 12 ÷ 4 = 3 s; baseline 47 s over 7 responses = 6.7 s")
    func latency() throws {
        let goal = try Self.goal("name-response")
        #expect(goal["measure"] as? String == "latency" && goal["unit"] as? String == "s", "\(goal)")
        let rows = goal["rows"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["value"] as? Double } == [7, 6.5, 4.5, 3], "\(rows)")
        #expect(rows.compactMap { $0["phase"] as? String } == ["baseline", "baseline", "active", "active"])
        #expect(rows.compactMap { $0["count"] as? Int } == [3, 4, 4, 4], "responses a day: Mar 4 had one no-response")
        // The seconds summed: 21, 26, 18, 12.
        #expect(rows.compactMap { $0["seconds"] as? Double } == [21, 26, 18, 12], "\(rows)")
        // The baseline joins its two days' responses: (21 + 26) ÷ (3 + 4) = 6.714 → 6.7, not
        // the mean of the days' means, (7 + 6.5) ÷ 2 = 6.75.
        let baseline = try #require(goal["baseline"] as? [String: Any], "\(goal)")
        #expect(baseline["value"] as? Double == 6.7 && baseline["how"] as? String == "2 days joined", "\(baseline)")
    }

    @Test("task: steps independent of the applicable, 2 of 6, 3 of 5 (step 6 n/a), 4 of 6, 5 of 6")
    func task() throws {
        let goal = try Self.goal("handwash")
        #expect(goal["measure"] as? String == "task", "\(goal)")
        let rows = goal["rows"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["part"] as? Int } == [2, 3, 4, 5], "\(rows)")
        #expect(rows.compactMap { $0["whole"] as? Int } == [6, 5, 6, 6])
        #expect(rows.compactMap { $0["value"] as? Double } == [33.3, 60, 66.7, 83.3])
    }
}
