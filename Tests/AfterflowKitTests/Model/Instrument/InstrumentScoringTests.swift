import Foundation
import Testing
@testable import AfterflowKit

/// Each shipped instrument scored on a worked example (figures by hand in the comments), PHQ-9 and
/// GAD-7 as instruments giving the enum's bands for every total, and the rules for missing and
/// reverse-scored answers.
@Suite("Instrument scoring")
struct InstrumentScoringTests {
    static func builtIn(_ id: String) throws -> Instrument { try #require(InstrumentCatalog.builtIn(id: id)) }

    @Test("every built-in definition text reads without a problem")
    func builtInsRead() throws {
        for text in BuiltInInstruments.texts {
            let file = InstrumentFile(text: text, source: .builtIn)
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
            #expect(file.instrument != nil)
        }
        #expect(BuiltInInstruments.all.map(\.id) == ["phq9", "gad7", "meq30", "ceq", "edi", "ebi"])
    }

    @Test("MEQ-30: every item 3 is 60 % on each subscale, a complete mystical experience (the boundary)")
    func meqBoundary() throws {
        let meq = try Self.builtIn("meq30")
        #expect(meq.itemCount == 30 && meq.minimum == 0 && meq.maximum == 5 && meq.subscales.count == 4)
        let score = meq.score(answers: Array(repeating: 3, count: 30))
        // mystical 15 items × 3 = 45 of 75 = 60 %; positive mood 18/30; transcendence 18/30; ineffability 9/15.
        #expect(score.subscale("mystical")?.sum == 45)
        for (name, part) in score.subscales { #expect(abs((part?.percentOfMax ?? 0) - 60) < 1e-9, "\(name)") }
        #expect(score.thresholds == [InstrumentScore.Verdict(name: "complete mystical experience", met: true)])
        // Total 90 of 150 = 60 %.
        #expect(abs((score.total?.score ?? 0) - 60) < 1e-9)
    }

    @Test("MEQ-30: ineffability at 53.3 % is not complete; total 110/150 = 73.3 %")
    func meqNotComplete() throws {
        let meq = try Self.builtIn("meq30")
        var answers = Array(repeating: 0, count: 30)
        for i in [4, 5, 6, 9, 14, 15, 16, 18, 20, 21, 23, 24, 25, 26, 28] { answers[i - 1] = 4 }  // mystical 60/75 = 80 %
        for i in [2, 8, 12, 17, 27, 30] { answers[i - 1] = 4 }                                     // positive mood 24/30 = 80 %
        for i in [1, 7, 11, 13, 19, 22] { answers[i - 1] = 3 }                                     // transcendence 18/30 = 60 %
        answers[3 - 1] = 3; answers[10 - 1] = 3; answers[29 - 1] = 2                              // ineffability 8/15 = 53.3 %
        let score = meq.score(answers: answers)
        #expect(score.subscale("mystical")?.sum == 60)
        #expect(scoreText(score.subscale("mystical")?.score ?? 0) == "80")
        #expect(scoreText(score.subscale("positive mood")?.score ?? 0) == "80")
        #expect(scoreText(score.subscale("transcendence of time and space")?.score ?? 0) == "60")
        #expect(scoreText(score.subscale("ineffability")?.score ?? 0) == "53.3")
        #expect(score.total?.sum == 110)                        // 60 + 24 + 18 + 8
        #expect(scoreText(score.total?.score ?? 0) == "73.3")   // 110 ÷ 150 × 100
        #expect(score.thresholds.first?.met == false)
    }

    @Test("EDI: the mean of eight 0-100 answers")
    func edi() throws {
        let edi = try Self.builtIn("edi")
        #expect(edi.itemCount == 8 && edi.maximum == 100 && edi.scoring == .mean && !edi.hasWording)
        // (10 + 20 + … + 80) ÷ 8 = 360 ÷ 8 = 45.
        let score = edi.score(answers: [10, 20, 30, 40, 50, 60, 70, 80])
        #expect(score.total?.sum == 360)
        #expect(score.total?.score == 45)
        #expect(score.thresholds.isEmpty && score.band == nil)
    }

    @Test("EBI: the mean of six 0-100 answers, given the day after")
    func ebi() throws {
        let ebi = try Self.builtIn("ebi")
        #expect(ebi.itemCount == 6 && ebi.given == .after && ebi.daysAfter == 1)
        // (0 + 100 + 50 + 50 + 25 + 75) ÷ 6 = 300 ÷ 6 = 50.
        #expect(ebi.score(answers: [0, 100, 50, 50, 25, 75]).total?.score == 50)
    }

    @Test("CEQ: 26 items 0-5, the total as a percentage of its maximum")
    func ceq() throws {
        let ceq = try Self.builtIn("ceq")
        #expect(ceq.itemCount == 26 && ceq.subscales.isEmpty)
        // 26 × 1 = 26 of 130 = 20 %; 26 × 5 = 130 of 130 = 100 %.
        #expect(ceq.score(answers: Array(repeating: 1, count: 26)).total?.score == 20)
        #expect(ceq.score(answers: Array(repeating: 5, count: 26)).total?.score == 100)
    }

    @Test("PHQ-9 and GAD-7 as instruments: the enum's wording, codes and band for every total")
    func standardInstruments() throws {
        for standard in AssessmentInstrument.allCases {
            let instrument = try Self.builtIn(standard.rawValue)
            #expect(instrument.items.map(\.text) == standard.items.map { Optional($0) })
            #expect(instrument.loinc == standard.totalCode && instrument.loincPanel == standard.panelCode)
            for total in 0...standard.maximum {
                // Answers adding up to `total`: as many 3s as fit, then the rest, then 0s.
                var answers = Array(repeating: 0, count: standard.itemCount)
                var left = total
                for i in answers.indices { answers[i] = min(3, left); left -= answers[i] }
                let score = instrument.score(answers: answers)
                #expect(score.total?.sum == total)
                #expect(score.band == standard.band(total: total).rawValue, "\(standard) \(total)")
            }
        }
        // The worked example of AssessCommandTests: 1+1+2+1+0+1+0+0+0 = 6, mild.
        #expect(try Self.builtIn("phq9").score(answers: [1, 1, 2, 1, 0, 1, 0, 0, 0]).band == "mild")
    }

    @Test("a missing answer leaves its subscale and the threshold that needs it without a score")
    func missing() throws {
        let meq = try Self.builtIn("meq30")
        var answers: [Int?] = Array(repeating: 5, count: 30)
        answers[3 - 1] = nil  // an ineffability item
        let score = meq.score(answers: answers)
        #expect(score.total == nil)
        #expect(score.subscale("ineffability") == nil)
        #expect(score.subscale("mystical")?.score == 100)
        #expect(score.thresholds.first?.met == nil)
    }

    @Test("a user's instrument: reverse-scored items, sum scoring, bands and a threshold on a subscale")
    func userDefined() throws {
        let text = """
            ---
            type: instrument
            id: calm
            title: Calm-4
            citation: ours
            licence: CC0-1.0
            scale: 1-5
            reverse: [2]
            ---

            ## Items

            1. I felt calm
            2. I felt tense
            3.
            4. item 4

            ## Subscales

            - ease: 1, 2
            - rest: 3-4

            ## Bands

            - low: 4-9
            - high: 10-20

            ## Thresholds

            - at ease: ease >= 80%
            """
        let file = InstrumentFile(text: text, source: .vault("instruments/calm.md"))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let calm = try #require(file.instrument)
        #expect(calm.items.map(\.text) == ["I felt calm", "I felt tense", nil, nil])
        #expect(calm.subscales.map(\.items) == [[1, 2], [3, 4]])
        // Item 2 reversed: 1 + 5 − 1 = 5. ease 5 + 5 = 10 of 10 → (10 − 2) ÷ (2 × 4) = 100 %.
        // Total 5 + 5 + 2 + 1 = 13, band high.
        let score = calm.score(answers: [5, 1, 2, 1])
        #expect(score.total?.sum == 13)
        #expect(score.band == "high")
        #expect(score.subscale("ease")?.percentOfMax == 100)
        #expect(score.thresholds.first?.met == true)
        // Item 2 answered 5 reverses to 1: ease 6, (6 − 2) ÷ 8 = 50 %, not at ease; total 9, low.
        let other = calm.score(answers: [5, 5, 2, 1])
        #expect(other.total?.sum == 9 && other.band == "low")
        #expect(other.thresholds.first?.met == false)
    }
}
