@testable import AfterflowKit
import Foundation
import Testing

/// The listing renderers for people: check-ins, the trend and assessments as lines, given rows
/// and a style.
@Suite struct ListingTextTests {
    func checkIn(_ date: String, _ score: Int, notes: String = "") -> MoodListing {
        MoodListing(path: "moods/\(date).md", id: nil, date: LocalDate.parse(date), day: String(date.prefix(10)), score: score, valence: 0,
                    valenceClass: "neutral", kind: MoodKind.dailyMood.rawValue, labels: [], associations: ["work", "family"],
                    source: "afterflow", notes: notes)
    }

    func point(_ day: String, _ total: Int, band: AssessmentBand) -> AssessmentSeries.Point {
        AssessmentSeries.Point(date: LocalDate.parse(day)!, day: day, total: total, band: band, safetyItem: false, path: "assessments/\(day).md")
    }

    @Test func boldIsAnEscapeOnlyWithColour() {
        #expect(TextStyle(colors: true, unicode: false).bold("A") == "\u{1B}[1mA\u{1B}[0m" && TextStyle.plain.bold("A") == "A")
    }

    @Test func noCheckInsSaysWhetherAFilterWasAsked() {
        #expect(MoodListing.tableLines([], filtered: true, style: .plain) == ["No check-ins match."])
    }

    @Test func checkInRowsLineUpWithTheirHeader() {
        let lines = MoodListing.tableLines([checkIn("2025-03-04", 7, notes: "fine\nsecond line")], filtered: false, style: .plain)
        let notesColumn = DisplayWidth.of(String(lines[0][..<lines[0].range(of: "NOTES")!.lowerBound]))
        #expect(lines[1].hasSuffix("work, family  fine") && DisplayWidth.of(String(lines[1].dropLast(4))) == notesColumn)
    }

    @Test func aLongNoteIsCutToFortyColumnsWithAnEllipsis() {
        let note = String(repeating: "幻", count: 30)
        let line = MoodListing.tableLines([checkIn("2025-03-04", 7, notes: note)], filtered: false, style: .plain)[1]
        #expect(line.hasSuffix("family  " + String(repeating: "幻", count: 19) + "…"))
    }

    @Test func anEmptyTrendInvitesACheckIn() {
        #expect(MoodTrend(points: [], sessions: []).textLines(style: .plain) == ["No check-ins yet. Check in with: afterflow mood 7 \"what is going on\""])
    }

    @Test func aTrendWithoutSessionsSaysSoInItsWindow() {
        let time = LocalDate.parse("2025-03-04T10:00:00+00:00")!.epochSeconds(in: .gmt)
        let points = [MoodTrend.Point(time: time, day: "2025-03-04", score: 6, labels: [], associations: [])]
        let lines = MoodTrend(points: points, sessions: [], window: 5).textLines(style: .plain)
        #expect(lines.first == "1 check-in from 2025-03-04 to 2025-03-04, average 6.0" && lines.last == "  No session has check-ins within 5 days of it.")
    }

    @Test func assessmentsShowTheChangeAndItemNine() {
        let series = AssessmentSeries(instrument: .phq9, points: [point("2025-03-01", 20, band: .severe), point("2025-03-15", 8, band: .mild)])
        let lines = AssessmentSeries.tableLines([series], items: { $0.day == "2025-03-15" ? Array(repeating: 1, count: 8) + [2] : [] },
                                                filtered: false, style: .plain)
        #expect(lines[1].hasSuffix("  20 → 8 (-12), now mild") && lines.last?.hasSuffix("  2") == true && lines[3].hasSuffix("severe"))
    }

    @Test func noAssessmentsSaysHowToAnswerOne() {
        #expect(AssessmentSeries.tableLines([], items: { _ in [] }, filtered: false, style: .plain)
                == ["No assessments yet. Answer one with: afterflow assess phq9 (or gad7)"])
    }
}
