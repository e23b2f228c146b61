import Foundation

/// A trial session's times as seconds from its start: what the behaviour summaries and the
/// agreement figures read. Event lines hold a time of day; the session's `date` gives the start,
/// and a time earlier than the start is taken as after midnight.
///
/// The observed time runs from the start to the session's `end`, or, while it is open, to its last
/// trial or event line. A `none` written after the end (by `record --session`) does not lengthen it. (Pauses are not recorded in the files yet: observed time is the whole span.)
public struct SessionTimeline: Sendable, Hashable {
    /// The start's second of the day.
    public let startSecond: Int
    public let window: ObservationWindow
    /// Whether the session has an `end`: without one, the window ends at the last line.
    public let ended: Bool

    public init?(_ session: TrialSession) {
        guard let time = session.date?.time else { return nil }
        startSecond = time.hour * 3600 + time.minute * 60 + time.second
        let hasEnd = session.end?.time != nil
        ended = hasEnd
        // A none's time is when it was written, not a moment observed: past the end it adds nothing.
        let events = session.events.filter { !hasEnd || $0.kind != .noOccurrence }
        let last = (session.trials.map(\.time) + events.map(\.time)).map { Self.offset($0.secondsOfDay, from: time) }.max() ?? 0
        var end = last
        if let endTime = session.end?.time {
            end = Self.offset(endTime.hour * 3600 + endTime.minute * 60 + endTime.second, from: time)
        }
        window = ObservationWindow(start: 0, end: Double(max(end, last)))
    }

    /// Seconds from the start to `time`.
    public func seconds(_ time: TimeOfDay) -> TimeInterval {
        TimeInterval((time.secondsOfDay - startSecond + 86_400) % 86_400)
    }

    private static func offset(_ second: Int, from start: LocalDate.Time) -> Int {
        (second - (start.hour * 3600 + start.minute * 60 + start.second) + 86_400) % 86_400
    }
}
