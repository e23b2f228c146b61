@testable import AfterflowKit
import Foundation
import Testing

/// PHQ-9 and GAD-7: bands at every boundary, totals from the items, the typed view of the file,
/// the canonical writer read back, fmt's additions, and the item-9 rule.
@Suite struct AssessmentTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    /// Each boundary of moods.md: the last total of a band and the first of the next.
    static let phq9Bands: [(Int, AssessmentBand)] = [
        (0, .minimal), (4, .minimal), (5, .mild), (9, .mild), (10, .moderate), (14, .moderate),
        (15, .moderatelySevere), (19, .moderatelySevere), (20, .severe), (27, .severe),
    ]
    static let gad7Bands: [(Int, AssessmentBand)] = [
        (0, .minimal), (4, .minimal), (5, .mild), (9, .mild), (10, .moderate), (14, .moderate), (15, .severe), (21, .severe),
    ]

    @Test(arguments: phq9Bands)
    func phq9BandAtEachBoundary(_ total: Int, _ band: AssessmentBand) {
        #expect(AssessmentInstrument.phq9.band(total: total) == band)
    }

    @Test(arguments: gad7Bands)
    func gad7BandAtEachBoundary(_ total: Int, _ band: AssessmentBand) {
        #expect(AssessmentInstrument.gad7.band(total: total) == band)
    }

    @Test func everyTotalHasABandOfItsInstrument() {
        for instrument in AssessmentInstrument.allCases {
            var previous = AssessmentBand.minimal
            for total in 0...instrument.maximum {
                let band = instrument.band(total: total)
                #expect(instrument.bands.contains(band), "\(instrument) \(total)")
                #expect(band >= previous, "bands never go down as the total rises")
                previous = band
            }
        }
        #expect(AssessmentInstrument.phq9.maximum == 27)
        #expect(AssessmentInstrument.gad7.maximum == 21)
        #expect(!AssessmentInstrument.gad7.bands.contains(.moderatelySevere))
    }

    @Test func instrumentsHaveTheirItemsAndCodes() {
        #expect(AssessmentInstrument.phq9.items.count == 9)
        #expect(AssessmentInstrument.phq9.itemCodes.count == 9)
        #expect(AssessmentInstrument.gad7.items.count == 7)
        #expect(AssessmentInstrument.gad7.itemCodes.count == 7)
        #expect(AssessmentInstrument.phq9.totalCode == "44261-6")
        #expect(AssessmentInstrument.gad7.totalCode == "70274-6")
        #expect(AssessmentInstrument.phq9.items[8].hasPrefix("Thoughts that you would be better off dead"))
        #expect(AssessmentInstrument(parsing: "PHQ-9") == .phq9)
        #expect(AssessmentInstrument(parsing: "gad 7") == .gad7)
        #expect(AssessmentInstrument(parsing: "beck") == nil)
    }

    /// Totals from answers: every answer at its lowest and highest, and a mixed one.
    @Test(arguments: [
        (AssessmentInstrument.phq9, [0, 0, 0, 0, 0, 0, 0, 0, 0], 0, AssessmentBand.minimal),
        (.phq9, [3, 3, 3, 3, 3, 3, 3, 3, 3], 27, .severe),
        (.phq9, [1, 1, 2, 1, 0, 1, 0, 0, 0], 6, .mild),
        (.phq9, [2, 2, 2, 2, 2, 2, 2, 1, 0], 15, .moderatelySevere),
        (.gad7, [0, 0, 0, 0, 0, 0, 0], 0, .minimal),
        (.gad7, [3, 3, 3, 3, 3, 3, 3], 21, .severe),
        (.gad7, [2, 2, 2, 2, 1, 1, 0], 10, .moderate),
    ])
    func totalsFromTheWrittenFile(_ instrument: AssessmentInstrument, _ answers: [Int], _ total: Int, _ band: AssessmentBand) throws {
        let date = LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0))
        let values = AssessmentAnswer(date: date, instrument: instrument, answers: answers, created: date)
        #expect(values.total == total)
        #expect(values.band == band)
        let text = AssessmentWriter.newDocument(values, timeZone: losAngeles)
        let entry = VaultEntry(path: "assessments/2025/x.md", bytes: Array(text.utf8))
        guard case .assessment(let assessment) = entry.content else { Issue.record("not read as an assessment"); return }
        #expect(assessment.diagnostics.isEmpty, "\(assessment.diagnostics)")
        #expect(assessment.instrument == instrument)
        #expect(assessment.items == answers.map { Optional($0) })
        #expect(assessment.total == total)
        #expect(assessment.writtenTotal == total)
        #expect(assessment.band == band)
        #expect(assessment.writtenBand == band)
        #expect(Document(bytes: Array(text.utf8)).bytes == Array(text.utf8))
        #expect(AssessmentFormatter().format(assessment)?.bytes == assessment.document.bytes, "a new file is canonical")
    }

    @Test func theWriterWritesTheCanonicalFixture() throws {
        let date = try #require(LocalDate.parse("2025-03-04T08:15:00-08:00"))
        var values = AssessmentAnswer(date: date, instrument: .phq9, answers: [1, 1, 2, 1, 0, 1, 0, 0, 0], created: date)
        values.id = try #require(UUID(uuidString: "8C4E2B71-3D5A-4F96-B0E8-1A7C9D2E6F53"))
        values.notes = "Before the second session; sleeping badly this week."
        #expect(AssessmentWriter.newDocument(values, timeZone: losAngeles) == Fixtures.text("kinds", "assessment.md"))
        #expect(AssessmentWriter.path(for: date, instrument: .phq9, timeZone: losAngeles) == "assessments/2025/2025-03-04-0815-phq9.md")
        #expect(AssessmentWriter.path(for: date, instrument: .gad7, timeZone: losAngeles, attempt: 2) == "assessments/2025/2025-03-04-0815-gad7-2.md")
    }

    @Test func aHandEditedFileReadsAndRoundTrips() throws {
        let bytes = Fixtures.bytes("kinds", "assessment-crlf-hand-edited.md")
        let entry = VaultEntry(path: "assessments/2025/x.md", bytes: bytes)
        guard case .assessment(let assessment) = entry.content else { Issue.record("not read as an assessment"); return }
        #expect(!assessment.diagnostics.hasErrors, "\(assessment.diagnostics)")
        #expect(assessment.instrument == .gad7)
        #expect(assessment.items == [2, 1, 2, 1, 0, 1, 0])
        #expect(assessment.total == 7)
        #expect(assessment.band == .mild)
        #expect(assessment.notes == "After the long weekend.")
        #expect(AssessmentFormatter().format(assessment)?.bytes == bytes, "fmt leaves a complete file alone")
    }

    @Test func fmtAddsAMissingTotalBandAndIDAndNothingElse() throws {
        let text = "---\ntype: assessment\ndate: 2025-03-04T08:15:00\ninstrument: gad7\nitems: [3, 2, 2, 1, 1, 1, 0]   # on paper\nmine: kept\n---\n\nNotes.\n"
        let document = Document(bytes: Array(text.utf8))
        let assessment = Assessment(document: document)
        #expect(!assessment.diagnostics.hasErrors)
        #expect(assessment.diagnostics.map(\.message).contains("total is missing; 'afterflow fmt' adds it"))
        let id = try #require(UUID(uuidString: "8C4E2B71-3D5A-4F96-B0E8-1A7C9D2E6F53"))
        let formatted = try #require(AssessmentFormatter().format(assessment, newID: { id }))
        #expect(String(decoding: formatted.bytes, as: UTF8.self) ==
            "---\ntype: assessment\nid: 8C4E2B71-3D5A-4F96-B0E8-1A7C9D2E6F53\ndate: 2025-03-04T08:15:00\ninstrument: gad7\nitems: [3, 2, 2, 1, 1, 1, 0]   # on paper\ntotal: 10\nband: moderate\nmine: kept\n---\n\nNotes.\n")
        let again = Assessment(document: formatted)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
    }

    @Test func aFileWithErrorsIsNotFormatted() {
        let text = "---\ntype: assessment\ndate: 2025-03-04T08:15:00\ninstrument: gad7\nitems: [3, 2, 2, 1, 1, 1, 0]\ntotal: 3\n---\n"
        #expect(AssessmentFormatter().format(Assessment(document: Document(bytes: Array(text.utf8)))) == nil)
    }

    /// The item-9 message is due exactly when PHQ-9's ninth answer is above 0, never for GAD-7.
    @Test func safetyItem() {
        for answer in 0...3 {
            let answers = [0, 0, 0, 0, 0, 0, 0, 0, answer]
            #expect(AssessmentSafety.applies(instrument: .phq9, answers: answers) == (answer > 0))
        }
        #expect(!AssessmentSafety.applies(instrument: .phq9, answers: [3, 3, 3, 3, 3, 3, 3, 3, 0]), "a high total alone does not")
        #expect(!AssessmentSafety.applies(instrument: .gad7, answers: [3, 3, 3, 3, 3, 3, 3]))
        #expect(AssessmentSafety.lines(crisisLine: nil).last == AssessmentSafety.defaultCrisisLine)
        #expect(AssessmentSafety.lines(crisisLine: "Call Lifeline on 13 11 14.").last == "Call Lifeline on 13 11 14.")
    }

    @Test func seriesGroupsByInstrumentOldestFirst() throws {
        func listing(_ path: String, _ date: String, _ instrument: AssessmentInstrument, _ items: [Int]) -> AssessmentListing {
            let total = items.reduce(0, +)
            return AssessmentListing(path: path, id: nil, date: LocalDate.parse(date), day: String(date.prefix(10)), instrument: instrument,
                                     items: items, total: total, band: instrument.band(total: total), notes: "")
        }
        let series = AssessmentSeries.series(from: [
            listing("b.md", "2025-04-01T09:00:00", .phq9, [1, 1, 1, 1, 1, 1, 1, 1, 1]),
            listing("a.md", "2025-03-01T09:00:00", .phq9, [2, 2, 2, 2, 2, 2, 0, 0, 0]),
            listing("c.md", "2025-03-01T09:05:00", .gad7, [0, 0, 0, 0, 0, 0, 0]),
        ])
        #expect(series.map(\.instrument) == [.phq9, .gad7])
        #expect(series[0].points.map(\.path) == ["a.md", "b.md"])
        #expect(series[0].points.map(\.total) == [12, 9])
        #expect(series[0].points.map(\.safetyItem) == [false, true])
        #expect(series[0].change == -3)
        #expect(series[1].change == nil)
        #expect(series[1].latest?.band == .minimal)
    }
}
