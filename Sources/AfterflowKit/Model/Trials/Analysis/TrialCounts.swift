/// The counts of one goal's trials that every figure is made from.
///
/// A success is correct when the goal's `counts_correct` names its cue level (every level when
/// it names none); a success at a level not named counts as incorrect for the percentage. A
/// success at the first cue level (independent) is independent, whatever `counts_correct` says.
public struct TrialCounts: Sendable, Hashable {
    public var trials = 0
    public var successes = 0
    public var correct = 0
    public var independent = 0

    public init() {}

    /// Adds one trial of `goal` (nil for a goal the client's folder does not have: every level
    /// then counts as correct).
    public mutating func add(_ trial: Trial, goal: Goal?, cues: CueLevels) {
        trials += 1
        guard trial.success else { return }
        successes += 1
        if goal?.countsAsCorrect(trial.cue) ?? true { correct += 1 }
        // Cue names are read in lower case; lowered again only when they are not.
        if trial.cue == cues.independent || trial.cue.lowercased() == cues.independent { independent += 1 }
    }

    public mutating func add(_ other: TrialCounts) {
        trials += other.trials
        successes += other.successes
        correct += other.correct
        independent += other.independent
    }

    public var failures: Int { trials - successes }
    /// Percent correct, exact; nil without trials.
    public var percentCorrect: Double? { Percent.value(correct, of: trials) }
    /// Percent of trials that were independent successes, exact; nil without trials.
    public var percentIndependent: Double? { Percent.value(independent, of: trials) }
    public var band: PerformanceBand { PerformanceBand(correct: correct, of: trials) }
}
