import AfterflowKit
import Testing

/// Task analyses per run, per step and pooled, worked out by hand.
@Suite struct TaskAnalysisSummaryTests {
    static let steps = (1...10).map { "step \($0)" }
    static func ok(_ cue: String) -> TaskStepScore { .done(success: true, cue: cue) }

    /// Run 1, the reference's vector: steps 1-6 + independent, 7 n/a, 8 + gestural, 9 − independent,
    /// 10 + verbal. Applicable 9 (step 7 left out); independent 6 → 6 ÷ 9 = 66.7 %; counted at
    /// independent or gestural 6 + 1 = 7 → 7 ÷ 9 = 77.8 %; every level counted: 8 ÷ 9 = 88.9 %.
    static let run1 = TaskRun([ok("independent"), ok("independent"), ok("independent"), ok("independent"), ok("Independent"),
                               ok("independent"), .notApplicable, ok("gestural"), .done(success: false, cue: "independent"), ok("verbal")])
    /// Run 2: step 1 + gestural, step 2 not recorded, step 7 + independent, the rest as run 1
    /// (steps 3-6 independent, 8 gestural, 9 −, 10 verbal); only eight steps given, so 9 and 10
    /// are not recorded either. Applicable 1, 3-8 = 7; independent 3, 4, 5, 6, 7 = 5.
    static let run2 = TaskRun([ok("gestural"), nil, ok("independent"), ok("independent"), ok("independent"),
                               ok("independent"), ok("independent"), ok("gestural")])

    static func summary(_ counted: Set<String>?) -> TaskAnalysisSummary {
        TaskAnalysisSummary(steps: steps, runs: [run1, run2], independentLevel: "independent", countedLevels: counted)
    }

    @Test func notApplicableStepsAreLeftOut() {
        let run = Self.summary(["independent", "gestural"]).runs[0]
        #expect(run.applicable == 9 && run.notApplicable == 1 && BehaviourFigures.close(run.percentIndependent, 600.0 / 9))
    }

    @Test func countedLevelsAreTheGoals() {
        #expect(BehaviourFigures.close(Self.summary(["Independent", "gestural"]).runs[0].percentCounted, 700.0 / 9))
    }

    @Test func noCountedLevelsCountsEverySuccess() {
        #expect(BehaviourFigures.close(Self.summary(nil).runs[0].percentCounted, 800.0 / 9))
    }

    @Test func unrecordedStepsAreLeftOutToo() {
        let run = Self.summary(nil).runs[1]
        #expect(run.applicable == 7 && run.unrecorded == 3 && run.independent == 5)
    }

    /// Step 1 across runs: independent, then gestural → 1 ÷ 2 = 50 %. Step 7: n/a, then
    /// independent → 1 ÷ 1 = 100 %. Step 2: independent, then not recorded → 1 ÷ 1.
    @Test func perStepAcrossRuns() {
        let steps = Self.summary(nil).steps
        #expect(steps[0].counts.percentIndependent == 50 && steps[6].counts.percentIndependent == 100 && steps[1].counts.percentIndependent == 100)
        #expect(steps[6].scores == [.notApplicable, Self.ok("independent")] && steps[1].counts.unrecorded == 1)
    }

    /// Pooled: applicable 9 + 7 = 16, independent 6 + 5 = 11 → 68.75 %.
    @Test func pooledOverRuns() {
        let overall = Self.summary(nil).overall
        #expect(overall.applicable == 16 && overall.independent == 11 && overall.percentIndependent == 68.75)
    }

    @Test func aStepNoRunAppliesToHasNoPercent() {
        let summary = TaskAnalysisSummary(steps: ["wash"], runs: [TaskRun([.notApplicable])], independentLevel: "independent", countedLevels: nil)
        #expect(summary.steps[0].counts.percentIndependent == nil)
    }
}
