import Foundation

/// Where a behaviour goal stands in a session so far, from its event lines: what a live front end
/// (the phone page) shows beside the goal and needs to log the next event of it: the occurrences
/// counted, the start still running or the cue still waiting, the last interval scored, the
/// incidents and the behaviours they named, the last step written.
///
/// Counts only, in the order the lines are in; the session's figures are `BehaviourGoalFigures`.
public struct BehaviourGoalState: Sendable, Equatable {
    public var goal: String
    public var measure: GoalMeasure
    /// Occurrences (count), starts (duration), cues (latency), intervals scored + or -
    /// (interval), incidents (abc), step lines (task).
    public var events = 0
    /// A duration's `start` with no `stop` after it, or a latency's `cue` with no response yet.
    public var open: TimeOfDay?
    /// The number of the last interval written (0 before the first), and how many were `+`.
    public var lastInterval = 0
    public var scored = 0
    /// The behaviours the goal's incidents named, in the order first named.
    public var behaviours: [String] = []
    /// The number of the last step written (0 before the first).
    public var lastStep = 0
    /// Whether a `none` line says the behaviour did not occur this session.
    public var none = false

    public init(goal: String, measure: GoalMeasure, events all: [BehaviourEvent]) {
        self.goal = goal
        self.measure = measure
        for event in all where event.goal == goal {
            add(event)
        }
    }

    private mutating func add(_ event: BehaviourEvent) {
        switch event.kind {
        case .occurrence:
            events += 1
        case .start:
            events += 1
            open = event.time
        case .stop:
            open = nil
        case .cue:
            events += 1
            open = event.time
        case .response, .noResponse:
            open = nil
        case .interval(let number, let isScored):
            events += 1
            lastInterval = max(lastInterval, number)
            if isScored { scored += 1 }
        case .abc(_, let behaviour, _):
            events += 1
            if !behaviours.contains(behaviour) { behaviours.append(behaviour) }
        case .step(let number, _):
            events += 1
            lastStep = number
        case .noOccurrence:
            none = true
        }
    }
}
