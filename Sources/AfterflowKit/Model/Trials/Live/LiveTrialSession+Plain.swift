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
    }

    public var mark: Mark { Mark(count: trials.count, last: trials.last, goal: current, serial: messageSerial) }

    /// The first lines: the client and file, the keys, the current goal.
    public var plainIntro: [String] {
        let cueList = cueKeys.enumerated().map { "\($0.offset + 1) \($0.element.level)" }.joined(separator: ", ")
        return ["Logging \(clientName) in \(path)",
                "Keys: k \(neutral ? "▲" : "success"), j \(neutral ? "▼" : "failure"), h and l goal, u undo, n note, q end. Cue within 3 s: \(cueList).",
                goalLine]
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
        if messageSerial != before.serial, let message = shownMessage(at: monotonic), message.problem {
            out.append("problem: \(message.text)")
        }
        return out
    }
}
