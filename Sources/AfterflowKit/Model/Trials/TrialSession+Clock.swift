import Foundation

/// A trial session's clock for live front ends: a time of day as seconds after the session's
/// start, and its pauses (`pauses:`) as such spans, so that an interval timer stops while the
/// session is paused.
extension TrialSession {
    /// Seconds from the session's start (`date`) to `time`, a time of day on the session's day,
    /// or on the next day when earlier than the start (a session past midnight). Nil without a date.
    public func secondsFromStart(_ time: TimeOfDay) -> Int? {
        guard let date else { return nil }
        let origin = date.time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        return time.secondsOfDay >= origin ? time.secondsOfDay - origin : time.secondsOfDay + 86_400 - origin
    }

    /// The pauses as seconds after the start (see `SessionPause`), in the order written.
    public var pauseOffsets: [ClosedRange<Int>] {
        guard let date else { return [] }
        return pauses.map { pause in
            let o = pause.offsets(after: date)
            return o.start...o.end
        }
    }
}

/// The clock of an interval timer: seconds since a session's start, less the pauses before them
/// (observed seconds), and back. Interval k of width w runs over observed seconds (k-1)·w to k·w,
/// as `IntervalRecording` scores them.
public struct ObservedClock: Sendable, Equatable {
    /// The pauses, as seconds after the start, merged and in order.
    public let pauses: [ClosedRange<Double>]

    public init(pauses: [ClosedRange<Int>]) {
        let window = ObservationWindow(start: 0, end: .greatestFiniteMagnitude,
                                       pauses: pauses.map { Double($0.lowerBound)...Double($0.upperBound) })
        self.pauses = window.pauses
    }

    /// Observed seconds at `elapsed` seconds after the start: a moment in a pause is its start's.
    public func observed(at elapsed: Double) -> Double {
        let t = max(0, elapsed)
        return t - pauses.reduce(0.0) { $0 + max(0, min(t, $1.upperBound) - $1.lowerBound) }
    }

    /// The first moment (seconds after the start) whose observed seconds reach `observed`: an
    /// interval that ends as a pause begins ends at the pause's start.
    public func elapsed(at observed: Double) -> Double {
        var t = max(0, observed)
        for pause in pauses where pause.lowerBound < t {
            t += pause.upperBound - pause.lowerBound
        }
        return t
    }
}
