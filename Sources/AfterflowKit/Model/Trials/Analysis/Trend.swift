import Foundation

/// A straight line `y = slope · x + intercept`, fitted to one phase's points.
public struct TrendLine: Sendable, Hashable {
    public var slope: Double
    public var intercept: Double

    public init(slope: Double, intercept: Double) {
        self.slope = slope
        self.intercept = intercept
    }

    public func y(at x: Double) -> Double { slope * x + intercept }
}

/// How a trend line is fitted, over the points of one phase (x = day number, y = the value):
/// - `splitMiddle` (the default): White's quarter-intersect line through the medians of each
///   half (an odd count leaves the middle point out of both), shifted by the median residual so
///   that as many points lie above it as below (Wolery & Harris 1982).
/// - `leastSquares`: slope Σ(x − x̄)(y − ȳ) ÷ Σ(x − x̄)², intercept ȳ − slope · x̄.
///
/// Fewer than 4 points give no line (ours, for both methods). A goal chooses one with
/// `trend: least-squares`; `progress --trend` and `export progress --trend` override it.
public enum TrendMethod: String, Sendable, CaseIterable, Hashable {
    case splitMiddle = "split-middle"
    case leastSquares = "least-squares"

    public static let fewestPoints = 4
    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: " or ") }

    /// `split-middle`, `split middle`, `least_squares`, any case.
    public init?(parsing text: String) {
        let t = text.trimmingASCIIWhitespace().lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        self.init(rawValue: t)
    }

    /// The line through `points` (in time order), or nil for fewer than 4 points or when every
    /// point has the same x.
    public func fit(_ points: [(x: Double, y: Double)]) -> TrendLine? {
        guard points.count >= TrendMethod.fewestPoints else { return nil }
        switch self {
        case .splitMiddle: return TrendMethod.splitMiddle(points)
        case .leastSquares: return TrendMethod.leastSquares(points)
        }
    }

    static func splitMiddle(_ points: [(x: Double, y: Double)]) -> TrendLine? {
        let half = points.count / 2
        let first = points.prefix(half), second = points.suffix(half)
        let x1 = median(first.map(\.x)), y1 = median(first.map(\.y))
        let x2 = median(second.map(\.x)), y2 = median(second.map(\.y))
        guard x2 != x1 else { return nil }
        let slope = (y2 - y1) / (x2 - x1)
        let quarter = y1 - slope * x1
        let shift = median(points.map { $0.y - (slope * $0.x + quarter) })
        return TrendLine(slope: slope, intercept: quarter + shift)
    }

    static func leastSquares(_ points: [(x: Double, y: Double)]) -> TrendLine? {
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n, meanY = points.reduce(0) { $0 + $1.y } / n
        var num = 0.0, den = 0.0
        for point in points {
            num += (point.x - meanX) * (point.y - meanY)
            den += (point.x - meanX) * (point.x - meanX)
        }
        guard den > 0 else { return nil }
        let slope = num / den
        return TrendLine(slope: slope, intercept: meanY - slope * meanX)
    }

    /// The middle value; of an even count, the mean of the two middle values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
