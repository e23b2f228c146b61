@testable import AfterflowKit
import Foundation
import Testing

/// Missing interval numbers are a warning, unless the line after them marks exactly them as not
/// observed (what the live loggers write for intervals that ended while they were not running).
@Suite struct IntervalGapTests {
    static func warnings(_ lines: [String]) -> [String] {
        let text = "---\ntype: trials\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2025-01-14T15:00:00\n---\n## Trials\n\n"
            + lines.joined(separator: "\n") + "\n"
        return TrialSession(document: Document(text)).diagnostics.map(\.message)
    }

    @Test(arguments: [
        // The mark alone, the mark then a note, one interval.
        ["- 15:00:10 on-task interval 1 +", "- 15:01:40 on-task interval 10 +  intervals 2-9 not observed"],
        ["- 15:00:10 on-task interval 1 +", "- 15:01:40 on-task interval 10 +  intervals 2-9 not observed; seen at the window"],
        ["- 15:00:10 on-task interval 1 +", "- 15:00:30 on-task interval 3 -  interval 2 not observed"],
    ])
    func aMarkedGapIsNoProblem(_ lines: [String]) {
        #expect(Self.warnings(lines) == [])
    }

    @Test(arguments: [
        // Other numbers than the missing ones, the mark not at the note's start, no mark.
        ("- 15:01:40 on-task interval 10 +  intervals 2-8 not observed", "intervals 2-9 are missing before interval 10"),
        ("- 15:01:40 on-task interval 10 +  seen; intervals 2-9 not observed", "intervals 2-9 are missing before interval 10"),
        ("- 15:00:30 on-task interval 3 -", "interval 2 is missing before interval 3"),
    ])
    func anUnmarkedOrWronglyMarkedGapIsAWarning(_ line: String, _ expected: String) {
        let found = Self.warnings(["- 15:00:10 on-task interval 1 +", line])
        #expect(found.count == 1 && found[0].contains(expected), "\(found)")
    }

    @Test func theMarkNamesOneIntervalOrARange() {
        #expect(IntervalGap.mark(from: 3, to: 3) == "interval 3 not observed")
        #expect(IntervalGap.mark(from: 3, to: 11) == "intervals 3-11 not observed")
    }
}
