import Foundation
import Testing

/// progress and export progress state the chart's trend and aim lines; a goal's target_date and
/// trend are set with goal set; --trend overrides the goal's trend (#22, graphs).
@Suite struct ProgressGraphTests {
    static let now = practiceAt("2025-04-02T10:00:00-07:00")

    /// The ExampleVault with two-step given a target date and least squares.
    func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        expectStatus(try sandbox.run(["goal", "set", "maya-t", "two-step", "target_date=2025-04-15", "trend=least_squares"], directory: vault,
                                     environment: Self.now), 0)
        return vault
    }

    @Test("progress prints the aim line: from two-step's first counting session (5 of 12 on Jan 7: 41.7 %, no baseline phase) to 80 % by Apr 15")
    func aimLine() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["progress", "maya-t", "--goal", "two-step"], directory: vault, environment: Self.now)
            #expect(result.stdout.contains("  Aim line from 41.7 % (the first session that counts, Jan 7, 2025, as there is no baseline data) to 80 % by Apr 15, 2025.\n"),
                    "\(result)")
        }
    }

    @Test("the goal's trend: least-squares (written by goal set) names the method of the trend line progress prints")
    func goalTrend() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["progress", "maya-t", "--goal", "two-step"], directory: vault, environment: Self.now)
            #expect(result.stdout.contains("  Trend line (least-squares) in active, Jan 7, 2025 to Mar 25, 2025 (12 sessions): "), "\(result)")
        }
    }

    @Test("--trend split-middle overrides the goal's trend: in progress --format json")
    func optionOverrides() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["progress", "maya-t", "--goal", "two-step", "--trend", "split-middle", "--format", "json"],
                                         directory: vault, environment: Self.now)
            let goals = try #require(result.json as? [[String: Any]], "\(result)")
            #expect((goals.first?["chart"] as? [String: Any])?["trend_method"] as? String == "split-middle", "\(result)")
        }
    }

    @Test("export progress --trend least-squares draws least-squares trend lines in the report")
    func exportOption() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "progress", "maya-t", "--goal", "s-initial", "--trend", "least-squares"], directory: vault,
                                         environment: Self.now)
            #expect(result.stdout.contains("<g class=\"trend\" data-phase=\"active\" data-method=\"least-squares\">"), "\(result.stderr)")
        }
    }

    @Test("goal set refuses a trend it does not know, and says which it takes")
    func badTrend() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["goal", "set", "maya-t", "two-step", "trend=linear"], directory: vault, environment: Self.now)
            #expect(result.status != 0 && result.stderr.contains("trend must be split-middle or least-squares, found \"linear\""), "\(result)")
        }
    }

    @Test("goal list --format json shows each goal's target_date and trend (split-middle when the goal names none)")
    func goalList() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let list = try sandbox.run(["goal", "list", "maya-t", "--format", "json"], directory: vault, environment: Self.now)
            let goals = try #require(list.json as? [[String: Any]], "\(list)")
            #expect(goals.map { "\($0["short"] ?? "") \($0["target_date"] as? String ?? "none") \($0["trend"] ?? "")" }
                    == ["s-initial none split-middle", "two-step 2025-04-15 least-squares"], "\(list)")
        }
    }
}
