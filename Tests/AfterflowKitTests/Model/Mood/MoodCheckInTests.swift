@testable import AfterflowKit
import Foundation
import Testing

/// The `type: mood` document: every field read, the canonical file the writer makes read back
/// to what it was given, and byte-identical round trips.
@Suite struct MoodCheckInTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test func readsEveryField() throws {
        let entry = VaultEntry(path: "moods/2025/2025-03-04-0815.md", bytes: Fixtures.bytes("kinds", "mood.md"))
        #expect(entry.kind == .mood)
        guard case .mood(let mood) = entry.content else { Issue.record("not a mood"); return }
        #expect(mood.id == UUID(uuidString: "3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49"))
        #expect(mood.date?.canonical(in: losAngeles) == "2025-03-04T08:15:00-08:00")
        #expect(mood.score == 8)
        #expect(mood.valence.map(MoodVocabulary.valenceText) == "0.56")
        #expect(mood.valenceClass == .pleasant)
        #expect(mood.kind == .momentaryEmotion)
        #expect(mood.labels == [])
        #expect(mood.suggestedLabels == ["happy", "confident"])
        #expect(mood.associations == ["fitness"])
        #expect(mood.source == .user)
        #expect(mood.created?.canonical(in: losAngeles) == "2025-03-04T08:15:00-08:00")
        #expect(mood.updated?.canonical(in: losAngeles) == "2025-03-04T08:15:00-08:00")
        #expect(mood.notes == "Great workout today!")
        #expect(mood.diagnostics.isEmpty, "\(mood.diagnostics)")
    }

    @Test func aHandEditedFileWithCRLFCommentsBlockListsAndItsOwnKeys() {
        let bytes = Fixtures.bytes("kinds", "mood-crlf-hand-edited.md")
        let entry = VaultEntry(path: "m.md", bytes: bytes)
        guard case .mood(let mood) = entry.content else { Issue.record("not a mood"); return }
        #expect(mood.document.bytes == bytes)
        #expect(mood.document.lineEnding == .crlf)
        #expect(mood.score == 4)
        // No valence written: the score's, and its class.
        #expect(mood.valence.map(MoodVocabulary.valenceText) == "-0.33")
        #expect(mood.valenceClass == .slightlyUnpleasant)
        #expect(mood.kind == .dailyMood)
        #expect(mood.labels == ["worried", "stressed"])
        #expect(mood.associations == ["work", "money"])
        #expect(mood.effectiveSource == .user)
        #expect(mood.notes == "Rent is due and the boss moved the deadline.\n\nStill, a quiet evening.")
        #expect(mood.document.frontMatter?.entry("mood_app")?.value.scalar?.text == "daylio")
        #expect(mood.diagnostics.isEmpty, "\(mood.diagnostics)")
    }

    @Test func aValenceWithoutAScoreGivesTheScore() {
        let mood = MoodCheckIn(document: Document("---\ntype: mood\nid: 3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49\ndate: 2025-03-04\nvalence: 0.33\n---\n"))
        #expect(mood.score == 7)
        #expect(mood.valenceClass == .slightlyPleasant)
        #expect(mood.diagnostics.isEmpty, "\(mood.diagnostics)")
    }

    @Test(arguments: 1...10)
    func theWritersFileReadsBackToWhatItWasGiven(_ score: Int) throws {
        var values = MoodValues(date: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0)),
                                score: score, created: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 16, second: 2)))
        values.labels = MoodVocabulary.defaultLabels(forScore: score)
        values.associations = ["fitness", "self-care"]
        values.notes = "Great workout today!\n\nThen a bath."
        values.kind = score.isMultiple(of: 2) ? .dailyMood : .momentaryEmotion
        let text = MoodWriter.newDocument(values, timeZone: losAngeles)
        let entry = VaultEntry(path: MoodWriter.path(for: values.date, timeZone: losAngeles), bytes: Array(text.utf8))
        #expect(entry.path == "moods/2025/2025-03-04-0815.md")
        guard case .mood(let mood) = entry.content else { Issue.record("not a mood"); return }
        #expect(entry.diagnostics.isEmpty, "\(entry.diagnostics)")
        #expect(mood.id == values.id)
        #expect(mood.score == score)
        #expect(mood.valenceClass == ValenceClass(valence: MoodVocabulary.valence(forScore: score)))
        #expect(mood.labels == values.labels)
        #expect(mood.associations == values.associations)
        #expect(mood.kind == values.kind)
        #expect(mood.source == .user)
        #expect(mood.notes == values.notes)
        #expect(mood.document.bytes == Array(text.utf8))
        // The canonical file is left alone by fmt.
        #expect(MoodFormatter().format(mood)?.bytes == Array(text.utf8))
    }

    @Test func theWritersExactText() {
        var values = MoodValues(date: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0)),
                                score: 8, created: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0)))
        values.id = UUID(uuidString: "3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49")!
        values.suggestedLabels = ["happy", "confident"]
        values.associations = ["fitness"]
        values.notes = "Great workout today!"
        #expect(MoodWriter.newDocument(values, timeZone: losAngeles) == Fixtures.text("kinds", "mood.md"))
    }

    @Test func noNotesNoBody() {
        let values = MoodValues(date: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0)),
                                score: 5, created: LocalDate(year: 2025, month: 3, day: 4))
        let text = MoodWriter.newDocument(values, timeZone: losAngeles)
        #expect(text.hasSuffix("---\n"))
        #expect(text.contains("labels: []\n"))
        #expect(MoodCheckIn(document: Document(text)).diagnostics.isEmpty)
    }

    @Test func pathsInTheVaultsTimeZoneAndASecondInTheSameMinute() {
        let date = LocalDate(year: 2025, month: 12, day: 31, time: .init(hour: 23, minute: 5, second: 59), offset: -8 * 3600)
        #expect(MoodWriter.path(for: date, timeZone: losAngeles) == "moods/2025/2025-12-31-2305.md")
        #expect(MoodWriter.path(for: date, timeZone: losAngeles, attempt: 2) == "moods/2025/2025-12-31-2305-2.md")
    }

    @Test func fmtGivesAnIDAndTouchesNothingElse() {
        let text = "---\ntype: mood\ndate: 2025-03-04T08:15:00  # morning\nscore: 7\n---\n\nfine\n"
        let mood = MoodCheckIn(document: Document(text))
        let id = UUID(uuidString: "3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49")!
        let formatted = MoodFormatter().format(mood, newID: { id })
        #expect(formatted.map { String(decoding: $0.bytes, as: UTF8.self) }
                == "---\ntype: mood\nid: 3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49\ndate: 2025-03-04T08:15:00  # morning\nscore: 7\n---\n\nfine\n")
    }
}
