import Foundation

/// One part of an agreement figure: a trial, an interval, a bin or a pair of occurrences, with
/// what each observer recorded and how far they agree on it.
public struct AgreementPart: Sendable, Hashable {
    /// 1-based, in order.
    public let index: Int
    /// Seconds from the compared span's start for a bin; the occurrence's start for a pair
    /// (the primary's when both have one); nil for trials and plain intervals.
    public let start: TimeInterval?
    /// The primary observer's value: a count, seconds, or 1/0 for scored/unscored or +/−; nil
    /// when the primary record has no such part.
    public let primary: Double?
    /// The reliability observer's value, as `primary`.
    public let reliability: Double?
    /// Agreement on this part from 0 to 1 (1 an agreement, 0 a disagreement, or a ratio); nil
    /// when the algorithm leaves the part out (scored-interval's intervals both left unscored).
    public let score: Double?

    public init(index: Int, start: TimeInterval? = nil, primary: Double?, reliability: Double?, score: Double?) {
        self.index = index
        self.start = start
        self.primary = primary
        self.reliability = reliability
        self.score = score
    }
}

/// Something a report says beside an agreement figure.
public enum AgreementNote: Sendable, Hashable {
    /// Both totals 0: the figure is 100 %.
    case noOccurrences
    /// Scored-interval with no interval scored by either observer: not computable.
    case noIntervalScored
    /// Unscored-interval with every interval scored by both: not computable.
    case noIntervalUnscored
    /// Trials or occurrences one record has and the other lacks, each counted as a disagreement.
    case unmatched(primary: Int, reliability: Int)
    /// Records with times were compared over their overlap only; so many occurrences outside it
    /// were left out.
    case outsideSharedSpan(primary: Int, reliability: Int)

    public var text: String {
        switch self {
        case .noOccurrences: "no occurrences recorded by either observer"
        case .noIntervalScored: "n/a: no interval scored by either observer"
        case .noIntervalUnscored: "n/a: every interval scored by both observers"
        case let .unmatched(p, r): "unmatched, counted as disagreements: \(p) in the primary record, \(r) in the reliability record"
        case let .outsideSharedSpan(p, r): "outside the span both observed, left out: \(p) in the primary record, \(r) in the reliability record"
        }
    }
}

/// One interobserver agreement figure with the numbers it came from.
///
/// percent = numerator × 100 ÷ denominator, except where the reference fixes it: both totals 0
/// give 100 % (`noOccurrences`), and scored- or unscored-interval with nothing to compare give
/// no figure (n/a, `percent` nil). `rounded` rounds half up to one decimal, the figure compared
/// with the 80 % convention.
public struct AgreementFigure: Sendable, Hashable {
    public let algorithm: AgreementAlgorithm
    public let numerator: Double
    public let denominator: Double
    /// Nil when not computable.
    public let percent: Double?
    /// The trials, intervals, bins or occurrence pairs, in order; empty for totals given as numbers.
    public let parts: [AgreementPart]
    public let notes: [AgreementNote]
    /// The span compared, in the records' seconds, when the records had times.
    public let span: ClosedRange<TimeInterval>?

    init(_ algorithm: AgreementAlgorithm, _ numerator: Double, _ denominator: Double, parts: [AgreementPart] = [],
         notes: [AgreementNote] = [], span: ClosedRange<TimeInterval>? = nil, whenEmpty: Double? = nil) {
        self.algorithm = algorithm
        self.numerator = numerator
        self.denominator = denominator
        percent = denominator > 0 ? numerator * 100 / denominator : whenEmpty
        self.parts = parts
        self.notes = notes
        self.span = span
    }

    /// The percent rounded half up to one decimal; nil when not computable.
    public var rounded: Double? { percent.map(AgreementFigure.oneDecimal) }

    /// Whether the rounded figure reaches `threshold` percent (80 by the field's convention);
    /// nil when not computable.
    public func reaches(_ threshold: Double = AgreementCoverage.minimumAgreement) -> Bool? {
        rounded.map { $0 >= threshold }
    }

    /// `value` rounded half up to one decimal (66.0 for 65.975).
    public static func oneDecimal(_ value: Double) -> Double {
        (value * 10 + 0.5 + 1e-9).rounded(.down) / 10
    }
}
