@testable import AfterflowKit
import Foundation
import Testing

/// Where a behaviour goal stands from its event lines: what the phone page shows and logs on.
@Suite struct BehaviourGoalStateTests {
    static func events(_ lines: [String]) -> [BehaviourEvent] {
        TrialSession(document: Document("---\ntype: trials\ndate: 2025-01-14T15:00:00\n---\n\n## Trials\n\n" + lines.joined(separator: "\n") + "\n")).events
    }

    static let session = events([
        "- 15:01:00 hitting count", "- 15:02:00 tantrum start", "- 15:02:30 hitting count", "- 15:03:00 tantrum stop",
        "- 15:04:00 tantrum start", "- 15:05:00 name cue", "- 15:05:04 name response", "- 15:06:00 name cue",
        "- 15:00:10 on-task interval 1 +", "- 15:00:20 on-task interval 2 -", "- 15:01:40 on-task interval 10 +  intervals 3-9 not observed",
        "- 15:07:00 incidents abc demand hitting escape", "- 15:08:00 incidents abc peer spitting ignored", "- 15:09:00 incidents abc told-no hitting attention",
        "- 15:10:00 wash step 1 + independent", "- 15:10:05 wash step 2 n/a",
    ])

    @Test func eachMeasuresStanding() {
        func state(_ goal: String, _ measure: GoalMeasure) -> BehaviourGoalState { BehaviourGoalState(goal: goal, measure: measure, events: Self.session) }
        // Two counts of hitting; nothing of anything else counts for it.
        #expect(state("hitting", .count).events == 2)
        // Two tantrums started, the second (15:04:00) still running.
        #expect(state("tantrum", .duration).events == 2 && state("tantrum", .duration).open == TimeOfDay(hour: 15, minute: 4, second: 0))
        // Two cues, the second (15:06:00) waiting for its response.
        #expect(state("name", .latency).open == TimeOfDay(hour: 15, minute: 6, second: 0))
        // Intervals 1, 2 and 10 written: the last is 10, two of three scored.
        let onTask = state("on-task", .interval)
        #expect(onTask.events == 3 && onTask.lastInterval == 10 && onTask.scored == 2)
        // Three incidents naming hitting, spitting, hitting: two behaviours, in the order first named.
        #expect(state("incidents", .abc).events == 3 && state("incidents", .abc).behaviours == ["hitting", "spitting"])
        #expect(state("wash", .task).lastStep == 2)
    }

    @Test func aStoppedDurationAndAnsweredCueAreNotOpen() {
        let stopped = Self.events(["- 15:02:00 tantrum start", "- 15:03:00 tantrum stop", "- 15:05:00 name cue", "- 15:05:04 name no-response"])
        #expect(BehaviourGoalState(goal: "tantrum", measure: .duration, events: stopped).open == nil)
        #expect(BehaviourGoalState(goal: "name", measure: .latency, events: stopped).open == nil)
    }
}
