import Foundation

/// A continuous record of a behaviour (its episodes) scored over fixed intervals by one method,
/// as an interval observer would have scored it.
///
/// The intervals run on observed time, a clock that stops while the session is paused (as an
/// interval timer does): interval k covers observed seconds [k·w, (k + 1)·w) for width w, and
/// only whole intervals are scored; a remainder shorter than w is left unscored and reported in
/// `remainderSeconds`. Each episode is placed on the same clock (`ObservationWindow.observedOffset`);
/// one wholly outside the observed time is left out; one still running runs past the end.
///
/// - partial: scored when an episode overlaps the interval for some time (s < b and e > a), or an
///   instant falls in it (a ≤ s < b): an episode ending exactly at a does not reach the interval.
/// - whole: scored when the episodes, joined where they touch, cover [a, b] without a gap.
/// - momentary: scored when an episode is occurring at the interval's end b (s ≤ b ≤ e).
///
/// So the same stream gives different figures by method: in 60 s of 10-s intervals, episodes at
/// 3-5 s, 12-35 s and 48-50 s score intervals 1-6 as partial + + + + + -, whole - - + - - -,
/// momentary - + + - + -.
public struct IntervalRecording: Sendable, Hashable {
    public let method: IntervalMethod
    public let widthSeconds: TimeInterval
    /// Each whole interval's score, in order.
    public let summary: IntervalSummary
    /// Observed seconds after the last whole interval, left unscored.
    public let remainderSeconds: TimeInterval

    /// Nil when `widthSeconds` is not above 0.
    public init?(episodes: [BehaviourEpisode], window: ObservationWindow, widthSeconds: TimeInterval, method: IntervalMethod) {
        guard widthSeconds > 0 else { return nil }
        let observed = window.observedSeconds
        let count = Int((observed / widthSeconds + 1e-9).rounded(.down))
        let spans = Self.observedSpans(episodes, window: window)
        let scores = (0..<count).map { k in
            Self.score(spans, from: Double(k) * widthSeconds, to: Double(k + 1) * widthSeconds, method: method)
        }
        self.method = method
        self.widthSeconds = widthSeconds
        summary = IntervalSummary(scores: scores)
        remainderSeconds = max(0, observed - Double(count) * widthSeconds)
    }

    /// The episodes on the observed clock, in order of start; a running episode ends at infinity.
    static func observedSpans(_ episodes: [BehaviourEpisode], window: ObservationWindow) -> [ClosedRange<Double>] {
        episodes.compactMap { episode -> ClosedRange<Double>? in
            let stop = episode.stop ?? .infinity
            guard stop >= episode.start else { return nil }
            if stop == episode.start {
                return window.isObserved(episode.start) ? window.observedOffset(episode.start)...window.observedOffset(stop) : nil
            }
            let start = window.observedOffset(episode.start)
            let end = episode.stop == nil ? Double.infinity : window.observedOffset(stop)
            let running = episode.stop == nil && episode.start <= window.end
            return end > start || running ? start...max(start, end) : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
    }

    static func score(_ spans: [ClosedRange<Double>], from a: Double, to b: Double, method: IntervalMethod) -> Bool {
        switch method {
        case .partial:
            return spans.contains { s in
                s.lowerBound == s.upperBound ? (a <= s.lowerBound && s.lowerBound < b) : (s.lowerBound < b && s.upperBound > a)
            }
        case .momentary:
            return spans.contains { $0.contains(b) }
        case .whole:
            var reached = a
            for span in spans where span.lowerBound <= reached && span.upperBound > reached {
                reached = span.upperBound
                if reached >= b { return true }
            }
            return false
        }
    }
}
