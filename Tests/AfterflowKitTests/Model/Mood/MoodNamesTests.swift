import AfterflowKit
import Foundation
import Testing

/// The kind and the vocabulary's names as a user types them (#21, item 3: rules moved out of `mood`).
@Suite struct MoodNamesTests {
    @Test("daily, Day and daily-mood are the daily mood")
    func dailyKind() {
        #expect(["daily", " Day ", "daily-mood"].map(MoodKind.init(typed:)) == [.dailyMood, .dailyMood, .dailyMood])
    }

    @Test("a kind that is neither is nil")
    func unknownKind() {
        #expect(MoodKind(typed: "weekly") == nil)
    }

    @Test("names split at commas, written as the vocabulary writes them, each once")
    func canonicalNames() throws {
        #expect(try MoodVocabulary.canonicalNames(["Calm, anxious", "calm", ""], in: MoodVocabulary.labels) == ["calm", "anxious"])
    }

    @Test("an unknown name stops it, with the near ones")
    func unknownName() {
        do {
            _ = try MoodVocabulary.canonicalNames(["calm", "calmm"], in: MoodVocabulary.labels)
            Issue.record("expected calmm to be refused")
        } catch {
            #expect(error.name == "calmm" && error.near.first == "calm")
        }
    }
}
