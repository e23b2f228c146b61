@testable import AfterflowKit
import Foundation
import Testing

/// ExampleVault's Kai M.: a latency goal (name-response) and a task analysis (handwash, six
/// steps, mastery 80 % x 3), baseline from Mar 4 and active from Mar 18, 2025, one session a
/// week (Mar 4, 11, 18, 25, 09:30-10:00). Each day's figures by hand from the files:
///
/// name-response, latency from each `cue` to its `response` (a `no-response` has none):
///   Mar 4  8, 6, none, 7 s → 21 ÷ 3 = 7.0 s      Mar 11 6, 5, 8, 7 s → 26 ÷ 4 = 6.5 s
///   Mar 18 5, 4, 6, 3 s    → 18 ÷ 4 = 4.5 s      Mar 25 3, 2, 4, 3 s → 12 ÷ 4 = 3.0 s
/// handwash, steps `+ independent` of the applicable (not `n/a`):
///   Mar 4  steps 1, 5 of 6 → 33.3 %              Mar 11 steps 1, 2, 5 of 5 (6 n/a) → 60 %
///   Mar 18 steps 1, 2, 4, 5 of 6 → 66.7 %        Mar 25 steps 1, 2, 4, 5, 6 of 6 → 83.3 %
///
/// The charts: 600 × 314, plot x 50-534 (14 inset: 456 inside), y 76-276 (200 high). Days 0, 7,
/// 14, 21 from Mar 4: x(d) = 64 + 456 · d ÷ 21 → 64, 216, 368, 520. The phase line falls between
/// Mar 11 and Mar 18: (216 + 368) ÷ 2 = 292. Latency on a linear axis to 8 s (a step of 2 above
/// 7): y(s) = 76 + (8 − s) × 25 → 101, 113.5, 163.5, 201. Task on 0-100 %: y(p) = 76 + (100 − p) × 2
/// → 209.3, 156, 142.7, 109.3, and the criterion 80 % at 116.
@Suite struct ExampleSkillGoalsTests {
    static func record() throws -> ClientRecord {
        let vault = try Vault(root: Fixtures.repository.appendingPathComponent("ExampleVault").path)
        return try DocumentStore(vault: vault).load("kai-m")
    }

    static func progress(_ goal: String) throws -> BehaviourProgress {
        let record = try record()
        return BehaviourProgress(goal: try #require(record.goal(goal)), record: record, cues: .standard)
    }

    static func svg(_ goal: String) throws -> String {
        let progress = try progress(goal)
        return try #require(ProgressChart(series: ChartSeries(behaviour: progress), id: goal, subject: progress.goal.goal.title ?? goal).svg())
    }

    /// Attribute `name` of every element that holds `marker`.
    static func values(_ svg: String, _ marker: String, _ name: String) -> [String] {
        svg.components(separatedBy: "<").filter { $0.contains(marker) }.compactMap { element in
            element.range(of: "\(name)=\"").map { String(element[$0.upperBound...].prefix { $0 != "\"" }) }
        }
    }

    @Test func latencyDaysAreTheMeanOfTheDaysResponses() throws {
        let p = try Self.progress("name-response")
        #expect(p.rows.map(\.day.dayString) == ["2025-03-04", "2025-03-11", "2025-03-18", "2025-03-25"])
        #expect(p.rows.map(\.value) == [7, 6.5, 4.5, 3])
        #expect(p.rows.map(\.phase) == [.baseline, .baseline, .active, .active])
        #expect(p.rows[0].text(measure: .latency) == "mean 7 s over 3 responses")
        #expect(p.unit == "s")
    }

    @Test func taskDaysAreStepsIndependentOfTheApplicable() throws {
        let p = try Self.progress("handwash")
        #expect(p.rows.map(\.figure) == [.proportion(part: 2, whole: 6), .proportion(part: 3, whole: 5),
                                        .proportion(part: 4, whole: 6), .proportion(part: 5, whole: 6)])
        #expect(p.rows[1].text(measure: .task) == "3 of 5 steps independent (60 %)")
    }

    @Test func theLatencyChartHasItsPointsPhaseLineAndBrokenPath() throws {
        let svg = try Self.svg("name-response")
        #expect(Self.values(svg, "class=\"point\"", "cx") == ["64", "216", "368", "520"])
        #expect(Self.values(svg, "class=\"point\"", "cy") == ["101", "113.5", "163.5", "201"])
        #expect(Self.values(svg, "class=\"point\"", "data-value") == ["7", "6.5", "4.5", "3"])
        #expect(Self.values(svg, "polyline", "points") == ["64,101 216,113.5", "368,163.5 520,201"])
        #expect(svg.contains("<g class=\"phase-change\" data-day=\"2025-03-18\"><line x1=\"292\""), "\(svg)")
        #expect(svg.contains(">active</text>"))
        #expect(!svg.contains("class=\"criterion\""), "a latency goal has no goal line")
        #expect(svg.contains("<title>Mar 11, 2025: mean 6.5 s over 4 responses</title>"), "\(svg)")
    }

    @Test func theTaskChartHasItsPointsCriterionAndBrokenPath() throws {
        let svg = try Self.svg("handwash")
        #expect(Self.values(svg, "class=\"point\"", "cy") == ["209.3", "156", "142.7", "109.3"])
        #expect(Self.values(svg, "class=\"point\"", "data-percent") == ["33.3", "60", "66.7", "83.3"])
        #expect(Self.values(svg, "polyline", "points") == ["64,209.3 216,156", "368,142.7 520,109.3"])
        #expect(svg.contains("<g class=\"criterion\"><line x1=\"50\" y1=\"116\" x2=\"534\" y2=\"116\""), "\(svg)")
        #expect(svg.contains("<g class=\"phase-change\" data-day=\"2025-03-18\"><line x1=\"292\""))
        // The words give whole percents (33.3 → 33); data-percent keeps the decimal.
        #expect(svg.contains("<title>Mar 4, 2025: 2 of 6 steps independent (33 %)</title>"), "\(svg)")
    }
}
