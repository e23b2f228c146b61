import Foundation

/// One event of a behaviour measure: a line of a trial session's `## Trials` beside the trial
/// lines, with the time of day, the goal's short name, a word that says what happened, its
/// values, then an optional note after two spaces:
///
///     - 15:04:10 hitting count  hit his brother
///     - 15:06:00 tantrum start
///     - 15:07:32 tantrum stop
///     - 15:08:00 name-response cue
///     - 15:08:04 name-response response
///     - 15:09:00 name-response no-response
///     - 15:10:10 on-task interval 1 +
///     - 15:12:40 incidents abc demand hitting escape  during maths
///     - 15:20:05 handwash step 3 + gestural
///     - 15:20:09 handwash step 4 n/a
///     - 15:45:00 hitting none
///
/// A trial's third word is `+` or `-`; an event's is one of `BehaviourEvent.words`, so each line
/// reads one way only. The measure the goal's file states must be one the event fits (`check`).
public struct BehaviourEvent: Sendable, Hashable {
    public var time: TimeOfDay
    /// The goal's short name: the name of its file in the client's `goals/` folder.
    public var goal: String
    public var kind: Kind
    public var note: String
    /// The event's line in its file (0-based), when it was read from one.
    public var line: Int?

    public init(time: TimeOfDay, goal: String, kind: Kind, note: String = "", line: Int? = nil) {
        self.time = time
        self.goal = goal
        self.kind = kind
        self.note = note
        self.line = line
    }

    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// An occurrence of a counted behaviour (`count`).
        case occurrence
        /// A timed behaviour began (`start`) or ended (`stop`).
        case start, stop
        /// A latency's cue was given (`cue`), the response began (`response`), or none came
        /// within the window (`no-response`).
        case cue, response, noResponse
        /// Interval `number` (1 for the session's first) scored (`+`) or not (`-`); the line's
        /// time is when it was scored, at the interval's end.
        case interval(number: Int, scored: Bool)
        /// An incident: its antecedent and consequence from the vault's lists, and the behaviour.
        case abc(antecedent: String, behaviour: String, consequence: String)
        /// Step `number` (1 for the task's first) of a task analysis run.
        case step(number: Int, result: StepResult)
        /// The goal was observed for the session's whole observed time and the behaviour did not
        /// occur (`none`): a count of 0, no duration, no incident. The line's time is when it was
        /// recorded. A goal of `count`, `duration` or `abc` takes it.
        case noOccurrence

        /// The measure whose goals have this event; nil for `none`, which several take
        /// (`measures`).
        public var measure: GoalMeasure? {
            switch self {
            case .occurrence: return .count
            case .start, .stop: return .duration
            case .cue, .response, .noResponse: return .latency
            case .interval: return .interval
            case .abc: return .abc
            case .step: return .task
            case .noOccurrence: return nil
            }
        }

        /// The measures whose goals take this event: one, or for `none` those of a behaviour
        /// that occurs or does not (`noneMeasures`).
        public var measures: [GoalMeasure] { measure.map { [$0] } ?? BehaviourEvent.noneMeasures }

        /// Whether a goal of `goalMeasure` takes this event.
        public func fits(_ goalMeasure: GoalMeasure) -> Bool { measures.contains(goalMeasure) }

        /// An occurrence of the behaviour: a `count`, a duration's `start`, an ABC incident (what
        /// a `none` of the same goal contradicts).
        public var isOccurrence: Bool {
            switch self {
            case .occurrence, .start, .abc: return true
            default: return false
            }
        }

        /// The word the line writes after the goal.
        public var word: String {
            switch self {
            case .occurrence: return "count"
            case .start: return "start"
            case .stop: return "stop"
            case .cue: return "cue"
            case .response: return "response"
            case .noResponse: return "no-response"
            case .interval: return "interval"
            case .abc: return "abc"
            case .step: return "step"
            case .noOccurrence: return "none"
            }
        }
    }

    /// A task step's result: done (`+`) or not (`-`) at a cue level, or not applicable this run.
    public enum StepResult: Sendable, Hashable {
        case done(success: Bool, cue: String)
        case notApplicable

        public var text: String {
            switch self {
            case .done(let success, let cue): return "\(success ? "+" : "-") \(cue)"
            case .notApplicable: return "n/a"
            }
        }
    }

    /// The words that begin an event after the goal, each a measure's.
    public static let words = ["count", "start", "stop", "cue", "response", "no-response", "interval", "abc", "step", "none"]

    /// The measures whose goals take `none`: those where a session can say the behaviour did not
    /// occur (a count of 0, no duration, no incident).
    public static let noneMeasures: [GoalMeasure] = [.count, .duration, .abc]

    /// The measures in words, for messages: `count, duration or abc`.
    public static var noneMeasuresText: String {
        let names = noneMeasures.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The event's measure; nil for `none` (see `Kind.measures`).
    public var measure: GoalMeasure? { kind.measure }

    /// The canonical line: `- 15:10:10 on-task interval 1 +  note` (two spaces before a note).
    public var lineText: String {
        var out = "- \(time.text) \(goal) \(kind.word)"
        switch kind {
        case .interval(let number, let scored): out += " \(number) \(scored ? "+" : "-")"
        case .abc(let a, let b, let c): out += " \(a) \(b) \(c)"
        case .step(let number, let result): out += " \(number) \(result.text)"
        default: break
        }
        if !note.isEmpty { out += "  " + note }
        return out
    }
}
