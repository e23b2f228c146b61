@testable import AfterflowKit
import Foundation
import Testing

/// The trend line of a rate on a log scale, with days at 0. Celeration is fitted on log₁₀ of the
/// rate (shared/reference/behaviour.md, "Standard Celeration Chart"); 0 has no logarithm, so the
/// days at 0 are left out of the fit and the words say how many, instead of being fitted at the
/// axis's floor (a value the axis picks, not the data).
///
/// Seven weekly rates per hour from Mon Mar 3, 2025 (d = days since then):
///
///     d     0    7   14   21   28   35   42
///     rate 100   0   10   10    0    1    0
///     log₁₀  2   –    1    1    –    0    –
///
/// Fitted on the four above 0, (0, 2), (14, 1), (21, 1), (35, 0):
/// - split-middle: halves (0, 2), (14, 1) and (21, 1), (35, 0); medians (7, 1.5) and (28, 0.5);
///   slope −1 ÷ 21 a day (−1/3 a week: ÷10^(1/3) = ÷2.154, "÷2.2"); quarter-intersect
///   intercept at d 0: 1.5 + 7/21 = 11/6; residuals +1/6, −1/6, +1/6, −1/6, median 0, so the
///   line is log₁₀ y = 11/6 − d/21: 10^(11/6) = 68.13 per hour at d 0, 10^(−1/6) = 0.68 at d 42.
/// - least squares: d̄ = 70/4 = 17.5, ȳ = 1; Σ(d − d̄)(y − ȳ) = −17.5 · 1 + (−3.5) · 0 + 3.5 · 0
///   + 17.5 · (−1) = −35; Σ(d − d̄)² = 306.25 + 12.25 + 12.25 + 306.25 = 637; slope −35/637 =
///   −5/91 a day (−35/91 = −0.3846 a week: ÷2.4245, "÷2.4"); at d 0: 1 + 17.5 · 5/91 =
///   1.96154 (91.5 per hour); at d 42: 1.96154 − 210/91 = −0.34615 (0.45 per hour).
///
/// (Fitted the old way, with the three zeros at −3, least squares over all seven gives slope
/// Σ(d − 21)·y ÷ Σ(d − 21)² = (−42 + 42 − 7 + 0 − 21 + 0 − 63) ÷ 1372 = −91/1372 a day, and
/// ȳ = (2 − 3 + 1 + 1 − 3 + 0 − 3)/7 = −5/7 at d 21: a line through 0.19 per hour mid-phase,
/// under every rate above 0, pulled there by the floor alone.)
///
/// The axis: rates above 0 span 1 to 100, so 10⁰ to 10² per hour, and half a decade more below
/// for the row of zeros (−0.5); the plot is y 76 (log 2) to 276 (−0.5), 2.5 decades in 200, so
/// y = 76 + (2 − log₁₀ v) × 80, the floor (log 0) at 236; x(d) = 64 + 456 · d ÷ 42.
@Suite struct ProgressChartLogTrendTests {
    static let start = LocalDate(year: 2025, month: 3, day: 3)

    static func series(_ rates: [Double], scale: ChartScale = .logarithmic(unit: "per hour"), trend: TrendMethod = .splitMiddle) -> ChartSeries {
        let points = rates.enumerated().map { i, rate in
            let (year, month, date) = LocalDate.civil(fromDays: start.dayNumber + 7 * i)
            let day = LocalDate(year: year, month: month, day: date)
            return ChartPoint(day: day, value: rate, phase: .active, counts: true, label: "\(day.mediumDay): \(ChartSeries.number(rate)) per hour")
        }
        return ChartSeries(title: "Rate per hour per session (log scale)", scale: scale, points: points, phases: [],
                           criterion: nil, targetDate: nil, trend: trend)
    }

    static let rates: [Double] = [100, 0, 10, 10, 0, 1, 0]

    /// log₁₀ of the line at `d` days after Mar 3.
    static func at(_ line: TrendLine, _ d: Int) -> Double { line.y(at: Double(start.dayNumber + d)) }

    @Test("split-middle on log₁₀ of the 4 rates above 0: log₁₀ y = 11/6 − d/21; the 3 days at 0 left out")
    func splitMiddleLeavesTheZerosOut() throws {
        let series = Self.series(Self.rates)
        let trend = try #require(series.trends.first)
        #expect(series.trends.count == 1 && trend.points == 7 && trend.zeros == 3)
        #expect(abs(trend.line.slope + 1.0 / 21) < 1e-12)
        #expect(abs(Self.at(trend.line, 0) - 11.0 / 6) < 1e-12 && abs(Self.at(trend.line, 42) + 1.0 / 6) < 1e-12)
        // Drawn across the phase's days, from the first (d 0) to the last (d 42, a day at 0).
        #expect(trend.from == Self.start && trend.to == LocalDate(year: 2025, month: 4, day: 14))
        #expect(series.facts == ["Trend line (split-middle) in active, Mar 3, 2025 to Apr 14, 2025 (7 sessions; fitted on log₁₀ of the 4 above 0, "
                                 + "the 3 at 0 left out as 0 has no logarithm): ÷2.2 a week, from 68.1 per hour to 0.7 per hour."], "\(series.facts)")
        let json = series.json.serialized()
        #expect(json.contains("\"sessions\":7,\"zeros_left_out\":3,\"slope_per_week\":-0.333,\"start\":68.1,\"end\":0.7"), "\(json)")
    }

    @Test("least squares on log₁₀ of the 4 rates above 0: slope −5/91 a day, 1.96154 at d 0")
    func leastSquaresLeavesTheZerosOut() throws {
        let series = Self.series(Self.rates, trend: .leastSquares)
        let trend = try #require(series.trends.first)
        #expect(abs(trend.line.slope + 5.0 / 91) < 1e-12 && abs(Self.at(trend.line, 0) - (1 + 17.5 * 5 / 91)) < 1e-12)
        #expect(series.facts.first == "Trend line (least-squares) in active, Mar 3, 2025 to Apr 14, 2025 (7 sessions; fitted on log₁₀ of the 4 above 0, "
                + "the 3 at 0 left out as 0 has no logarithm): ÷2.4 a week, from 91.5 per hour to 0.5 per hour.", "\(series.facts)")
    }

    /// The line in the SVG: split-middle from (64, 76 + (2 − 11/6) × 80 = 89.3) down to where it
    /// meets the floor, log₁₀ y = 0 at d = 38.5 (x = 64 + 456 × 38.5 ÷ 42 = 482, y 236), where
    /// it is cut: it never runs into the row of zeros. Least squares: from (64, 76 + (2 −
    /// 1.96154) × 80 = 79.1) to the floor at d = 1.96154 × 91 ÷ 5 = 35.7 (x = 64 + 456 × 0.85 =
    /// 451.6). The zeros are on their row, y 276.
    @Test("the trend lines in the SVG's coordinates, cut at the floor; the zeros drawn as triangles, not on the line")
    func svgCoordinates() throws {
        let split = try #require(ProgressChart(series: Self.series(Self.rates), id: "h", subject: "Hitting").svg())
        #expect(split.contains("<g class=\"trend\" data-phase=\"active\" data-method=\"split-middle\"><line x1=\"64\" y1=\"89.3\" x2=\"482\" y2=\"236\""), "\(split)")
        let least = try #require(ProgressChart(series: Self.series(Self.rates, trend: .leastSquares), id: "h", subject: "Hitting").svg())
        #expect(least.contains("<g class=\"trend\" data-phase=\"active\" data-method=\"least-squares\"><line x1=\"64\" y1=\"79.1\" x2=\"451.6\" y2=\"236\""), "\(least)")
        #expect(split.components(separatedBy: "class=\"point zero\"").count - 1 == 3)
        // Day 7's zero (x = 64 + 76 = 140) on the row at 276, 5.2 each way; day 35's 1 per hour
        // (x = 444) a dot on the floor line, 236.
        #expect(split.contains("data-day=\"2025-03-10\" data-value=\"0\" d=\"M134.8,270.8 L145.2,270.8 L140,281.2 Z\""), "\(split)")
        #expect(split.contains("data-day=\"2025-04-07\" data-value=\"1\" cx=\"444\" cy=\"236\""), "\(split)")
    }

    @Test("the text alternative says the zeros are drawn on the floor and left out of the trend, and how the line was fitted")
    func textAlternative() throws {
        let svg = try #require(ProgressChart(series: Self.series(Self.rates), id: "h", subject: "Hitting").svg())
        let desc = try #require(svg.components(separatedBy: "<desc id=\"h-desc\">").dropFirst().first?.components(separatedBy: "</desc>").first)
        #expect(desc.contains("3 sessions at 0 per hour, which a log scale cannot show, are drawn below its floor, on a row marked 0 (triangles pointing down) "
                              + "and left out of the trend lines, which are fitted on log₁₀ of the values above 0."), "\(desc)")
        #expect(desc.contains("(7 sessions; fitted on log₁₀ of the 4 above 0, the 3 at 0 left out as 0 has no logarithm): ÷2.2 a week"), "\(desc)")
    }

    /// 6, 0, 3, 0, 1.5 per hour: 3 above 0, one short of a line on a log scale. On a linear scale
    /// the same 5 days fit (0 is a value there): split-middle halves (0, 6), (7, 0) and (21, 0),
    /// (28, 1.5), medians (3.5, 3) and (24.5, 0.75), slope −2.25 ÷ 21 a day = −0.75 a week.
    @Test("too few days above 0 on a log scale: no line, and the words say why; a linear scale fits all five")
    func tooFewAboveZero() throws {
        let log = Self.series([6, 0, 3, 0, 1.5])
        #expect(log.trends.isEmpty)
        #expect(log.facts == ["No trend line in active, Mar 3, 2025 to Mar 31, 2025: 5 sessions, 2 at 0, which has no logarithm; 4 above 0 needed."], "\(log.facts)")
        let svg = try #require(ProgressChart(series: log, id: "h", subject: "Hitting").svg())
        #expect(!svg.contains("class=\"trend\"") && !svg.contains("left out of the trend"))
        let linear = Self.series([6, 0, 3, 0, 1.5], scale: .linear(unit: "per hour"))
        let line = try #require(linear.trends.first)
        #expect(line.zeros == 0 && abs(line.line.slope * 7 + 0.75) < 1e-12)
        #expect(!linear.json.serialized().contains("zeros_left_out"))
    }
}
