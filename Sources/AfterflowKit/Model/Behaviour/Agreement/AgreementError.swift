/// Why two records cannot be compared.
public enum AgreementError: Error, Sendable, Hashable {
    /// Interval or bin records of different lengths, without times to find their overlap.
    case unequalIntervals(primary: Int, reliability: Int)
    /// Timed records that share no time.
    case noSharedSpan
    /// A bin or interval width that is not above 0 seconds.
    case binWidth(Double)
    /// Timed interval records whose intervals are not the same stretches of time: different
    /// widths, or starts not a whole number of intervals apart (`offset` seconds).
    case intervalGrids(primary: Double, reliability: Double, offset: Double)

    public var message: String {
        switch self {
        case let .unequalIntervals(p, r):
            "the primary record has \(p) intervals and the reliability record \(r); compare records of the same intervals (padding with empty intervals would invent agreement)"
        case .noSharedSpan:
            "the two records share no observed time; check both sessions' start and end"
        case let .binWidth(width):
            "the bin width must be above 0 seconds, found \(width)"
        case let .intervalGrids(p, r, offset):
            "the records' intervals do not line up (\(p) s and \(r) s wide, starts \(offset) s apart); compare records with the same interval width whose starts are a whole number of intervals apart"
        }
    }
}
