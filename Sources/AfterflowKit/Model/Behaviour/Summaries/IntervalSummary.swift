/// How an interval is scored from the behaviour seen in it.
public enum IntervalMethod: String, Sendable, Hashable, CaseIterable {
    /// Scored when the behaviour occurs at any moment of the interval (overestimates).
    case partial
    /// Scored only when the behaviour lasts the whole interval (underestimates).
    case whole
    /// Scored when the behaviour is occurring at the interval's last moment (momentary time sampling).
    case momentary
}

/// The percent of intervals scored, from each interval's score in order (`+` true, `-` false).
///
/// percent scored = intervals scored × 100 ÷ all intervals; 9 of 30 ten-second intervals is
/// 30 %. No percent without intervals.
public struct IntervalSummary: Sendable, Hashable {
    public let scores: [Bool]

    public init(scores: [Bool]) { self.scores = scores }

    public var total: Int { scores.count }
    public var scored: Int { scores.filter { $0 }.count }
    public var percentScored: Double? { total > 0 ? Double(scored) * 100 / Double(total) : nil }
}
