import AfterflowKit
import Foundation
import Testing

/// Trend lines, on the worked example of shared/reference/behaviour.md §4: nine sessions
/// x = 1…9, y = 20, 30, 25, 40, 35, 45, 50, 40, 60.
@Suite struct TrendTests {
    static let points: [(x: Double, y: Double)] = zip(1...9, [20.0, 30, 25, 40, 35, 45, 50, 40, 60]).map { (Double($0), $1) }

    @Test("split-middle: halves x 1-4 and 6-9 (x = 5 dropped), medians (2.5, 27.5) and (7.5, 47.5), slope 4, shifted by the median residual 3.5: y = 4x + 21")
    func splitMiddle() throws {
        // m = (47.5 − 27.5) ÷ (7.5 − 2.5) = 4; b = 27.5 − 4 × 2.5 = 17.5; residuals −1.5, 4.5,
        // −4.5, 6.5, −2.5, 3.5, 4.5, −9.5, 6.5, median 3.5 → b = 21.
        let line = try #require(TrendMethod.splitMiddle.fit(Self.points))
        #expect(line == TrendLine(slope: 4, intercept: 21))
    }

    @Test("least squares: m = Σ(x − 5)·y ÷ Σ(x − 5)² = 245 ÷ 60 = 4.083, b = 345 ÷ 9 − m × 5 = 17.917")
    func leastSquares() throws {
        let line = try #require(TrendMethod.leastSquares.fit(Self.points))
        #expect(abs(line.slope - 245.0 / 60) < 1e-9 && abs(line.intercept - (345.0 / 9 - 245.0 / 60 * 5)) < 1e-9)
    }

    @Test("fewer than 4 points give no line, with either method")
    func tooFew() {
        let three = Array(Self.points.prefix(3))
        #expect(TrendMethod.allCases.map { $0.fit(three) } == [nil, nil])
    }

    @Test("a goal's trend: key is read in any spelling; a bad one is an error at its line and column")
    func goalKey() {
        let good = Goal(document: Document(TrialFixture.goal("g", ["trend: Least_Squares", "target_date: 2025-06-30"])))
        let bad = Goal(document: Document(TrialFixture.goal("g", ["trend: linear"])))
        #expect(good.trend == .leastSquares && good.targetDate?.dayString == "2025-06-30" && good.diagnostics.filter { $0.severity == .error }.isEmpty
                && bad.diagnostics.filter { $0.severity == .error }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
                   == ["5:8 trend must be split-middle or least-squares, found \"linear\""])
    }

    @Test("a rate on a log scale: 1, 10, 100, 1000 per hour a week apart is a trend of ×10 a week (fitted on log₁₀)")
    func logScale() {
        let points = [1.0, 10, 100, 1000].enumerated().map { i, value in
            ChartPoint(day: LocalDate(year: 2025, month: 3, day: 3 + 7 * i), value: value, phase: .active, counts: true, label: "")
        }
        let series = ChartSeries(title: "Rate per hour", scale: .logarithmic(unit: "per hour"), points: points, phases: [], criterion: nil,
                                 targetDate: nil, trend: .splitMiddle)
        #expect(series.facts == ["Trend line (split-middle) in active, Mar 3, 2025 to Mar 24, 2025 (4 sessions): ×10 a week, from 1 per hour to 1000 per hour."])
    }
}
