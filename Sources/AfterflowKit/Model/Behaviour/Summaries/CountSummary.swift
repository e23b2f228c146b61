import Foundation

/// The count of a behaviour in one observation and its rate over the observed time.
///
/// count = every occurrence logged; rate per minute = count ÷ (observed seconds ÷ 60); rate per
/// hour = count ÷ (observed seconds ÷ 3,600), where observed seconds = end − start − pauses
/// (`ObservationWindow`). 12 occurrences in 30 minutes: 0.4 per minute, 24 per hour. An occurrence
/// logged outside the observed time (before the start, after the end, inside a pause) still
/// counts, since the clinician logged it, and is also counted in `outsideObservedTime` so a
/// front end can say so. No rate without observed time.
public struct CountSummary: Sendable, Hashable {
    public let count: Int
    public let observedSeconds: TimeInterval
    /// Occurrences logged at a time that was not observed (counted in `count` all the same).
    public let outsideObservedTime: Int

    public init(times: [TimeInterval], window: ObservationWindow) {
        count = times.count
        observedSeconds = window.observedSeconds
        outsideObservedTime = times.filter { !window.isObserved($0) }.count
    }

    /// Occurrences at `Date`s, in a window of `Date`s.
    public init(times: [Date], window: ObservationWindow) {
        self.init(times: times.map(\.timeIntervalSinceReferenceDate), window: window)
    }

    /// Occurrences per minute observed; nil without observed time.
    public var perMinute: Double? { rate(per: 60) }

    /// Occurrences per hour observed; nil without observed time.
    public var perHour: Double? { rate(per: 3600) }

    func rate(per seconds: Double) -> Double? {
        observedSeconds > 0 ? Double(count) * seconds / observedSeconds : nil
    }
}
