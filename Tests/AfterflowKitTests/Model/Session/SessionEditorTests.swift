@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

@Suite struct SessionEditorTests {
    let editor = SessionEditor(timeZone: TimeZone(identifier: "America/Los_Angeles")!)

    private func lines(_ document: Document) -> [String] {
        (0..<document.lines.count).map { document.text(ofLine: $0) }
    }

    /// The lines of `after` that are not in `before`, and the other way round (a line diff by LCS).
    private func changedLines(_ before: [String], _ after: [String]) -> (removed: [String], added: [String]) {
        let difference = after.difference(from: before)
        var removed: [String] = []
        var added: [String] = []
        for change in difference {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }

    @Test func changingAValueTouchesOnlyItsLine() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "comments-unknown-keys-order.md"))
        let edited = try editor.setting("mood_before", to: "7", in: original)
        let diff = changedLines(lines(original), lines(edited))
        #expect(diff.removed == ["mood_before: 6"])
        #expect(diff.added == ["mood_before: 7"])
    }

    @Test func aNewKeyGoesInItsCanonicalPlace() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "comments-unknown-keys-order.md"))
        let edited = try editor.setting("mood_after", to: "9", in: original)
        let after = lines(edited)
        let index = try #require(after.firstIndex(of: "mood_after: 9"))
        #expect(after[index - 1] == "mood_before: 6")
        #expect(changedLines(lines(original), after).removed.isEmpty)
    }

    @Test func aKeyBeforeEveryOtherGoesFirst() throws {
        let original = Document("---\ndate: 2024-12-10\ntreatment: dmt\n---\n")
        let edited = try editor.setting("administration", to: "IV", in: original)
        #expect(lines(edited) == ["---", "date: 2024-12-10", "treatment: dmt", "administration: intravenous", "---"])
    }

    @Test func valuesAreValidatedAndCanonical() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "canonical.md"))
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("mood_before", to: "11", in: original) }
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("treatment", to: "aspirin", in: original) }
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("date", to: "tomorrowish", in: original) }
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("status", to: "complete", in: original) }
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("id", to: "x", in: original) }
        #expect(throws: SessionEditor.Rejection.self) { try editor.setting("bad key", to: "x", in: original) }
        let treatment = try editor.setting("treatment", to: "MDMA", in: original)
        #expect(lines(treatment).contains("treatment: mdma"))
        let date = try editor.setting("date", to: "2024-07-04 09:05", in: original)
        #expect(lines(date).contains("date: 2024-07-04T09:05:00-07:00"))
        let dose = try editor.setting("dose", to: "no", in: original)
        #expect(lines(dose).contains("dose: \"no\""))
        let removed = try editor.setting("music", to: "", in: original)
        #expect(!lines(removed).contains { $0.hasPrefix("music:") })
    }

    @Test func blockListsStayBlockLists() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "block-list-tags.md"))
        let edited = try editor.setting("tags", to: "grief, sea", in: original)
        #expect(lines(edited).contains("  - sea"))
        #expect(Session(document: edited).tags == ["grief", "sea"])
    }

    @Test func sectionsAreReplacedOrCreatedInPlace() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "canonical.md"))
        let edited = try editor.setting("environment", to: "A quiet room.\n\nRain outside.", in: original)
        let session = Session(document: edited)
        #expect(session.environment == "A quiet room.\n\nRain outside.")
        #expect(session.intention == "To explore creativity and connection.")
        #expect(session.musicNotes == "The ambient playlist felt grounding.")
        let diff = changedLines(lines(original), lines(edited))
        #expect(diff.removed == ["Living room, candles, my partner nearby."])

        // Music is missing here; it goes between Intention and Reflections.
        let sparse = Document("---\ndate: 2024-12-10\ntreatment: dmt\n---\n## Intention\n\nSee.\n\n## Reflections\n\nSaw.\n")
        let withMusic = try editor.setting("music_notes", to: "Drums.", in: sparse)
        #expect(String(decoding: withMusic.bytes, as: UTF8.self).hasSuffix("## Intention\n\nSee.\n\n## Music\n\nDrums.\n\n## Reflections\n\nSaw.\n"))

        // The last section, emptied and filled again.
        let emptied = try editor.setting("reflections", to: "", in: sparse)
        #expect(String(decoding: emptied.bytes, as: UTF8.self).hasSuffix("See.\n\n## Reflections\n"))
        let refilled = try editor.setting("reflections", to: "Saw.", in: emptied)
        #expect(refilled.bytes == sparse.bytes)
    }

    @Test func sectionTextThatWouldEndTheSectionIsRefused() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "canonical.md"))
        for text in ["#", "Fine\n## Not fine", "# Title", "Listen\n```", "~~~\nopen"] {
            #expect(throws: SessionEditor.Rejection.self) { try editor.setting("intention", to: text, in: original) }
        }
        let allowed = try editor.setting("intention", to: "### A sub-heading\n\n```\n## inside a fence\n```\n#hashtag", in: original)
        #expect(Session(document: allowed).intention == "### A sub-heading\n\n```\n## inside a fence\n```\n#hashtag")
        #expect(Session(document: allowed).environment == "Living room, candles, my partner nearby.")
    }

    @Test func finishingWritesStatusAndUpdatedAndClearsAReminderOnCompletion() throws {
        let text = "---\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2024-12-10\ntreatment: dmt\nmood_before: 5\nstatus: needs-reflection\nreminder: 2024-12-10T17:30:00-08:00\nupdated: 2024-12-10T14:31:02-08:00\n---\n## Intention\n\nSee.\n\n## Reflections\n"
        let reflected = try editor.setting("reflections", to: "Saw.", in: Document(text))
        let now = Date(timeIntervalSince1970: 1_733_900_000)
        let finished = editor.finishing(reflected, now: now)
        let after = lines(finished)
        #expect(after.contains("status: complete"))
        #expect(!after.contains { $0.hasPrefix("reminder:") })
        #expect(after.contains("updated: 2024-12-10T22:53:20-08:00"))
        // A complete session keeps a reminder written by hand when nothing changes its status.
        let untouched = editor.finishing(Document(bytes: Fixtures.bytes("valid", "canonical.md")), now: nil)
        #expect(untouched.bytes == Fixtures.bytes("valid", "canonical.md"))
    }

    static let editableKeys = ["dose", "mood_before", "mood_after", "music", "tags", "administration", "treatment", "reminder", "facilitator"]

    /// A random edit of a random fixture changes only the lines of the edited field.
    @Test func randomEditsChangeOnlyTheirOwnLines() async {
        let fixtures = Fixtures.names(in: "valid").filter { $0 != "no-trailing-newline.md" }
        let values = ["3 g", "7", "1", "https://x.y/z", "a, b", "IV", "oral", "LSD", "2024-12-11 10:00", "no", "Maya", "café: ok"]
        let input = zip(Gen.element(of: fixtures), Gen.element(of: Self.editableKeys), Gen.element(of: values))
        await propertyCheck(count: 300, input: input) { fixture, key, value in
            let original = Document(bytes: Fixtures.bytes("valid", fixture!))
            guard let edited = try? editor.setting(key!, to: value!, in: original) else { return }
            let before = lines(original)
            let after = lines(edited)
            let diff = changedLines(before, after)
            let keyLines = original.frontMatter?.entry(key!).map { $0.lines.map { before[$0] } } ?? []
            #expect(diff.removed.allSatisfy { keyLines.contains($0) }, "removed \(diff.removed) not in \(keyLines)")
            #expect(diff.added.allSatisfy { $0.hasPrefix("\(key!):") || $0.hasPrefix("  - ") }, "added \(diff.added)")
            #expect(edited.frontMatter?.entry(key!) != nil)
            #expect(edited.diagnostics.isEmpty)
        }
    }
}
