import AfterflowKit
import Foundation
import Testing

/// `goal set` with the mastery options and the maintenance schedule (#23): each value checked
/// and written in canonical form, after min_trials in the goal's key order; the goal reads it back.
@Suite struct GoalMasteryOptionsEditTests {
    let editor = GoalEditor(cues: .standard, categories: ["articulation"], timeZone: GoalEditorTests.zone, now: GoalEditorTests.now)

    @Test func optionsAreWrittenCanonicallyAndReadBack() throws {
        let changes = try editor.changes(["cold_probe=Yes", "first_trial_independent=false", "min_observers=2", "maintenance=Weekly x2,monthly"])
        #expect(changes.map(\.summary) == ["cold_probe: true", "first_trial_independent: false", "min_observers: 2", "maintenance: weekly x 2, monthly x 1"])
        let after = editor.applying(changes, to: GoalEditorTests().goal())
        let text = String(decoding: after.bytes, as: UTF8.self)
        // Goal.keys puts the options after min_trials, maintenance after them, before phase.
        #expect(text.contains("min_trials: 5\nfirst_trial_independent: false\ncold_probe: true\nmin_observers: 2\nmaintenance: weekly x 2, monthly x 1\nphase: active\n"), "\(text)")
        let goal = Goal(document: after)
        #expect(!goal.diagnostics.hasErrors, "\(goal.diagnostics)")
        #expect(goal.coldProbe && !goal.firstTrialIndependent && goal.minObservers == 2)
        #expect(goal.maintenance?.checkCount == 3)
    }

    @Test(arguments: [("cold_probe=maybe", "cold_probe must be true or false, found \"maybe\""),
                      ("min_observers=0", "min_observers must be a whole number from 1 to 100, found \"0\""),
                      ("maintenance=hourly x 2", "maintenance must be \(MaintenanceSchedule.expected), found \"hourly x 2\"")])
    func badValuesAreRefused(_ assignment: String, _ message: String) {
        #expect(throws: GoalEditor.Rejection.invalid(message)) { try editor.changes([assignment]) }
    }
}
