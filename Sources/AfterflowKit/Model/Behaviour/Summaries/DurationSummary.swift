import Foundation

/// One occurrence of a timed behaviour as a duration summary counts it.
public struct DurationOccurrence: Sendable, Hashable {
    public let start: TimeInterval
    /// The recorded stop, or the window's end for an occurrence still running then.
    public let end: TimeInterval
    /// Observed seconds between start and end: clipped to the window, pauses left out.
    public let seconds: TimeInterval
    /// True when no stop was recorded and the occurrence was closed at the window's end.
    public let closedAtEnd: Bool

    /// The occurrence as a closed span of time, for agreement between observers.
    public var span: ClosedRange<TimeInterval> { start...max(start, end) }
}

/// The durations of a behaviour in one observation.
///
/// An occurrence with no stop is closed at the window's end and marked `closedAtEnd`. Its
/// seconds are the observed seconds from start to end: the part outside the window and any
/// pause inside it are left out (nobody was observing), so the total never exceeds the
/// observed time. count = occurrences; total = Σ seconds; mean = total ÷ count; longest =
/// max seconds; percent of observed time = total × 100 ÷ observed seconds. Episodes of 30, 50 and
/// 40 s in 1,200 s: total 120 s, mean 40 s, longest 50 s, 10 % of the time.
public struct DurationSummary: Sendable, Hashable {
    /// In the order given.
    public let occurrences: [DurationOccurrence]
    public let observedSeconds: TimeInterval

    public init(episodes: [BehaviourEpisode], window: ObservationWindow) {
        occurrences = episodes.map { episode in
            let end = episode.stop ?? window.end
            let seconds = window.observedOffset(end) - window.observedOffset(episode.start)
            return DurationOccurrence(start: episode.start, end: end, seconds: max(0, seconds), closedAtEnd: episode.stop == nil)
        }
        observedSeconds = window.observedSeconds
    }

    public var count: Int { occurrences.count }

    public var totalSeconds: TimeInterval { occurrences.reduce(0) { $0 + $1.seconds } }

    /// Mean seconds per occurrence; nil without occurrences.
    public var meanSeconds: TimeInterval? { count > 0 ? totalSeconds / Double(count) : nil }

    /// The longest occurrence's seconds; nil without occurrences.
    public var longestSeconds: TimeInterval? { occurrences.map(\.seconds).max() }

    /// Total seconds as a percent of observed seconds; nil without observed time.
    public var percentOfObservedTime: Double? { observedSeconds > 0 ? totalSeconds * 100 / observedSeconds : nil }

    /// How many occurrences were closed at the window's end.
    public var closedAtEnd: Int { occurrences.filter(\.closedAtEnd).count }
}
