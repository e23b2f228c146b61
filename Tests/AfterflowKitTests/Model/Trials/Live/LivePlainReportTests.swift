@testable import AfterflowKit
import Foundation
import Testing

/// What `--plain` prints after each key, and the goals as the logger takes them.
@Suite struct LivePlainReportTests {
    let base: LiveTrialSessionTests

    init() throws { base = try LiveTrialSessionTests() }

    /// What `--plain` prints after `key`.
    func report(_ key: LiveKey, on live: inout LiveTrialSession, at seconds: Double = 131) -> [String] {
        let before = live.mark
        let choosing = live.pending != nil
        var note: String?
        _ = live.press(key, note: &note, at: base.at(seconds)) { _ in }
        return live.plainReport(since: before, chose: choosing && live.pending == nil && key.isCueChoice, at: base.at(seconds).monotonic)
    }

    @Test func aTrialLoggedIsOneLine() throws {
        var live = try base.session()
        #expect(report(.up, on: &live, at: 130) == ["+1 Success  15:02:10 s-initial independent   s-initial: 1 of 1 (100 %)"])
    }

    @Test func aCueChosenIsTold() throws {
        var live = try base.session()
        _ = report(.up, on: &live, at: 130)
        #expect(report(.character("3"), on: &live) == ["  cue: moderate"])
    }

    @Test func anUndoNamesTheTrial() throws {
        var live = try base.session()
        _ = report(.down, on: &live, at: 130)
        #expect(report(.character("u"), on: &live) == ["undone: 15:02:10 s-initial ✗ independent"])
    }

    @Test func anotherGoalIsNamed() throws {
        var live = try base.session()
        #expect(report(.right, on: &live) == ["Goal 2 of 2: two-step, Two-step directions"])
    }

    @Test func aProblemIsTold() throws {
        var live = try base.session()
        #expect(report(.character("u"), on: &live) == ["problem: nothing to undo"])
    }

    @Test func aGoalsUnknownCueFallsBackToIndependent() {
        let record = GoalRecord(short: "s-initial", path: "clients/maya-t/goals/s-initial.md",
                                goal: Goal(document: Document("---\ntype: goal\ntitle: Initial /s/\ncue: hand over hand\n---\n")))
        #expect(LiveGoal(record, cues: .standard).defaultCue == "independent")
    }

    @Test func aGoalsCueIsItsLevelsName() {
        let record = GoalRecord(short: "s-initial", path: "clients/maya-t/goals/s-initial.md",
                                goal: Goal(document: Document("---\ntype: goal\ntitle: Initial /s/\ncue: MOD\n---\n")))
        #expect(LiveGoal(record, cues: .standard).defaultCue == "moderate")
    }
}
