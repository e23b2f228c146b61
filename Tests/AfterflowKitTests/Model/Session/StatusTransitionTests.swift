@testable import AfterflowKit
import Foundation
import Testing

/// Every change of status, through the edits commands make, with the reminder's fate.
@Suite struct StatusTransitionTests {
    let editor = SessionEditor(timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    let now = Date(timeIntervalSince1970: 1_733_940_000)

    static func file(intention: String, mood: String?, reflections: String, status: String) -> String {
        "---\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2024-12-10T14:30:00-08:00\ntreatment: lsd\n"
            + (mood.map { "mood_before: \($0)\n" } ?? "")
            + "status: \(status)\nreminder: 2024-12-10T17:30:00-08:00\n---\n## Intention\n\n\(intention)\(intention.isEmpty ? "" : "\n\n")## Reflections\n"
            + (reflections.isEmpty ? "" : "\n\(reflections)\n")
    }

    static let draft = file(intention: "", mood: nil, reflections: "", status: "draft")
    static let needs = file(intention: "Listen.", mood: "5", reflections: "", status: "needs-reflection")
    static let complete = file(intention: "Listen.", mood: "5", reflections: "Saw.", status: "complete")
    static let draftWithReflections = file(intention: "", mood: "5", reflections: "Saw.", status: "draft")

    /// (from, changes, status after, reminder kept)
    @Test(arguments: [
        (draft, [("intention", "Listen."), ("mood_before", "5")], SessionStatus.needsReflection, true),
        (draft, [("intention", "Listen.")], .draft, true),
        (draftWithReflections, [("intention", "Listen.")], .complete, false),
        (needs, [("reflections", "Saw.")], .complete, false),
        (needs, [("mood_before", "")], .draft, true),
        (needs, [("intention", " ")], .draft, true),
        (complete, [("reflections", "")], .needsReflection, true),
        (complete, [("mood_before", "")], .draft, true),
        (complete, [("mood_after", "8")], .complete, true),
    ])
    func transitions(_ text: String, _ changes: [(String, String)], _ expected: SessionStatus, _ reminderKept: Bool) throws {
        var document = Document(text)
        for (key, value) in changes { document = try editor.setting(key, to: value, in: document) }
        let session = Session(document: editor.finishing(document, now: now))
        #expect(session.status == expected)
        #expect(session.recordedStatus == expected, "the file says what the content makes it")
        #expect((session.reminder != nil) == reminderKept)
    }

    @Test func aQuickReflectionTakesNeedsReflectionToComplete() throws {
        let session = Session(document: try editor.addingReflection("Saw.", typedAt: now, prepend: false, to: Document(Self.needs), now: now))
        #expect(session.status == .complete)
        #expect(session.reminder == nil)
    }
}
