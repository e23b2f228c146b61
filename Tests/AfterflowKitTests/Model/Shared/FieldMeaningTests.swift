@testable import AfterflowKit
import Testing

/// The keys and values an editor completes come with what they mean.
struct FieldMeaningTests {
    @Test(arguments: DocumentKind.allCases)
    func everyKeyOfTheKindHasAMeaning(kind: DocumentKind) {
        #expect(kind.descriptor.keys.filter { kind.descriptor.meaning(ofKey: $0) == nil } == [])
    }

    @Test func aKeyOfAnotherKindHasNoMeaningHere() {
        #expect(Client.meaning(ofKey: "treatment") == nil)
    }

    @Test func aSessionsMoodValuesCarryTheirWords() {
        #expect(Session.valueChoices(forKey: "mood_before").first { $0.value == "8" }?.meaning == "☀️ Uplifted")
    }

    @Test func aCheckInsLabelsAreApplesThirtyEight() {
        #expect(MoodCheckIn.valueChoices(forKey: "labels").map(\.value) == MoodVocabulary.labels)
    }
}
