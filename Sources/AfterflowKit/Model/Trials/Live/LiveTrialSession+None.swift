import Foundation

/// `none` in the live logger: a goal of measure count, duration or abc observed all session in
/// which the behaviour did not occur. `0` asks which goal, at any time; `q` asks it of each such
/// goal that has no line in the session, one at a time (`y` writes its `none`, `n` leaves it
/// without a day: nothing is chosen in advance, so a goal not observed never becomes a 0), and
/// then ends. The line is made by the goal's `EventEntry`, as `record GOAL none` makes it.
extension LiveTrialSession {
    /// The behaviour goals that may be marked `none` now: of a measure that takes it, and with
    /// no line in the session (an occurrence, or a `none` already).
    public var noneCandidates: [LiveBehaviour] {
        behaviours.filter { goal in
            BehaviourEvent.Kind.noOccurrence.fits(goal.measure) && !events.contains { $0.goal.lowercased() == goal.short.lowercased() }
        }
    }

    /// `0`: opens the choice of the goal to mark `none`, or says there is none to mark.
    mutating func openNoneGoal(at moment: LiveMoment) {
        guard !noneCandidates.isEmpty else {
            problem("no goal to mark none: each count, duration and abc goal has a line this session", at: moment)
            return
        }
        picker = LivePicker(goal: "", stage: .noneGoal, time: timeOfDay(clockNow(at: moment)))
    }

    /// A key while the goal to mark `none` is chosen: 1-9 or ↑ ↓ and Enter; Esc cancels.
    mutating func pressNoneGoal(_ key: LiveKey, at moment: LiveMoment) {
        guard var open = picker else { return }
        let choices = noneCandidates
        var chosen: LiveBehaviour?
        switch key {
        case .escape, .interrupt:
            picker = nil
            flash("nothing marked none", at: moment)
            return
        case .up where !choices.isEmpty: open.highlighted = (open.highlighted - 1 + choices.count) % choices.count
        case .down where !choices.isEmpty: open.highlighted = (open.highlighted + 1) % choices.count
        case .enter where open.highlighted < choices.count: chosen = choices[open.highlighted]
        case .character(let c):
            if let n = c.wholeNumberValue, n >= 1, n <= min(9, choices.count) { chosen = choices[n - 1] }
        default: break
        }
        guard let chosen else {
            picker = open
            return
        }
        picker = nil
        write(["none"], for: chosen, at: timeOfDay(clockNow(at: moment)), moment: moment)
    }

    /// `q`: the first goal to ask about before the session ends, the picker open on it; false
    /// when there is none (then the session ends at once).
    mutating func askNoneBeforeEnd(at moment: LiveMoment) -> Bool {
        guard let first = noneCandidates.first else { return false }
        picker = LivePicker(goal: first.short, stage: .endNone, time: timeOfDay(clockNow(at: moment)))
        return true
    }

    /// A key while a goal is asked about before the end: `y` writes its `none` (at now, the
    /// session's end), `n` leaves it; then the next goal, or the end. Esc goes back to the
    /// session, Ctrl-C leaves it open.
    mutating func pressEndNone(_ key: LiveKey, at moment: LiveMoment) -> LiveKeyOutcome? {
        guard var open = picker, let goal = behaviour(open.goal) else {
            picker = nil
            return .end
        }
        switch key {
        case .interrupt:
            picker = nil
            return .interrupt
        case .escape:
            picker = nil
            flash("not ended: go on logging, q to end", at: moment)
            return nil
        case .character("y"), .character("Y"):
            guard write(["none"], for: goal, at: timeOfDay(clockNow(at: moment)), moment: moment) else {
                picker = nil
                return nil
            }
        case .character("n"), .character("N"):
            flash("\(goal.short): no line, no day this session", at: moment)
        default:
            return nil
        }
        open.chosen.append(goal.short)
        guard let next = noneCandidates.first(where: { !open.chosen.contains($0.short) }) else {
            picker = nil
            return .end
        }
        open.goal = next.short
        picker = open
        return nil
    }
}
