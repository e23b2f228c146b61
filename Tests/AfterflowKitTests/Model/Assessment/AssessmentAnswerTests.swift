@testable import AfterflowKit
import Foundation
import Testing

/// `AssessmentAnswer`, the one save of `afterflow assess ID` and the journal page: PHQ-9 and
/// GAD-7 written with their total and band, any other instrument with its items alone; answers
/// off the scale or too few refused in words; the crisis message for PHQ-9's item 9 alone.
@Suite struct AssessmentAnswerTests {
    let when = LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0))

    func answer(_ id: String, _ answers: [Int]) throws -> AssessmentAnswer {
        let instrument = try #require(InstrumentCatalog().instrument(id: id))
        return AssessmentAnswer(date: when, instrument: instrument, answers: answers, created: when)
    }

    @Test func phq9IsWrittenWithItsTotalAndBand() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        var phq = try answer("PHQ-9", [1, 0, 2, 1, 0, 0, 1, 0, 1])
        phq.notes = "Before the session."
        #expect(phq.problem == nil)
        #expect(phq.needsSafetyMessage, "item 9 is 1, above 0")
        let path = try store.create(phq)
        #expect(path == "assessments/2025/2025-03-04-0815-phq9.md")
        let text = try temp.read(path)
        // 1+0+2+1+0+0+1+0+1 = 6: mild (5-9).
        #expect(text.contains("instrument: phq9\nitems: [1, 0, 2, 1, 0, 0, 1, 0, 1]\ntotal: 6\nband: mild\n"), "\(text)")
        #expect(text.hasSuffix("---\n\nBefore the session.\n"), "\(text)")
        #expect(text.contains("id: \(phq.id.uuidString.uppercased())\n"), "the answer's id is the file's: \(text)")
    }

    @Test func anotherInstrumentIsWrittenWithItsItemsAlone() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        var edi = try answer("edi", [51, 40, 60, 30, 70, 45, 55, 9])
        edi.session = "DD66A156-EE2B-4BB8-8521-226FBAADABDD"
        #expect(edi.standard == nil && edi.total == nil && edi.band == nil && !edi.needsSafetyMessage)
        // (51+40+60+30+70+45+55+9) / 8 = 360 / 8 = 45.
        #expect(edi.score.total?.score == 45)
        let path = try store.create(edi)
        let text = try temp.read(path)
        #expect(path == "assessments/2025/2025-03-04-0815-edi.md")
        #expect(text.contains("instrument: edi\nitems: [51, 40, 60, 30, 70, 45, 55, 9]\nsession: DD66A156-EE2B-4BB8-8521-226FBAADABDD\n"), "\(text)")
        #expect(!text.contains("total:") && !text.contains("band:"), "\(text)")
    }

    @Test func answersOffTheScaleOrTooFewAreRefusedInWords() throws {
        #expect(try answer("meq30", Array(repeating: 5, count: 29) + [6]).problem == "item 30 of MEQ-30 must be a whole number from 0-5, found 6")
        #expect(try answer("gad7", [1, 1]).problem == "GAD-7 needs 7 answers (0-3), one for each item in order, found 2")
        #expect(try answer("phq9", [0, 0, 0, 0, 0, 0, 0, 0, 0]).needsSafetyMessage == false)
        #expect(try answer("gad7", [3, 3, 3, 3, 3, 3, 3]).needsSafetyMessage == false, "GAD-7 has no item 9")
    }
}
