/// One session's figure for a graph, in the raw terms that let sessions of one day be joined.
///
/// Same-day sessions are joined by their parts, never by averaging their figures:
/// - proportion (trials correct, intervals scored, task steps independent): parts and wholes
///   summed, so the percentage is pooled over every trial or interval of the day: 8 of 10 and
///   1 of 2 make 9 of 12, 75 %, not (80 + 50) ÷ 2 = 65 %;
/// - count: summed;
/// - rate: counts summed and observed seconds summed, the rate taken over the summed time;
/// - duration: seconds summed and observed seconds summed;
/// - latency: seconds summed and responses summed, the mean taken over every response.
public enum DailyFigure: Sendable, Hashable {
    case proportion(part: Int, whole: Int)
    case count(Int)
    case rate(count: Int, observedSeconds: Double)
    case duration(seconds: Double, observedSeconds: Double)
    case latency(totalSeconds: Double, responses: Int)

    /// The two figures joined; nil when they are of different kinds.
    public func joined(with other: DailyFigure) -> DailyFigure? {
        switch (self, other) {
        case let (.proportion(p1, w1), .proportion(p2, w2)): return .proportion(part: p1 + p2, whole: w1 + w2)
        case let (.count(c1), .count(c2)): return .count(c1 + c2)
        case let (.rate(c1, s1), .rate(c2, s2)): return .rate(count: c1 + c2, observedSeconds: s1 + s2)
        case let (.duration(d1, s1), .duration(d2, s2)): return .duration(seconds: d1 + d2, observedSeconds: s1 + s2)
        case let (.latency(t1, r1), .latency(t2, r2)): return .latency(totalSeconds: t1 + t2, responses: r1 + r2)
        default: return nil
        }
    }

    /// The value a graph plots: a percentage, a count, a rate per hour, a duration in minutes, a
    /// mean latency in seconds; nil when there is nothing to divide by.
    public var plotted: Double? {
        switch self {
        case let .proportion(part, whole): return whole > 0 ? Double(part) * 100 / Double(whole) : nil
        case let .count(count): return Double(count)
        case let .rate(count, seconds): return seconds > 0 ? Double(count) * 3600 / seconds : nil
        case let .duration(seconds, _): return seconds / 60
        case let .latency(total, responses): return responses > 0 ? total / Double(responses) : nil
        }
    }

    /// The kind's name, for grouping.
    var kind: Int {
        switch self {
        case .proportion: 0
        case .count: 1
        case .rate: 2
        case .duration: 3
        case .latency: 4
        }
    }
}

/// A figure on a day (any day type: `LocalDate`, a day number).
public struct DayFigure<Day: Hashable & Sendable>: Sendable, Hashable {
    public let day: Day
    public let figure: DailyFigure

    public init(day: Day, figure: DailyFigure) {
        self.day = day
        self.figure = figure
    }

    /// The figures joined per day (`DailyFigure.joined(with:)`), one point a day, in the order of
    /// each day's first figure (pass them in time order). Figures of different kinds on one day
    /// are never mixed: each kind keeps its own point.
    public static func sameDay(_ figures: [DayFigure]) -> [DayFigure] {
        var order: [DayKind] = [], joined: [DayKind: DailyFigure] = [:]
        for point in figures {
            let key = DayKind(day: point.day, kind: point.figure.kind)
            if let sofar = joined[key] {
                joined[key] = sofar.joined(with: point.figure) ?? sofar
            } else {
                order.append(key)
                joined[key] = point.figure
            }
        }
        return order.compactMap { key in joined[key].map { DayFigure(day: key.day, figure: $0) } }
    }

    struct DayKind: Hashable {
        let day: Day
        let kind: Int
    }
}
