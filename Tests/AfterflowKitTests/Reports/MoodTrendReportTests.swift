@testable import AfterflowKit
import Foundation
import Testing

@Suite struct MoodTrendReportTests {
    @Test("the sparkline draws 1 lowest, 10 highest and a gap as a space")
    func sparkline() {
        #expect(MoodTrend.sparkline([1, 10, nil, 5.5], unicode: true) == "▁█ ▅" && MoodTrend.sparkline([1, 10], unicode: false) == ".#")
    }

    @Test("a change under 0.05 either way is 0.0, a rise has its plus")
    func signed() {
        #expect([0.04, -0.04, 1.25, -0.5].map(MoodTrend.signed) == ["0.0", "0.0", "+1.2", "-0.5"])
    }

    @Test("a check-in's notes and path are guarded against formulas in CSV")
    func csvGuards() {
        let listing = MoodListing(path: "=moods/a.md", id: nil, date: nil, day: nil, score: 5, valence: 0, valenceClass: "neutral", kind: "momentary_emotion",
                                  labels: [], associations: [], source: "afterflow", notes: "=SUM(A1)")
        let row = listing.csvRow(in: TimeZone(identifier: "UTC")!)
        #expect(row[8] == CSVWriter.guarded("=SUM(A1)") && row[8] != "=SUM(A1)" && row.count == MoodListing.csvHeader.count)
    }

    @Test("an assessment's total is put on the 1-10 scale of the check-ins")
    func scaledTotals() {
        let point = AssessmentSeries.Point(date: LocalDate.parse("2025-03-04")!, day: "2025-03-04", total: 27, band: .severe, safetyItem: false, path: "a.md")
        #expect(AssessmentSeries(instrument: .phq9, points: [point]).scaledTotals == [10])
    }

    @Test("the trend's json names the window")
    func jsonWindow() {
        let trend = MoodTrend(points: [], sessions: [], window: 5)
        guard case .object(let members) = trend.json else { Issue.record("not an object"); return }
        #expect(members.first { $0.0 == "window_days" }?.1 == .int(5))
    }
}
