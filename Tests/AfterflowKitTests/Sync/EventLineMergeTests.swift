@testable import AfterflowKit
import Foundation
import Testing

/// Behaviour event lines merge as trial lines do: each side's, in time order, without a conflict.
@Suite struct EventLineMergeTests {
    @Test func eventLinesAddedOnBothSidesAreAllKeptInTimeOrder() {
        let base = DocumentMergeTests.trials
        let ours = base + "- 15:03:00 tantrum start\n- 15:04:00 tantrum stop\n"
        let theirs = base + "- 15:03:30 hitting count  theirs\n- 15:03:40 on-task interval 1 +\n"
        let merged = mergeText(base, ours, theirs)
        #expect(merged == (base + "- 15:03:00 tantrum start\n- 15:03:30 hitting count  theirs\n- 15:03:40 on-task interval 1 +\n- 15:04:00 tantrum stop\n", 0))
    }
}
