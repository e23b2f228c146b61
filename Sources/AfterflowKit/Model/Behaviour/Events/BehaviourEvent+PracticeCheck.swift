import Foundation

extension PracticeCheck {
    /// A session's trial and event lines against their goals' measures, steps and the vault's
    /// lists: a trial of a goal that is measured otherwise, an event of another measure's goal
    /// (or of no goal), a step beyond the goal's `steps:`, a step's cue level, an antecedent or
    /// consequence the vault does not list.
    func eventProblems(_ session: TrialSession, path: String, client: String, folder: Folder) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let document = session.document
        for trial in session.trials {
            guard let line = trial.line, let known = folder.measures[trial.goal], known.measure != .trials else { continue }
            let at = SourceLocation(line: line + 1, column: BehaviourEvent.column(ofWord: 3, in: document.text(ofLine: line)))
            found.append(Diagnostic(.error, "trial line: \(trial.goal) is a goal of measure: \(known.measure.rawValue), not trials; write its lines as \(Self.example(known.measure, goal: trial.goal)), or set measure: trials in its file", at: at, path: path))
        }
        for event in session.events {
            guard let line = event.line else { continue }
            let text = document.text(ofLine: line)
            func at(_ word: Int) -> SourceLocation { SourceLocation(line: line + 1, column: BehaviourEvent.column(ofWord: word, in: text)) }
            guard folder.goals.contains(event.goal) || folder.goals.contains(event.goal.lowercased()) else {
                let listed = folder.goals.sorted()
                let fix = Suggestion.nearest(to: event.goal, among: listed).map { "did you mean \(quoted($0))?" }
                    ?? "fix the name, or add the goal as clients/\(client)/goals/\(event.goal).md with measure: \(event.kind.measures[0].rawValue)"
                found.append(Diagnostic(.error, "event line: no goal \(quoted(event.goal)) in clients/\(client)/goals/; \(fix)", at: at(2), path: path))
                continue
            }
            guard let known = folder.measures[event.goal] ?? folder.measures[event.goal.lowercased()] else { continue }
            guard event.kind.fits(known.measure) else {
                let of = event.measure?.rawValue ?? BehaviourEvent.noneMeasuresText
                found.append(Diagnostic(.error, "event line: \(event.kind.word) is an event of measure: \(of), but \(event.goal) is a goal of measure: \(known.measure.rawValue); write its lines as \(Self.example(known.measure, goal: event.goal)), or change the goal's measure", at: at(3), path: path))
                continue
            }
            found += valueProblems(event, steps: known.steps, at: at, path: path)
        }
        return found
    }

    /// An event's values against the goal's steps and the vault's cue levels and ABC lists.
    private func valueProblems(_ event: BehaviourEvent, steps: Int, at: (Int) -> SourceLocation, path: String) -> [Diagnostic] {
        switch event.kind {
        case .step(let number, let result):
            var found: [Diagnostic] = []
            if number > steps {
                found.append(Diagnostic(.error, "event line: step \(number) is not one of \(event.goal)'s steps (it has \(steps), numbered 1-\(steps) in the order of steps: in its file); fix the number, or add the step to the goal", at: at(4), path: path))
            }
            if case .done(_, let cue) = result, cueLevels.rank(of: cue) == nil {
                found.append(unknownCue("event line: cue level", cue, at: at(6), path: path))
            }
            return found
        case .abc(let antecedent, _, let consequence):
            var found: [Diagnostic] = []
            if !abcAntecedents.contains(antecedent) {
                found.append(notListed("antecedent", antecedent, abcAntecedents, key: "abc_antecedents", at: at(4), path: path))
            }
            if !abcConsequences.contains(consequence) {
                found.append(notListed("consequence", consequence, abcConsequences, key: "abc_consequences", at: at(6), path: path))
            }
            return found
        default:
            return []
        }
    }

    private func notListed(_ what: String, _ name: String, _ names: [String], key: String, at location: SourceLocation, path: String) -> Diagnostic {
        let fix = Suggestion.nearest(to: name, among: names).map { "did you mean \(quoted($0))? (or add it to \(key) in .afterflow/config.yml)" }
            ?? "write one of them, or add it to \(key) in .afterflow/config.yml"
        return Diagnostic(.error, "event line: \(what) \(quoted(name)) is not one of the vault's (\(names.joined(separator: ", "))); \(fix)", at: location, path: path)
    }

    /// How a measure's line is written, for the diagnostics that point to it.
    static func example(_ measure: GoalMeasure, goal: String) -> String {
        switch measure {
        case .trials: return "'- 15:02:31 \(goal) + independent'"
        case .count: return "'- 15:04:10 \(goal) count'"
        case .duration: return "'- 15:06:00 \(goal) start' and '- 15:07:32 \(goal) stop'"
        case .latency: return "'- 15:08:00 \(goal) cue' and '- 15:08:04 \(goal) response'"
        case .interval: return "'- 15:10:10 \(goal) interval 1 +'"
        case .abc: return "'- 15:12:40 \(goal) abc demand hitting escape'"
        case .task: return "'- 15:20:05 \(goal) step 1 + independent'"
        }
    }
}
