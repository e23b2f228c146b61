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
        case "counts_correct": return "The cue levels at which a success scores as correct: [independent, minimal]."
        case "phase": return "Where the goal stands: baseline, active, maintenance, mastered, on-hold, retired."
        case "phases": return "Each change of phase with its day: [baseline 2025-01-07, active 2025-01-21]."
        case "started": return "The day work on the goal started, without a time."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        switch key {
        case "category": return standardCategories.map { FieldChoice($0, "A goal category every vault knows.") }
        case "phase": return GoalPhase.allCases.map { FieldChoice($0.rawValue, $0.meaning) }
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
        case .onHold: return "Paused for now."
        case .retired: return "No longer worked on."
        }
    }
}
