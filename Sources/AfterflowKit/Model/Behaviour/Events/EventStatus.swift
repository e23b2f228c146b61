import Foundation

/// The line a front end shows after logging events: where the goal stands in the session so
/// far (`hitting: 3 this session`, `tantrum stopped after 1:32`, `on-task: 2 of 3 intervals
/// scored`). Counts only; the summaries of a session are computed elsewhere.
public enum EventStatus {
    /// `written`'s goal's status among `session`, the session's events after the write.
    public static func text(of written: [BehaviourEvent], in session: [BehaviourEvent]) -> String {
        guard let last = written.last else { return "" }
        let mine = session.filter { $0.goal == last.goal }
        // An occurrence after the goal's none: kept, and the none named, which now says otherwise.
        if last.kind.isOccurrence, let none = mine.first(where: { $0.kind == .noOccurrence }) {
            return status(of: written, last: last, mine: mine) + "; the none at \(none.time.text) says it did not occur: remove that line"
        }
        return status(of: written, last: last, mine: mine)
    }

    private static func status(of written: [BehaviourEvent], last: BehaviourEvent, mine: [BehaviourEvent]) -> String {
        let goal = last.goal
        switch last.kind {
        case .occurrence:
            return "\(goal): \(mine.filter { $0.kind == .occurrence }.count) this session"
        case .start:
            return "\(goal) running since \(last.time.text); record its stop when it ends"
        case .stop:
            guard let start = mine.last(where: { $0.kind == .start && !($0.time > last.time) }) else { return "\(goal) stopped" }
            return "\(goal) stopped after \(clock(seconds(from: start.time, to: last.time)))"
        case .cue:
            return "\(goal) cue at \(last.time.text); record the response when it begins"
        case .response:
            guard let cue = mine.last(where: { $0.kind == .cue && !($0.time > last.time) }) else { return "\(goal) response" }
            return "\(goal) latency \(clock(seconds(from: cue.time, to: last.time)))"
        case .noResponse:
            return "\(goal): no response"
        case .interval:
            let scores = mine.compactMap { e -> Bool? in if case .interval(_, let s) = e.kind { return s } else { return nil } }
            return "\(goal): \(scores.filter { $0 }.count) of \(scores.count) intervals scored"
        case .abc:
            return "\(goal): \(mine.filter { if case .abc = $0.kind { return true } else { return false } }.count) incidents this session"
        case .noOccurrence:
            return "\(goal): none this session (observed, did not occur)"
        case .step:
            let shown = written.map { e -> String in
                if case .step(let n, let r) = e.kind { return "\(n) \(r.text)" }
                return ""
            }
            return "\(goal): step\(written.count > 1 ? "s" : "") \(shown.joined(separator: ", "))"
        }
    }

    /// Seconds from one time of day to another, past midnight when it is earlier.
    static func seconds(from a: TimeOfDay, to b: TimeOfDay) -> Int {
        (b.secondsOfDay - a.secondsOfDay + 86_400) % 86_400
    }

    /// `1:32`, `0:04`, `1:02:05`.
    static func clock(_ seconds: Int) -> String {
        seconds >= 3600 ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
