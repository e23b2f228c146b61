import AfterflowKit
import Foundation
import Testing

/// A rate of 0 on a log scale: 0 has no logarithm, so the point is drawn below the axis's floor,
/// on a row of its own marked 0, apart (a triangle pointing down), and its words and the chart's
/// say it is 0. It never sits on the floor line, where it would read as 1 per hour.
///
/// Four weekly rates per hour: d0 Mar 3 20, d7 Mar 10 0, d14 Mar 17 5, d21 Mar 24 2. The axis
/// runs over whole powers of ten around the rates above 0: log₁₀ 2 = 0.301 down to 0 (1 per
/// hour, the floor), log₁₀ 20 = 1.301 up to 2 (100 per hour), and, as there is a 0, half a
/// decade further down to −0.5, the row of zeros. The plot is y = 76 to 276 (200 high) for
/// 2.5 decades, so y(v) = 76 + (2 − log₁₀ v) × 80: 20 → 76 + 0.699 × 80 = 131.9, 5 → 76 +
/// 1.301 × 80 = 180.1, 2 → 76 + 1.699 × 80 = 211.9, the floor (1) at 76 + 160 = 236, and 0 on
/// the row at 276. x(d) = 64 + 456 · d ÷ 21: 64, 216, 368, 520.
@Suite struct ProgressChartLogZeroTests {
    static func series(_ scale: ChartScale) -> ChartSeries {
        let rates: [(String, Double)] = [("03", 20), ("10", 0), ("17", 5), ("24", 2)]
        let points = rates.map { day, rate in
            ChartPoint(day: LocalDate.parse("2025-03-\(day)")!, value: rate, phase: .active, counts: true,
                       label: "Mar \(Int(day)!), 2025: \(ChartSeries.number(rate * 0.75)) times in 45 min (\(ChartSeries.number(rate)) per hour)")
        }
        return ChartSeries(title: "Rate per hour per session (log scale)", scale: scale, points: points, phases: [],
                           criterion: nil, targetDate: nil, trend: .splitMiddle)
    }

    static func svg(_ scale: ChartScale) throws -> String {
        try #require(ProgressChart(series: series(scale), id: "hitting", subject: "Hitting").svg())
    }

    @Test func aZeroRateSitsOnTheFloorLineMarkedAsZero() throws {
        let svg = try Self.svg(.logarithmic(unit: "per hour"))
        // The floor: the grid line at y 236 is labelled 1 (10⁰ per hour); the row below, at 276,
        // is labelled 0.
        #expect(svg.contains("<line x1=\"50\" y1=\"236\" x2=\"534\" y2=\"236\""), "\(svg)")
        #expect(svg.contains("<text x=\"42\" y=\"241\" text-anchor=\"end\" font-size=\"13\" fill=\"#5b6470\">1</text>"))
        #expect(svg.contains("<text x=\"42\" y=\"281\" text-anchor=\"end\" font-size=\"13\" fill=\"#5b6470\">0</text>"))
        // The data path goes through the zero on its row.
        #expect(svg.contains("<polyline points=\"64,131.9 216,276 368,180.1 520,211.9\""), "\(svg)")
        // The zero is a triangle centred on (216, 276), 5.2 (4 × 1.3) each way.
        #expect(svg.contains("<path class=\"point zero\" data-day=\"2025-03-10\" data-value=\"0\" d=\"M210.8,270.8 L221.2,270.8 L216,281.2 Z\""), "\(svg)")
        #expect(svg.contains("<title>Mar 10, 2025: 0 times in 45 min (0 per hour); 0 cannot sit on a log scale: drawn below its floor, on the row marked 0</title></path>"))
        // The other three stay dots; only the zero is a triangle.
        #expect(svg.components(separatedBy: "<circle class=\"point\"").count - 1 == 3)
        #expect(svg.components(separatedBy: "class=\"point zero\"").count - 1 == 1)
        // The chart's words and its legend say so.
        #expect(svg.contains("1 session at 0 per hour, which a log scale cannot show, is drawn below its floor, on a row marked 0 (triangles pointing down)."), "\(svg)")
        #expect(svg.contains(">0 (below the floor)</text>"))
    }

    /// On a linear scale 0 is a value like any other: a dot at 0, no triangle, no note.
    @Test func onALinearScaleAZeroIsAnOrdinaryDot() throws {
        let svg = try Self.svg(.linear(unit: "per hour"))
        #expect(!svg.contains("point zero"))
        #expect(!svg.contains("below the floor"))
        #expect(svg.components(separatedBy: "<circle class=\"point\"").count - 1 == 4)
    }
}
