import Foundation

/// One day's point of a chart, already combined over the day's sessions.
public struct ChartPoint: Sendable, Hashable {
    public var day: LocalDate
    public var value: Double
    /// The goal's phase that day.
    public var phase: GoalPhase
    /// Whether the point is plotted as data: joined to the path and used by the trend and aim
    /// lines. False for a day under the goal's `min_trials` (drawn hollow, apart).
    public var counts: Bool
    /// What a hover or a screen reader says of it: `Jan 14, 2025: 65 % correct (13 of 20 trials)`.
    public var label: String
    /// Whether the point is the day's probe sessions (`probe: true`), drawn as a diamond.
    public var probe: Bool

    public init(day: LocalDate, value: Double, phase: GoalPhase, counts: Bool, label: String, probe: Bool = false) {
        self.day = day
        self.value = value
        self.phase = phase
        self.counts = counts
        self.label = label
        self.probe = probe
    }
}

/// The y axis of a chart.
public enum ChartScale: Sendable, Hashable {
    /// 0 to 100 %.
    case percent
    /// From 0 to a round number above the largest value, in `unit` (`min`, `per hour`).
    case linear(unit: String)
    /// Powers of ten (a ratio chart, as the Standard Celeration Chart), in `unit`; values of 0
    /// sit on the floor. Trends are fitted on log₁₀ of the values above 0 (see
    /// `ChartSeries.fitted`).
    case logarithmic(unit: String)

    public var unit: String {
        switch self {
        case .percent: return "%"
        case .linear(let unit), .logarithmic(let unit): return unit
        }
    }

    public var isLogarithmic: Bool {
        if case .logarithmic = self { return true }
        return false
    }

    /// The value as the axis places it (log₁₀ on a log scale, 0 and below at −3).
    public func transformed(_ value: Double) -> Double {
        guard case .logarithmic = self else { return value }
        return value > 0 ? log10(value) : -3
    }

    public func untransformed(_ value: Double) -> Double {
        guard case .logarithmic = self else { return value }
        return pow(10, value)
    }

    /// `80 %`, `12.5 per hour`, `1 incident`: one decimal at most. Of the units only
    /// `incidents` is a noun that a count of exactly 1 makes singular.
    public func text(_ value: Double) -> String {
        let number = ChartSeries.number(value)
        return number + " " + (number == "1" && unit == "incidents" ? "incident" : unit)
    }
}

/// A chart's data and its lines: points (date, value, phase), the goal's dated phases, the
/// criterion, and the target date. Any measure plugs in by building one; `ProgressChart` draws
/// it. The rules (*ours* where the field leaves a choice, see docs/FORMAT.md):
/// - A phase change breaks the data path, except the first change when it only dates the phase
///   the history before it was already in (see `PhaseLine.splits`). The phase of a session is the
///   one in force on its day: the last of `phases` on or before it, the first's before any.
/// - A trend line per phase segment, over its counting points (x = day number), by `trend`;
///   none for fewer than 4 points. On a log scale it is fitted on log₁₀ of the points above 0, as
///   celeration is (a straight line on a ratio chart is a constant factor a week); days at 0,
///   which have no logarithm, are left out of the fit and counted in its words, never fitted
///   at the floor, a value the axis picks and the data do not hold.
/// - The aim line starts at the baseline level, the median of the last 3 counting points of the
///   baseline phase (the first counting point when there is none), on the last of those days,
///   and ends at the criterion on the target date; none without a target date after its start.
public struct ChartSeries: Sendable {
    /// `Percent correct per session`.
    public var title: String
    public var scale: ChartScale
    public var points: [ChartPoint]
    public var phases: [PhaseChange]
    /// The criterion's level, drawn as the goal line.
    public var criterion: Double?
    public var targetDate: LocalDate?
    public var trend: TrendMethod
    /// Said on the chart and in its text when same-day sessions were combined.
    public var combinedNote: String?

    public static let baselinePoints = 3

    public init(title: String, scale: ChartScale, points: [ChartPoint], phases: [PhaseChange], criterion: Double?,
                targetDate: LocalDate?, trend: TrendMethod, combinedNote: String? = nil) {
        self.title = title
        self.scale = scale
        self.points = points
        self.phases = phases
        self.criterion = criterion
        self.targetDate = targetDate
        self.trend = trend
        self.combinedNote = combinedNote
    }

    /// A phase change drawn between the last point before it (`before`, a day number) and the
    /// first point on or after it (`after`).
    public struct PhaseLine: Sendable, Hashable {
        public var change: PhaseChange
        public var before: Int
        public var after: Int
        /// Whether the phase before it differs. The phase before the first change is the first
        /// change's own, so the first change after history from before it (sessions imported
        /// from before the goal was written) changes nothing: it is drawn as where the goal's
        /// phases start, without breaking the data path.
        public var splits: Bool
    }

    /// A trend line over one phase segment, from its first counting day to its last.
    public struct PhaseTrend: Sendable, Hashable {
        public var phase: GoalPhase
        public var from: LocalDate
        public var to: LocalDate
        /// The segment's counting points, those at 0 on a log scale included.
        public var points: Int
        /// The points at 0 on a log scale, left out of the fit (0 has no logarithm); 0 otherwise.
        public var zeros: Int
        /// In the scale's transformed values (log₁₀ on a log scale), x the day number.
        public var line: TrendLine
    }

    /// From the baseline level to the criterion on the target date.
    public struct AimLine: Sendable, Hashable {
        public var from: LocalDate
        public var start: Double
        public var to: LocalDate
        public var end: Double
        /// How many baseline points gave the start; 0 when it is the first counting point.
        public var baselinePoints: Int

        /// The aim's value on `day` (straight in the scale's transformed values).
        public func value(on day: Int, scale: ChartScale) -> Double {
            let a = scale.transformed(start), b = scale.transformed(end)
            let t = Double(day - from.dayNumber) / Double(to.dayNumber - from.dayNumber)
            return scale.untransformed(a + (b - a) * t)
        }
    }

    /// The goal's phase changes that fall between two points.
    public var phaseLines: [PhaseLine] {
        var lines: [PhaseLine] = []
        for (i, change) in phases.enumerated() {
            let day = change.day.dayNumber
            guard let after = points.firstIndex(where: { $0.day.dayNumber >= day }), after > 0 else { continue }
            let splits = change.phase != (i == 0 ? change.phase : phases[i - 1].phase)
            lines.append(PhaseLine(change: change, before: points[after - 1].day.dayNumber, after: points[after].day.dayNumber, splits: splits))
        }
        return lines
    }

    /// The counting points, one list per phase segment: a phase change breaks the path. A
    /// segment may be empty or hold one point.
    public var segments: [[ChartPoint]] {
        var segment: [ChartPoint] = []
        var paths: [[ChartPoint]] = []
        let breaks = Set(phaseLines.filter(\.splits).map(\.after))
        for point in points {
            if breaks.contains(point.day.dayNumber), !segment.isEmpty {
                paths.append(segment)
                segment = []
            }
            if point.counts { segment.append(point) }
        }
        paths.append(segment)
        return paths
    }

    /// A trend line for each segment with enough points to fit, drawn from its first counting
    /// day to its last (days at 0 at either end of a log scale's segment included).
    public var trends: [PhaseTrend] {
        segments.compactMap { segment in
            let used = fitted(segment)
            guard let first = segment.first, let last = segment.last,
                  let line = trend.fit(used.map { (Double($0.day.dayNumber), scale.transformed($0.value)) }) else { return nil }
            return PhaseTrend(phase: last.phase, from: first.day, to: last.day, points: segment.count, zeros: segment.count - used.count, line: line)
        }
    }

    /// The points of `segment` a trend is fitted on: all of them, or on a log scale those above
    /// 0 (log₁₀ 0 does not exist; putting them at the floor would bend the line toward a value
    /// that depends on the axis, not on the data).
    public func fitted(_ segment: [ChartPoint]) -> [ChartPoint] {
        scale.isLogarithmic ? segment.filter { $0.value > 0 } : segment
    }

    /// The aim line, when the goal has a criterion and a target date after the baseline level's day.
    public var aim: AimLine? {
        guard let criterion, let targetDate else { return nil }
        let counting = points.filter(\.counts)
        let baseline = counting.filter { $0.phase == .baseline }.suffix(ChartSeries.baselinePoints)
        let used = baseline.isEmpty ? Array(counting.prefix(1)) : Array(baseline)
        guard let last = used.last, targetDate.dayNumber > last.day.dayNumber else { return nil }
        return AimLine(from: last.day.dayOnly, start: TrendMethod.median(used.map(\.value)), to: targetDate.dayOnly, end: criterion,
                       baselinePoints: baseline.count)
    }

    /// Whether the last 4 counting points after the aim line's start are all below it (-1) or
    /// all above it (+1) — the four-point rule: change the intervention, or raise the goal; nil
    /// otherwise.
    public var fourPointRule: Int? {
        guard let aim else { return nil }
        let recent = points.filter { $0.counts && $0.day.dayNumber > aim.from.dayNumber }.suffix(4)
        guard recent.count == 4 else { return nil }
        let sides = recent.map { point -> Int in
            let on = aim.value(on: point.day.dayNumber, scale: scale)
            return point.value < on ? -1 : point.value > on ? 1 : 0
        }
        return sides.allSatisfy { $0 == -1 } ? -1 : sides.allSatisfy { $0 == 1 } ? 1 : nil
    }

    /// `-1.5`, `12`, `+2.5` with `signed`: one decimal at most, without a trailing `.0`.
    public static func number(_ value: Double, signed: Bool = false) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "−" : signed && tenths > 0 ? "+" : ""
        let magnitude = abs(tenths)
        return sign + String(magnitude / 10) + (magnitude % 10 == 0 ? "" : "." + String(magnitude % 10))
    }
}
