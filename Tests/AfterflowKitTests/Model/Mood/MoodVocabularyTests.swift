@testable import AfterflowKit
import Foundation
import Testing

/// Score ↔ valence, the seven valence classes at their boundaries, the label table and the
/// association keywords (`moods.md`).
@Suite struct MoodVocabularyTests {
    @Test func theSeedsVectors() {
        #expect(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: 1)) == "-1.00")
        #expect(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: 5)) == "-0.11")
        #expect(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: 6)) == "0.11")
        #expect(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: 10)) == "1.00")
        #expect(MoodVocabulary.valence(forScore: 1) == -1.0)
        #expect(MoodVocabulary.valence(forScore: 10) == 1.0)
    }

    @Test(arguments: 1...10)
    func everyScoreSurvivesTheRoundTrip(_ score: Int) {
        let valence = MoodVocabulary.valence(forScore: score)
        #expect(MoodVocabulary.score(forValence: valence) == score)
        // Also through the two decimals the file writes.
        let written = MoodVocabulary.parseValence(MoodVocabulary.valenceText(valence))
        #expect(written.map(MoodVocabulary.score(forValence:)) == score)
    }

    @Test func valenceTextHasTwoDecimals() {
        #expect(MoodVocabulary.valenceText(0.5555) == "0.56")
        #expect(MoodVocabulary.valenceText(-0.05) == "-0.05")
        #expect(MoodVocabulary.valenceText(0) == "0.00")
        #expect(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: 3)) == "-0.56")
    }

    @Test func valenceOutsideTheRangeIsNotRead() {
        #expect(MoodVocabulary.parseValence("1.01") == nil)
        #expect(MoodVocabulary.parseValence("-2") == nil)
        #expect(MoodVocabulary.parseValence("nan") == nil)
        #expect(MoodVocabulary.parseValence("+0.5") == 0.5)
        #expect(MoodVocabulary.score(forValence: 1) == 10)
        #expect(MoodVocabulary.score(forValence: -1) == 1)
    }

    @Test func theSevenClassesAtTheirBoundaries() {
        #expect(ValenceClass(valence: -1) == .veryUnpleasant)
        #expect(ValenceClass(valence: -5.0 / 7 - 0.0001) == .veryUnpleasant)
        #expect(ValenceClass(valence: -5.0 / 7) == .unpleasant)
        #expect(ValenceClass(valence: -3.0 / 7 - 0.0001) == .unpleasant)
        #expect(ValenceClass(valence: -3.0 / 7) == .slightlyUnpleasant)
        #expect(ValenceClass(valence: -1.0 / 7 - 0.0001) == .slightlyUnpleasant)
        #expect(ValenceClass(valence: -1.0 / 7) == .neutral)
        #expect(ValenceClass(valence: 0) == .neutral)
        #expect(ValenceClass(valence: 1.0 / 7) == .neutral)
        #expect(ValenceClass(valence: 1.0 / 7 + 0.0001) == .slightlyPleasant)
        #expect(ValenceClass(valence: 3.0 / 7) == .slightlyPleasant)
        #expect(ValenceClass(valence: 3.0 / 7 + 0.0001) == .pleasant)
        #expect(ValenceClass(valence: 5.0 / 7) == .pleasant)
        #expect(ValenceClass(valence: 5.0 / 7 + 0.0001) == .veryPleasant)
        #expect(ValenceClass(valence: 1) == .veryPleasant)
    }

    @Test func eachScoresClassIsTheTables() {
        let expected: [ValenceClass] = [.veryUnpleasant, .veryUnpleasant, .unpleasant, .slightlyUnpleasant, .neutral, .neutral,
                                        .slightlyPleasant, .pleasant, .veryPleasant, .veryPleasant]
        #expect((1...10).map { ValenceClass(valence: MoodVocabulary.valence(forScore: $0)) } == expected)
    }

    @Test func theNamesAreAllThere() {
        #expect(MoodVocabulary.labels.count == 38)
        #expect(Set(MoodVocabulary.labels).count == 38)
        #expect(MoodVocabulary.associations.count == 18)
        #expect(ValenceClass.allCases.count == 7)
        #expect(Set(MoodVocabulary.keywords.keys) == Set(MoodVocabulary.associations))
        for labels in MoodVocabulary.labelsForScore.values {
            #expect(labels.allSatisfy(MoodVocabulary.labels.contains))
        }
        #expect(MoodVocabulary.labelsForScore.keys.sorted() == Array(1...10))
    }

    @Test func labelsFromTheScore() {
        #expect(MoodVocabulary.defaultLabels(forScore: 1).contains("sad"))
        #expect(MoodVocabulary.defaultLabels(forScore: 8) == ["happy", "confident"])
        #expect(MoodVocabulary.defaultLabels(forScore: 5) == ["indifferent"])
    }

    @Test(arguments: [
        ("Great workout today!", ["fitness"]),
        ("Long meeting with my boss, then yoga.", ["fitness", "work"]),
        ("Called Mom about the rent.", ["family", "money"]),
        ("My mom's birthday", ["family"]),
        ("Meditation and a warm bath", ["self-care"]),
        ("Homeworkout", []),
        ("Worked late", []),
        ("self-care Sunday with friends", ["friends", "self-care"]),
        ("Rainy day, read the news", ["current-events", "weather"]),
        ("", []),
    ])
    func associationsFromTheNotes(_ notes: String, _ expected: [String]) {
        #expect(MoodVocabulary.inferAssociations(from: notes) == expected)
    }

    @Test func aVaultsKeywordsAddToTheList() {
        #expect(MoodVocabulary.inferAssociations(from: "Went climbing", extra: ["climbing": "fitness"]) == ["fitness"])
        #expect(MoodVocabulary.inferAssociations(from: "Went climbing") == [])
    }

    @Test func theConfigsMoodKeywords() {
        let config = VaultConfig(bytes: Array("version: 1\nmood_keywords: [Climbing=fitness, shift = Work, choir=choirs, bad]\n".utf8))
        #expect(config.moodKeywords == ["climbing": "fitness", "shift": "work"])
        #expect(config.diagnostics.map(\.message) == [
            "mood_keywords: \"choirs\" is not an association; write one of \(MoodVocabulary.associations.joined(separator: ", "))",
            "each of mood_keywords must be a word and an association, like climbing=fitness, found \"bad\"",
        ])
        #expect(MoodVocabulary.inferAssociations(from: "Climbing before my shift", extra: config.moodKeywords) == ["fitness", "work"])
    }

    @Test func namesAreReadWithoutCaseAndInFHIRsCamelCase() {
        #expect(MoodVocabulary.canonical("Happy", in: MoodVocabulary.labels) == "happy")
        #expect(MoodVocabulary.canonical("selfCare", in: MoodVocabulary.associations) == "self-care")
        #expect(MoodVocabulary.canonical("current_events", in: MoodVocabulary.associations) == "current-events")
        #expect(MoodVocabulary.canonical("hapy", in: MoodVocabulary.labels) == nil)
        #expect(MoodVocabulary.near("hapy", in: MoodVocabulary.labels).first == "happy")
        #expect(MoodVocabulary.near("wrok", in: MoodVocabulary.associations) == ["work"])
    }
}
