import Foundation

/// The keys of an open ABC picker or task step list (see `LivePicker`).
extension LiveTrialSession {
    /// The choices of the picker's stage: the vault's antecedents or consequences; for the
    /// behaviour, the session's count and duration goals and the behaviours this goal's incidents
    /// named before; for a step, the cue levels.
    public func options(of picker: LivePicker) -> [String] {
        if picker.stage == .noneGoal { return noneCandidates.map(\.short) }
        guard let goal = behaviour(picker.goal) else { return [] }
        switch picker.stage {
        case .antecedent: return goal.entry.antecedents
        case .consequence: return goal.entry.consequences
        case .step: return cues.names
        case .noneGoal, .endNone: return []
        case .behaviour:
            var out = behaviours.filter { $0.measure == .count || $0.measure == .duration }.map(\.short)
            for event in events(of: goal.short) {
                if case .abc(_, let b, _) = event.kind, !out.contains(b) { out.append(b) }
            }
            return out
        }
    }

    mutating func pressPicker(_ key: LiveKey, at moment: LiveMoment) {
        if picker?.stage == .noneGoal {
            pressNoneGoal(key, at: moment)
            return
        }
        guard var open = picker, let goal = behaviour(open.goal) else {
            picker = nil
            return
        }
        if key == .escape || key == .interrupt {
            picker = nil
            if case .step(let n) = open.stage {
                flash("\(goal.short): run ended before step \(n)", at: moment)
            } else {
                flash("\(goal.short): incident cancelled, nothing written", at: moment)
            }
            return
        }
        if case .step(let n) = open.stage {
            pressStep(key, step: n, of: goal, at: moment)
            return
        }
        let choices = options(of: open)
        switch key {
        case .up where !choices.isEmpty: open.highlighted = (open.highlighted - 1 + choices.count) % choices.count
        case .down where !choices.isEmpty: open.highlighted = (open.highlighted + 1) % choices.count
        case .enter:
            if !open.typed.isEmpty {
                choose(open.typed, in: &open, of: goal, at: moment)
            } else if open.highlighted < choices.count {
                choose(choices[open.highlighted], in: &open, of: goal, at: moment)
            }
        case .backspace:
            if !open.typed.isEmpty {
                open.typed.removeLast()
            } else if !open.chosen.isEmpty {
                open.chosen.removeLast()
                open.stage = open.chosen.isEmpty ? .antecedent : .behaviour
                open.highlighted = 0
            }
        case .character(let c):
            if open.typed.isEmpty, let n = c.wholeNumberValue, n >= 1, n <= min(9, choices.count) {
                choose(choices[n - 1], in: &open, of: goal, at: moment)
            } else if open.stage == .behaviour, c.isLetter || c.isNumber || c == "-" || c == "_" {
                open.typed.append(c)
            }
        default:
            break
        }
        if picker != nil { picker = open }
    }

    /// Takes `choice` for the picker's stage; the consequence writes the incident.
    private mutating func choose(_ choice: String, in open: inout LivePicker, of goal: LiveBehaviour, at moment: LiveMoment) {
        open.typed = ""
        open.highlighted = 0
        switch open.stage {
        case .antecedent:
            open.chosen = [choice]
            open.stage = .behaviour
        case .behaviour:
            guard Trial.isShortName(choice) else {
                problem("the behaviour must be one word of letters, digits, - and _, like hitting", at: moment)
                return
            }
            open.chosen.append(choice)
            open.stage = .consequence
        case .consequence:
            picker = nil
            write(open.chosen + [choice], for: goal, at: open.time, moment: moment)
        case .step, .noneGoal, .endNone:
            break
        }
    }

    /// A key of the step list: 1-9 the step done at that cue level, Enter done at the goal's
    /// cue, `-` not done, `n` not applicable; each step written before the next is asked.
    private mutating func pressStep(_ key: LiveKey, step n: Int, of goal: LiveBehaviour, at moment: LiveMoment) {
        let words: [String]
        var cue: String?
        switch key {
        case .enter: words = ["\(n)", "+"]
        case .character("-"): words = ["\(n)", "-"]
        case .character("n"), .character("N"): words = ["\(n)", "n/a"]
        case .character(let c):
            guard let level = c.wholeNumberValue, level >= 1, level <= min(9, cues.names.count) else { return }
            words = ["\(n)", "+"]
            cue = cues.names[level - 1]
        default:
            return
        }
        guard write(words, cue: cue, for: goal, at: timeOfDay(clockNow(at: moment)), moment: moment) else { return }
        if n < goal.steps.count {
            picker?.stage = .step(n + 1)
        } else {
            picker = nil
            flash("\(goal.short): run of \(n) steps written", at: moment)
        }
    }
}
