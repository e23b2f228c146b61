@testable import AfterflowKit
import Foundation
import Testing

/// `none`: a goal of measure count, duration or abc observed for the whole session in which the
/// behaviour did not occur. Its line, its canonical form, the measures that take it, the file's
/// own warnings (occurrences beside it, a second one) and what `record`'s words make of it.
@Suite struct NoneEventTests {
    static let t1545 = TimeOfDay(hour: 15, minute: 45, second: 0)

    @Test func theLineReadsAsNoneAndWritesBackTheSame() {
        let line = "- 15:45:00 hitting none"
        #expect(BehaviourEvent.read(line: line, index: 3) == .event(BehaviourEvent(time: Self.t1545, goal: "hitting", kind: .noOccurrence, line: 3)))
        #expect(BehaviourEvent(time: Self.t1545, goal: "hitting", kind: .noOccurrence).lineText == line)
        // With a note after two spaces, like every event.
        let noted = "- 15:45:00 hitting none  watched the whole session"
        #expect(BehaviourEvent.read(line: noted) == .event(BehaviourEvent(time: Self.t1545, goal: "hitting", kind: .noOccurrence, note: "watched the whole session")))
    }

    @Test func aHandWrittenNoneIsWrittenCanonicallyByFmt() {
        let text = BehaviourEventLineTests.session(["*  15:45   hitting   NONE   watched all  ", "- 15:46:00 tantrum None"])
        let formatted = TrialsFormatter().format(TrialSession(document: Document(text)))
        #expect(formatted.map { String(decoding: $0.bytes, as: UTF8.self) }
            == BehaviourEventLineTests.session(["- 15:45:00 hitting none  watched all", "- 15:46:00 tantrum none"]))
        // The canonical file is left as it is, byte for byte.
        let canonical = BehaviourEventLineTests.session(["- 15:45:00 hitting none  watched all"])
        #expect(Document(canonical).bytes == Array(canonical.utf8))
        let again = TrialsFormatter().format(TrialSession(document: Document(canonical)))
        #expect(again == nil || again?.bytes == Array(canonical.utf8))
    }

    @Test func countDurationAndAbcGoalsTakeIt() {
        let takes = GoalMeasure.allCases.filter { BehaviourEvent.Kind.noOccurrence.fits($0) }
        #expect(takes == [.count, .duration, .abc])
        #expect(BehaviourEvent.Kind.noOccurrence.measure == nil && BehaviourEvent.Kind.occurrence.fits(.count) && !BehaviourEvent.Kind.occurrence.fits(.duration))
    }

    /// Lines 9-13 of the file (the helper's front matter and heading are lines 1-8). "- 15:45:00
    /// hitting " is 19 bytes, so `none` is at column 20; "tantrum " is as long as "hitting ".
    @Test func occurrencesBesideItAndASecondNoneAreWarningsAtItsWord() {
        let text = BehaviourEventLineTests.session([
            "- 15:05:00 hitting count", "- 15:45:00 hitting none", "- 15:50:00 hitting count",
            "- 15:45:00 tantrum none", "- 15:45:01 tantrum none",
        ])
        let found = TrialSession(document: Document(text)).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        #expect(found == [
            "10:20: warning: event line: hitting none, but 2 occurrences of hitting are logged in this session (lines 9, 11); remove one or the other",
            "13:20: warning: event line: tantrum none again: line 12 already says tantrum did not occur in this session; remove one of them",
        ])
    }

    @Test func aDurationsStartAndAnIncidentContradictItToo() {
        let text = BehaviourEventLineTests.session([
            "- 15:06:00 tantrum start", "- 15:07:00 tantrum stop", "- 15:45:00 tantrum none",
            "- 15:10:00 incidents abc demand hitting escape", "- 15:45:00 incidents none",
        ])
        let found = TrialSession(document: Document(text)).diagnostics.map { "\($0.location.line): \($0.message)" }
        // "- 15:45:00 incidents " holds the word at column 22; only the start is an occurrence.
        #expect(found == [
            "11: event line: tantrum none, but 1 occurrence of tantrum is logged in this session (line 9); remove one or the other",
            "13: event line: incidents none, but 1 incident of incidents is logged in this session (line 12); remove one or the other",
        ])
    }

    @Test func aNoneAloneHasNoProblem() {
        let text = BehaviourEventLineTests.session(["- 15:02:10 s-initial + independent", "- 15:45:00 hitting none"])
        #expect(TrialSession(document: Document(text)).diagnostics.isEmpty)
    }

    // MARK: - record's words

    static func entry(_ measure: String, _ keys: [String] = []) -> EventEntry {
        EventEntry(goal: "g", of: Goal(document: Document(TrialFixture.goal("g", ["measure: \(measure)"] + keys))), config: VaultConfig())
    }

    @Test(arguments: ["count", "duration", "abc"])
    func noneMakesOneLine(_ measure: String) {
        let made = Self.entry(measure).events(["NONE"], at: Self.t1545, note: "all session", after: [])
        #expect(made == .success([BehaviourEvent(time: Self.t1545, goal: "g", kind: .noOccurrence, note: "all session")]))
    }

    @Test func noneIsRefusedForAGoalOfAnotherMeasureWithWhatToDoInstead() {
        func refusal(_ entry: EventEntry) -> String? {
            if case .failure(let problem) = entry.events(["none"], at: Self.t1545, after: []) { return problem.message }
            return nil
        }
        #expect(refusal(Self.entry("interval", ["method: partial", "interval: 10s"]))
            == "none (the behaviour did not occur) is for goals of measure count, duration or abc; g is a goal of measure: interval: score each interval - (not seen) instead, like '- - -'")
        #expect(refusal(Self.entry("latency"))
            == "none (the behaviour did not occur) is for goals of measure count, duration or abc; g is a goal of measure: latency: for a cue with no response write no-response")
        #expect(refusal(Self.entry("task", ["steps: [wet, dry]", "chaining: forward"]))?.hasSuffix("record the run's steps, or n/a for a step not applicable") == true)
    }

    @Test func noneIsRefusedBesideAnOccurrenceOrASecondNone() {
        let entry = Self.entry("count")
        let hit = BehaviourEvent(time: TimeOfDay(hour: 15, minute: 5, second: 0), goal: "g", kind: .occurrence)
        if case .failure(let problem) = entry.events(["none"], at: Self.t1545, after: [hit, hit]) {
            #expect(problem.message == "g has 2 occurrences in this session (the first at 15:05:00); none would say it did not occur, so nothing was written")
        } else { Issue.record("written beside occurrences") }
        let none = BehaviourEvent(time: Self.t1545, goal: "g", kind: .noOccurrence)
        if case .failure(let problem) = entry.events(["none"], at: Self.t1545, after: [none]) {
            #expect(problem.message == "g is marked none in this session already (at 15:45:00); nothing was written")
        } else { Issue.record("written twice") }
        // Another goal's lines do not count.
        let other = BehaviourEvent(time: Self.t1545, goal: "h", kind: .occurrence)
        #expect(entry.events(["none"], at: Self.t1545, after: [other]) == .success([BehaviourEvent(time: Self.t1545, goal: "g", kind: .noOccurrence)]))
    }
}
