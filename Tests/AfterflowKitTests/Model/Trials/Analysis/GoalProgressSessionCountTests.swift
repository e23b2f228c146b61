@testable import AfterflowKit
import Testing

@Suite struct GoalProgressSessionCountTests {
    @Test("a session with trials of two goals is counted once")
    func sessionOfTwoGoalsOnce() {
        // Maya: session A has both goals, B only two-step, C only s-initial: 3 sessions, 4 goal rows' sessions.
        let progress = GoalProgress.make(record: TrialPracticeFixture.records[0], cues: .standard)
        #expect(GoalProgress.sessionCount(progress) == 3)
    }
}
