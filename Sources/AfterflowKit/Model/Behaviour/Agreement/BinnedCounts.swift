import Foundation

/// One observer's timed count record: the observation's start and end and each occurrence's
/// time, in seconds on one clock (see `ObservationWindow`).
public struct CountRecord: Sendable, Hashable {
    public let start: TimeInterval
    public let end: TimeInterval
    public let times: [TimeInterval]

    public init(start: TimeInterval, end: TimeInterval, times: [TimeInterval]) {
        self.start = start
        self.end = end
        self.times = times
    }
}

/// Two observers' occurrences counted in bins of a fixed width over the time both observed.
///
/// The compared span runs from the later start to the earlier end: records of unequal lengths
/// are compared over their overlap only, never padded with empty bins (padding would invent
/// agreement on non-occurrence). Bins of `binSeconds` run from the span's start; the last one
/// is shorter when the span is not a whole number of bins. An occurrence at a bin's boundary
/// falls in the later bin, one at the span's end in the last bin; occurrences outside the span
/// are left out and counted (`primaryOutside`, `reliabilityOutside`).
public struct BinnedCounts: Sendable, Hashable {
    public let span: ClosedRange<TimeInterval>
    public let binSeconds: TimeInterval
    /// Occurrences per bin, in order.
    public let primary: [Int]
    public let reliability: [Int]
    public let primaryOutside: Int
    public let reliabilityOutside: Int

    /// Throws `binWidth` for a width not above 0 and `noSharedSpan` when the records share no time.
    public init(primary: CountRecord, reliability: CountRecord, binSeconds: TimeInterval = 10) throws(AgreementError) {
        guard binSeconds > 0 else { throw .binWidth(binSeconds) }
        let start = max(primary.start, reliability.start), end = min(primary.end, reliability.end)
        guard start < end else { throw .noSharedSpan }
        let bins = max(1, Int((((end - start) / binSeconds) - 1e-9).rounded(.up)))
        func count(_ times: [TimeInterval]) -> (bins: [Int], outside: Int) {
            var counts = Array(repeating: 0, count: bins), outside = 0
            for time in times {
                guard time >= start && time <= end else { outside += 1; continue }
                counts[min(bins - 1, Int(((time - start) / binSeconds + 1e-9).rounded(.down)))] += 1
            }
            return (counts, outside)
        }
        let (p, r) = (count(primary.times), count(reliability.times))
        span = start...end
        self.binSeconds = binSeconds
        self.primary = p.bins
        self.reliability = r.bins
        primaryOutside = p.outside
        reliabilityOutside = r.outside
    }

    /// Seconds the two records share.
    public var spanSeconds: TimeInterval { span.upperBound - span.lowerBound }

    /// Each bin's start, in seconds from the span's start.
    public var starts: [TimeInterval] { primary.indices.map { Double($0) * binSeconds } }

    var notes: [AgreementNote] {
        primaryOutside + reliabilityOutside > 0 ? [.outsideSharedSpan(primary: primaryOutside, reliability: reliabilityOutside)] : []
    }
}
