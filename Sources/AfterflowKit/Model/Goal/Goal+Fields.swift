/// A goal's keys and values, for an editor (docs/FORMAT.md, "Goals"). The cue levels are the
/// vault's (`VaultConfig.cueLevels`), not the kind's.
extension Goal {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "client": return "The id in the client's client.md."
        case "title": return "What the goal is: Produce /s/ in word-initial position."
        case "category": return "communication, social, articulation, language, fluency, behavior, motor, other, or one the vault adds."
        case "cue": return "The goal's default cue level: one of the vault's cue levels."
        case "mastery": return "P% x N: at least P % correct in N consecutive sessions of at least min_trials trials (80% x 3)."
        case "min_trials": return "The fewest trials for a session's percentage to count, 1 to 10000 (5)."
        case "first_trial_independent": return "true: a session fails the mastery check when its first trial of the goal was prompted or wrong."
        case "cold_probe": return "true: only each session's first trial of the goal counts towards mastery (min_trials is then not applied)."
        case "min_observers": return "The fewest different observers (the sessions' observer:) across the run that meets the criterion, 1 to 100."
        case "maintenance": return "When a goal in maintenance is checked, from the day it entered maintenance: weekly x 2, monthly x 2."
        case "counts_correct": return "The cue levels at which a success scores as correct: [independent, minimal]."
        case "phase": return "Where the goal stands: baseline, active, mastered, maintenance, closed, on-hold, retired."
        case "phases": return "Each change of phase with its day: [baseline 2025-01-07, active 2025-01-21]."
        case "started": return "The day work on the goal started, without a time."
        case "target_date": return "The day the mastery criterion is to be met by: the end of the chart's aim line."
        case "trend": return "How the chart fits its trend lines: split-middle (the default) or least-squares."
        case "measure": return "What the goal records: trials (the default), count, duration, latency, interval, abc or task."
        case "method": return "For measure: interval, how an interval is scored: partial, whole or momentary."
        case "interval": return "For measure: interval, each interval's length: 10s, 15s, 1m."
        case "steps": return "For measure: task, the task analysis in order: [turn on water, wet hands, soap, rinse, dry]."
        case "chaining": return "For measure: task, how it is taught: forward, backward or total."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        switch key {
        case "first_trial_independent", "cold_probe": return [FieldChoice("true", "On."), FieldChoice("false", "Off (the default).")]
        case "category": return standardCategories.map { FieldChoice($0, "A goal category every vault knows.") }
        case "phase": return GoalPhase.allCases.map { FieldChoice($0.rawValue, $0.meaning) }
        case "measure": return GoalMeasure.allCases.map { FieldChoice($0.rawValue, "A goal of measure \($0.rawValue) (docs/FORMAT.md, Behaviour measures).") }
        case "method": return IntervalMethod.allCases.map { FieldChoice($0.rawValue, "Interval recording: \($0.rawValue).") }
        case "chaining": return Chaining.allCases.map { FieldChoice($0.rawValue, "Taught by \($0.rawValue) chaining.") }
        case "trend": return TrendMethod.allCases.map { FieldChoice($0.rawValue, "Trend lines by \($0.rawValue).") }
        default: return []
        }
    }
}

extension GoalPhase {
    /// What the phase means, in a few words.
    public var meaning: String {
        switch self {
        case .baseline: return "Measured before teaching starts."
        case .active: return "Being taught."
        case .maintenance: return "Mastered, checked now and then."
        case .mastered: return "Met its mastery criterion."
        case .closed: return "Maintained; no more data are taken."
        case .onHold: return "Paused for now."
        case .retired: return "No longer worked on."
        }
    }
}
