import Foundation

/// One occurrence of a behaviour with a start and, once it has ended, a stop, in seconds on the
/// clock of its `ObservationWindow`. A start at its stop is an instant (an event with no length).
public struct BehaviourEpisode: Sendable, Hashable {
    public let start: TimeInterval
    /// Nil while the episode is still running (no stop was recorded).
    public let stop: TimeInterval?

    public init(start: TimeInterval, stop: TimeInterval?) {
        self.start = start
        self.stop = stop
    }

    /// An episode of `Date`s, on the clock of `ObservationWindow(start:end:pauses:)` with `Date`s.
    public init(start: Date, stop: Date?) {
        self.init(start: start.timeIntervalSinceReferenceDate, stop: stop?.timeIntervalSinceReferenceDate)
    }
}
