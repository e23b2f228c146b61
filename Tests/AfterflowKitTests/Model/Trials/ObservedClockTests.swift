@testable import AfterflowKit
import Foundation
import Testing

/// The interval clock: seconds since the start less the pauses before them, and back.
@Suite struct ObservedClockTests {
    // Pauses from 60 to 120 s and from 200 to 230 s after the start.
    let clock = ObservedClock(pauses: [60...120, 200...230])

    @Test func observedSecondsLeaveOutThePauses() {
        // 50 s: before any pause. 90 s: inside the first, which counts as its start (60).
        // 150 s: 150 - 60 = 90. 300 s: 300 - 60 - 30 = 210.
        #expect([50, 90, 150, 300].map { clock.observed(at: $0) } == [50, 60, 90, 210])
    }

    @Test func theMomentAnObservedSecondIsReached() {
        // 50 observed: 50 s. 60 observed: the first pause's start, 60 s (an interval ending as
        // the pause begins ends then). 90 observed: 90 + 60 = 150 s. 210: 210 + 60 + 30 = 300 s.
        #expect([50, 60, 90, 210].map { clock.elapsed(at: $0) } == [50, 60, 150, 300])
    }

    @Test func overlappingPausesCountOnce() {
        // 10-40 and 30-50 merge into 10-50: 40 s paused; at 100 s, 60 observed.
        #expect(ObservedClock(pauses: [10...40, 30...50]).observed(at: 100) == 60)
    }

    @Test func aSessionsPausesAsSecondsAfterItsStart() {
        let session = TrialSession(document: Document("---\ntype: trials\ndate: 2025-01-14T23:50:00\npauses: [23:55-00:05]\n---\n\n## Trials\n\n"))
        // 23:55 is 300 s after 23:50; 00:05, past midnight, 900 s.
        #expect(session.pauseOffsets == [300...900])
        #expect(session.secondsFromStart(TimeOfDay(hour: 0, minute: 1, second: 0)) == 660)
    }
}
