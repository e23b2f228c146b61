import Foundation

/// One observer's interval record with its times: the first interval's start, the width, and
/// each interval's score in order (scored true).
public struct IntervalRecord: Sendable, Hashable {
    public let start: TimeInterval
    public let widthSeconds: TimeInterval
    public let scores: [Bool]

    public init(start: TimeInterval, widthSeconds: TimeInterval, scores: [Bool]) {
        self.start = start
        self.widthSeconds = widthSeconds
        self.scores = scores
    }
}

/// Two timed interval records lined up by time, over the intervals both observed.
///
/// Records of unequal lengths are compared over their overlap only and never padded (padding
/// manufactures agreement on non-occurrence); the intervals outside it are left out and counted.
/// The two records must share their interval grid: the same width, and starts a whole number of
/// intervals apart (to within a millisecond), so each compared interval is the same stretch of
/// time for both observers.
public struct AlignedIntervals: Sendable, Hashable {
    /// The compared intervals' span, in the records' seconds.
    public let span: ClosedRange<TimeInterval>
    public let primary: [Bool]
    public let reliability: [Bool]
    public let primaryLeftOut: Int
    public let reliabilityLeftOut: Int

    /// Throws `intervalGrids` for records whose intervals do not line up and `noSharedSpan` for
    /// records with no interval in common.
    public init(primary: IntervalRecord, reliability: IntervalRecord) throws(AgreementError) {
        let width = primary.widthSeconds
        guard width > 0 else { throw .binWidth(width) }
        let steps = (reliability.start - primary.start) / width
        let shift = Int(steps.rounded())
        guard abs(reliability.widthSeconds - width) < 0.001, abs(steps - Double(shift)) * width < 0.001 else {
            throw .intervalGrids(primary: width, reliability: reliability.widthSeconds, offset: reliability.start - primary.start)
        }
        // Primary interval i is reliability interval i − shift.
        let low = max(0, shift), high = min(primary.scores.count, reliability.scores.count + shift)
        guard low < high else { throw .noSharedSpan }
        self.primary = Array(primary.scores[low..<high])
        self.reliability = Array(reliability.scores[(low - shift)..<(high - shift)])
        span = (primary.start + Double(low) * width)...(primary.start + Double(high) * width)
        primaryLeftOut = primary.scores.count - (high - low)
        reliabilityLeftOut = reliability.scores.count - (high - low)
    }

    /// Seconds the two records share.
    public var spanSeconds: TimeInterval { span.upperBound - span.lowerBound }

    var notes: [AgreementNote] {
        primaryLeftOut + reliabilityLeftOut > 0 ? [.outsideSharedSpan(primary: primaryLeftOut, reliability: reliabilityLeftOut)] : []
    }
}
