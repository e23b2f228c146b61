import Foundation

/// The time a behaviour was observed in: a session's start to its end, less its pauses.
///
/// Times are seconds on one clock, the same for the window and for the events measured in it:
/// offsets from the observation start (how the reference stores them), or a `Date`'s
/// `timeIntervalSinceReferenceDate` (what the `Date` initialisers use).
///
/// observed seconds = (end − start) − paused seconds, where the pauses are clipped to the window
/// and merged where they overlap, so a second is never subtracted twice. A window whose end is
/// before its start observed nothing.
public struct ObservationWindow: Sendable, Hashable {
    public let start: TimeInterval
    public let end: TimeInterval
    /// The pauses within the window, merged and in order.
    public let pauses: [ClosedRange<TimeInterval>]

    public init(start: TimeInterval, end: TimeInterval, pauses: [ClosedRange<TimeInterval>] = []) {
        self.start = start
        self.end = max(start, end)
        self.pauses = Self.merged(pauses, within: start...max(start, end))
    }

    /// A window of `Date`s; events measured in it take `Date.timeIntervalSinceReferenceDate`.
    public init(start: Date, end: Date, pauses: [DateInterval] = []) {
        self.init(start: start.timeIntervalSinceReferenceDate, end: end.timeIntervalSinceReferenceDate,
                  pauses: pauses.map { $0.start.timeIntervalSinceReferenceDate...$0.end.timeIntervalSinceReferenceDate })
    }

    /// Seconds from start to end.
    public var elapsedSeconds: TimeInterval { end - start }

    /// Seconds paused, within the window.
    public var pausedSeconds: TimeInterval { pauses.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }

    /// Seconds observed: elapsed less paused.
    public var observedSeconds: TimeInterval { elapsedSeconds - pausedSeconds }

    /// Observed seconds from the start to `time` (clamped to the window): the time on a clock that
    /// stops during pauses. A time inside a pause maps to the pause's start.
    public func observedOffset(_ time: TimeInterval) -> TimeInterval {
        let t = min(max(time, start), end)
        let paused = pauses.reduce(0.0) { sum, pause in
            sum + max(0, min(t, pause.upperBound) - pause.lowerBound)
        }
        return t - start - paused
    }

    /// Whether `time` was observed: within the window and not strictly inside a pause (a pause's
    /// first and last instants are observed).
    public func isObserved(_ time: TimeInterval) -> Bool {
        time >= start && time <= end && !pauses.contains { $0.lowerBound < time && time < $0.upperBound }
    }

    static func merged(_ pauses: [ClosedRange<TimeInterval>], within window: ClosedRange<TimeInterval>) -> [ClosedRange<TimeInterval>] {
        let clipped = pauses.compactMap { pause -> ClosedRange<TimeInterval>? in
            let low = max(pause.lowerBound, window.lowerBound), high = min(pause.upperBound, window.upperBound)
            return low < high ? low...high : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<TimeInterval>] = []
        for pause in clipped {
            if let last = merged.last, pause.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, pause.upperBound)
            } else {
                merged.append(pause)
            }
        }
        return merged
    }
}
