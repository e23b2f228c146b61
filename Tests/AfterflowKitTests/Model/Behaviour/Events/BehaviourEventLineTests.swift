@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

/// The event lines of the behaviour measures: each measure's line reads back as the event that
/// wrote it, a session file of them survives reading and `fmt` byte for byte, and today's trial
/// lines still read as trials.
@Suite struct BehaviourEventLineTests {
    static let goals = ["hitting", "on-task", "name_response", "a1", "Tantrum"]
    static let words = ["demand", "escape", "hitting", "self-injury", "x_1", "Peer"]
    static let notes = ["", "hit his brother", "during maths, 2nd time", "é µ [x] + - count", "n/a"]

    /// Any event of any measure, from generated parts.
    static let events = zip(
        Gen.int(in: 0...86_399), Gen.element(of: goals), Gen.int(in: 0...9), Gen.int(in: 1...500), Gen.bool,
        Gen.element(of: words).array(of: 3...3), Gen.element(of: notes), Gen.int(in: 0...2)
    ).map { seconds, goal, which, number, flag, names, note, result -> BehaviourEvent in
        let kinds: [BehaviourEvent.Kind] = [
            .occurrence, .start, .stop, .cue, .response, .noResponse, .interval(number: number, scored: flag),
            .abc(antecedent: names[0]!.lowercased(), behaviour: names[1]!, consequence: names[2]!.lowercased()),
            .step(number: number, result: result == 0 ? .notApplicable : .done(success: result == 1, cue: "gestural")),
            .noOccurrence,
        ]
        return BehaviourEvent(time: TimeOfDay(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60),
                              goal: goal!, kind: kinds[which], note: note!)
    }

    @Test func everyMeasuresLineReadsBackAsTheEventThatWroteIt() async {
        await propertyCheck(count: 300, input: Self.events) { event in
            #expect(BehaviourEvent.read(line: event.lineText, index: 4) == .event(BehaviourEvent(
                time: event.time, goal: event.goal, kind: event.kind, note: event.note, line: 4)), "\(event.lineText)")
        }
    }

    @Test func aSessionOfEventsSurvivesReadingAndFmtByteForByte() async {
        await propertyCheck(count: 100, input: Self.events.array(of: 0...12)) { events in
            let lines = events.map(\.lineText)
            let text = BehaviourEventLineTests.session(lines)
            let session = TrialSession(document: Document(text))
            #expect(session.events.map(\.lineText) == lines)
            #expect(session.trials.isEmpty)
            let formatted = TrialsFormatter().format(session).map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(formatted == nil || formatted == text, "\(text)")
            #expect(Document(text).bytes == Array(text.utf8))
        }
    }

    @Test func eachMeasuresCanonicalLineIsTheOneFormatMdShows() {
        let kinds: [(BehaviourEvent.Kind, String)] = [
            (.occurrence, "- 15:04:10 g count"), (.start, "- 15:04:10 g start"), (.stop, "- 15:04:10 g stop"),
            (.cue, "- 15:04:10 g cue"), (.response, "- 15:04:10 g response"), (.noResponse, "- 15:04:10 g no-response"),
            (.interval(number: 3, scored: false), "- 15:04:10 g interval 3 -"),
            (.abc(antecedent: "demand", behaviour: "hitting", consequence: "escape"), "- 15:04:10 g abc demand hitting escape"),
            (.step(number: 2, result: .done(success: true, cue: "gestural")), "- 15:04:10 g step 2 + gestural"),
            (.step(number: 4, result: .notApplicable), "- 15:04:10 g step 4 n/a"),
            (.noOccurrence, "- 15:04:10 g none"),
        ]
        let written = kinds.map { BehaviourEvent(time: TimeOfDay(hour: 15, minute: 4, second: 10), goal: "g", kind: $0.0).lineText }
        #expect(written == kinds.map(\.1))
    }

    @Test func aHandWrittenEventLineIsReadAndFmtWritesItCanonically() {
        let text = Self.session(["*\t15:04   hitting   COUNT   hit  him ", "- 15:20:05 handwash Step 3 N/A"])
        let formatted = TrialsFormatter().format(TrialSession(document: Document(text)))
        #expect(formatted.map { String(decoding: $0.bytes, as: UTF8.self) }
            == Self.session(["- 15:04:00 hitting count  hit  him", "- 15:20:05 handwash step 3 n/a"]))
    }

    @Test func todaysTrialLinesAreStillTrialsBesideEvents() {
        let session = TrialSession(document: Document(Self.session([
            "- 15:02:10 s-initial + independent", "- 15:02:31 s-initial - minimal  said /th/ for /s/",
            "- 15:04:10 hitting count", "- 15:05:00 start + independent",
        ])))
        #expect(session.trials.map(\.lineText) == ["- 15:02:10 s-initial + independent", "- 15:02:31 s-initial - minimal  said /th/ for /s/",
                                                   "- 15:05:00 start + independent"])
    }

    @Test func aTrialLineWithAWrongResultIsStillATrialLineError() {
        let session = TrialSession(document: Document(Self.session(["- 15:02:10 s-initial maybe independent"])))
        #expect(session.diagnostics.map(\.message) == ["trial line: expected + for a success or - for a failure after the goal, found \"maybe\""])
    }

    /// A trial session with the given lines in `## Trials`.
    static func session(_ lines: [String]) -> String {
        (["---", "type: trials", "id: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E", "client: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34",
          "date: 2025-01-14T00:00:00", "---", "## Trials", ""] + lines).joined(separator: "\n") + "\n"
    }
}
