import Foundation

/// The y axis of a chart of a `ChartSeries`, in the scale's transformed values: 0-100 for
/// percent; 0 to a round number above the data and the criterion for a linear scale; whole
/// powers of ten around them for a log scale. A log scale with days at 0 reaches half a decade
/// below its lowest power, a row of its own labelled 0 where those days are drawn: just below the
/// floor, as the Standard Celeration Chart places a zero count, never on the floor line, where
/// they would read as the floor's value.
struct ChartAxis {
    var low: Double
    var high: Double
    /// Where lines are cut: `low`, or on a log scale its lowest power (lines stop at the floor
    /// and do not run into the row of zeros).
    var floor: Double
    var ticks: [(value: Double, label: String, major: Bool)]

    init(series: ChartSeries) {
        let values = series.points.map(\.value) + (series.criterion.map { [$0] } ?? [])
        switch series.scale {
        case .percent:
            low = 0
            high = 100
            floor = 0
            ticks = stride(from: 0, through: 100, by: 25).map { (Double($0), "\($0) %", $0 % 50 == 0) }
        case .linear:
            let top = values.max() ?? 0
            let step = ChartAxis.step(for: top)
            low = 0
            high = max(step, (top / step).rounded(.up) * step)
            floor = 0
            let count = Int((high / step).rounded())
            ticks = (0...count).map { i in (Double(i) * step, ChartSeries.number(Double(i) * step), i == 0 || i == count) }
        case .logarithmic:
            let positive = values.filter { $0 > 0 }
            let lowest = positive.min().map { log10($0).rounded(.down) } ?? -1
            let ceiling = positive.max().map { log10($0).rounded(.up) } ?? 1
            let zeros = series.points.contains { $0.value <= 0 }
            floor = lowest
            low = zeros ? lowest - ChartAxis.zeroRow : lowest
            high = max(ceiling, lowest + 1)
            ticks = stride(from: lowest, through: high, by: 1).map { power in (power, String(format: "%g", pow(10, power)), true) }
            if zeros { ticks.insert((low, "0", false), at: 0) }
        }
    }

    /// A round step (1, 2 or 5 times a power of ten) that cuts 0…`top` into at most 5 parts.
    static func step(for top: Double) -> Double {
        guard top > 0 else { return 1 }
        let raw = top / 5
        let power = pow(10, log10(raw).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
    }

    /// The depth of a log scale's row of zeros below its floor, in decades.
    static let zeroRow = 0.5

    /// A value's place on the axis, in transformed values: kept within it, and a log scale's 0
    /// (or below) on its row of zeros.
    func position(_ value: Double, scale: ChartScale) -> Double {
        if scale.isLogarithmic && value <= 0 { return low }
        return min(max(scale.transformed(value), low), high)
    }

    /// The part of the segment from (`x1`, `y1`) to (`x2`, `y2`) whose y is between the floor
    /// and the top, or nil when none is.
    func clip(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (x1: Double, y1: Double, x2: Double, y2: Double)? {
        guard y1 != y2 else { return y1 >= floor && y1 <= high ? (x1, y1, x2, y2) : nil }
        let tLow = (floor - y1) / (y2 - y1), tHigh = (high - y1) / (y2 - y1)
        let from = max(0, min(tLow, tHigh)), to = min(1, max(tLow, tHigh))
        guard from <= to else { return nil }
        return (x1 + (x2 - x1) * from, y1 + (y2 - y1) * from, x1 + (x2 - x1) * to, y1 + (y2 - y1) * to)
    }
}
