@testable import AfterflowKit
import Foundation
import Testing

/// A trial line whose goal is of a behaviour measure is one `check` rejects, so the summary
/// leaves it out as it leaves out an unknown goal.
@Suite struct TrialOfBehaviourGoalTests {
    @Test func aTrialOfACountGoalIsLeftOutOfTheSummary() throws {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: [
            "s-initial": TrialFixture.goal("s-initial", []), "hitting": TrialFixture.goal("hitting", ["measure: count"]),
        ], sessions: ["2025/2025-01-14-1500.md": TrialFixture.session("2025-01-14T15:00:00", ["s-initial + independent", "hitting + independent"])])
        let session = try #require(record.sessions.first)
        let summary = TrialSummary(session: session.session, record: record, cues: .standard, path: session.path)
        #expect(summary.leftOut.places.map(\.line) == [12])
    }
}
