@testable import AfterflowKit
import Foundation
import Testing

/// Where `trial` puts a new line: appended at the end of a file whose `## Trials` is last, else
/// after the last trial; in time order when its time is earlier than the last trial's.
@Suite struct TrialAppendPlanTests {
    static let head = "---\ntype: trials\nid: 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\nclient: 1A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\ndate: 2025-01-14T15:00:00\n---\n\n## Notes\n\n## Trials\n\n"

    func trial(_ time: String, _ goal: String = "s-initial") -> Trial {
        Trial(time: TimeOfDay.parse(time)!, goal: goal, success: true, cue: "independent")
    }

    func apply(_ plan: TrialAppend.Plan, to document: Document) -> (text: String, appended: Bool) {
        switch plan {
        case .append(let bytes, let result):
            #expect(result.bytes == document.bytes + bytes)
            return (String(decoding: result.bytes, as: UTF8.self), true)
        case .replace(let result):
            return (String(decoding: result.bytes, as: UTF8.self), false)
        }
    }

    @Test func aLaterTrialIsAPureAppend() {
        let document = Document(Self.head + "- 15:02:10 s-initial + independent\n")
        let (text, appended) = apply(TrialAppend.plan(trial("15:03:00"), in: document), to: document)
        #expect(appended)
        #expect(text.hasSuffix("- 15:02:10 s-initial + independent\n- 15:03:00 s-initial + independent\n"))
    }

    @Test func theFirstTrialOfANewFileIsAPureAppend() {
        let document = Document(Self.head)
        let (text, appended) = apply(TrialAppend.plan(trial("15:01:00"), in: document), to: document)
        #expect(appended)
        #expect(text == Self.head + "- 15:01:00 s-initial + independent\n")
    }

    @Test(arguments: [
        ("15:02:20", ["15:02:10", "15:02:20", "15:03:40"]),
        ("14:00:00", ["14:00:00", "15:02:10", "15:03:40"]),
        ("15:02:10", ["15:02:10", "15:02:10", "15:03:40"]),
    ])
    func anEarlierTrialGoesInTimeOrder(_ time: String, _ order: [String]) {
        let document = Document(Self.head + "- 15:02:10 s-initial + independent\n- 15:03:40 s-initial + independent\n")
        let (text, appended) = apply(TrialAppend.plan(trial(time), in: document), to: document)
        #expect(!appended)
        let times = TrialSession(document: Document(text)).trials.map(\.time.text)
        #expect(times == order)
        // Every other line is where it was.
        #expect(text.hasPrefix(Self.head))
    }

    @Test func aTimeJustAfterMidnightFollowsALateTrial() {
        let document = Document(Self.head + "- 23:58:00 s-initial + independent\n")
        let (text, appended) = apply(TrialAppend.plan(trial("00:01:00"), in: document), to: document)
        #expect(appended)
        #expect(text.hasSuffix("- 23:58:00 s-initial + independent\n- 00:01:00 s-initial + independent\n"))
    }

    @Test func aSectionAfterTrialsIsLeftAlone() {
        let document = Document(Self.head + "- 15:02:10 s-initial + independent\n\n## Later\n\nText.\n")
        let (text, appended) = apply(TrialAppend.plan(trial("15:05:00"), in: document), to: document)
        #expect(!appended)
        #expect(text == Self.head + "- 15:02:10 s-initial + independent\n- 15:05:00 s-initial + independent\n\n## Later\n\nText.\n")
    }
}
