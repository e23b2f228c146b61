import Foundation

/// What `afterflow log --plain` prints: a line per trial and per change, for screen readers and
/// logs. The front end prints each line as it is, with its control characters shown.
extension LiveTrialSession {
    /// What a key can change that `--plain` tells: taken before the key, compared after it.
    public struct Mark: Sendable {
        public var count: Int
        public var last: Trial?
        public var goal: Int
        public var serial: Int
        public var events = 0
        public var picker: LivePicker?
        public var lastEvent: BehaviourEvent?
    }

    public var mark: Mark {
        Mark(count: trials.count, last: trials.last, goal: current, serial: messageSerial, events: events.count, picker: picker, lastEvent: events.last)
    }

    /// The first lines: the client and file, the keys, the current goal.
    public var plainIntro: [String] {
        let cueList = cueKeys.enumerated().map { "\($0.offset + 1) \($0.element.level)" }.joined(separator: ", ")
        var out = ["Logging \(clientName) in \(path)"]
        if !goals.isEmpty {
            out.append("Keys: k \(neutral ? "▲" : "success"), j \(neutral ? "▼" : "failure"), h and l goal, u undo, n note, q end. Cue within 3 s: \(cueList).")
        }
        if !behaviours.isEmpty {
            let keys = behaviours.map { "\($0.key.map(String.init) ?? "+ -") \($0.short) (\($0.measure.rawValue))" }.joined(separator: ", ")
            let none = behaviours.contains { BehaviourEvent.Kind.noOccurrence.fits($0.measure) } ? ", 0 none (did not occur)" : ""
            out.append("Behaviour keys: \(keys)\(none), u undo, q end.")
        }
        if !goals.isEmpty { out.append(goalLine) }
        return out
    }

    /// `Goal 1 of 2: s-initial, Initial /s/`.
    public var goalLine: String {
        "Goal \(current + 1) of \(goals.count): \(goal.short), \(goal.title)"
    }

    /// The lines telling what changed since `before`: a trial logged or undone, its cue or note
    /// changed, another goal, a problem. `chose` is whether the key chose the cue.
    public func plainReport(since before: Mark, chose: Bool, at monotonic: Double) -> [String] {
        var out: [String] = []
        if trials.count > before.count, let last = trials.last {
            out.append(loggedLine(for: last))
        } else if trials.count < before.count, let gone = before.last {
            out.append("undone: \(describe(gone))")
        } else if let last = trials.last, let old = before.last, trials.count == before.count, last != old {
            if last.cue != old.cue && !chose { out.append("  cue: \(last.cue)") }
            if last.note != old.note { out.append("  note: \(last.note)") }
        }
        if chose, let last = trials.last { out.append("  cue: \(last.cue)") }
        if current != before.goal { out.append(goalLine) }
        if events.count > before.events {
            let made = Array(events.suffix(events.count - before.events))
            for event in made { out.append(String(event.lineText.dropFirst(2))) }
            out.append("  " + EventStatus.text(of: made, in: events))
        } else if events.count < before.events, let gone = before.lastEvent {
            out.append("undone: \(String(gone.lineText.dropFirst(2)))")
        }
        if let open = picker, open.stage != before.picker?.stage || open.goal != before.picker?.goal {
            out.append(plainPrompt(open))
        }
        if messageSerial != before.serial, let message = shownMessage(at: monotonic), message.problem {
            out.append("problem: \(message.text)")
        }
        return out
    }

    /// What an open picker asks, with its choices numbered.
    public func plainPrompt(_ open: LivePicker) -> String {
        if open.stage == .endNone {
            return "Before the end: \(open.goal) did not occur this session? y writes none (observed all session), n leaves it without a day; Esc goes back"
        }
        if open.stage == .noneGoal {
            let goals = noneCandidates.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element.short)" }.joined(separator: ", ")
            return "none this session: which goal? \(goals); Esc cancels"
        }
        let choices = options(of: open).prefix(9).enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
        if case .step(let n) = open.stage, let goal = behaviour(open.goal) {
            let name = n <= goal.steps.count ? goal.steps[n - 1] : ""
            return "\(open.goal) step \(n) of \(goal.steps.count) (\(name)): \(choices); - not done, n n/a, Esc ends the run"
        }
        return "\(open.goal) \(open.question) \(choices)\(open.stage == .behaviour ? "; or type one and Enter" : ""); Esc cancels"
    }

    /// The intervals that ended unscored, a line an interval goal: said when one ends.
    public func plainIntervalLines(at moment: LiveMoment) -> [String] {
        behaviours.filter { $0.measure == .interval }.compactMap { goal in
            let state = intervalState(of: goal, at: moment)
            guard state.behind > 0 else { return nil }
            return "\(goal.short): interval \(state.number) ended: + or -" + (state.behind > 1 ? " (\(state.behind) unscored)" : "")
        }
    }
}
