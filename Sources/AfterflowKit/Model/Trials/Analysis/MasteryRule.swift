/// Everything a goal says about when it is mastered: its criterion (`mastery: 80% x 3`), the
/// fewest trials for a session to count (`min_trials`), and the options of behaviour.md's table,
/// each off unless the goal's file sets it.
///
/// - `first_trial_independent: true`: a session fails the check when its first trial of the
///   goal was prompted or wrong, whatever its percent.
/// - `cold_probe: true`: only each session's first trial of the goal counts; `min_trials` is
///   then not applied (a cold probe is one trial by design).
/// - `min_observers: N`: the run of passing sessions that meets the criterion spans at least N
///   different observers (the trial sessions' `observer:`).
public struct MasteryRule: Sendable, Hashable {
    public var criterion: MasteryCriterion
    public var minTrials: Int
    public var firstTrialIndependent: Bool
    public var coldProbe: Bool
    /// Nil or 1: any observers.
    public var minObservers: Int?

    public init(criterion: MasteryCriterion, minTrials: Int, firstTrialIndependent: Bool = false, coldProbe: Bool = false, minObservers: Int? = nil) {
        self.criterion = criterion
        self.minTrials = minTrials
        self.firstTrialIndependent = firstTrialIndependent
        self.coldProbe = coldProbe
        self.minObservers = minObservers
    }

    /// The goal's rule, with the defaults its file documents.
    public init(goal: Goal) {
        self.init(criterion: goal.effectiveMastery, minTrials: goal.effectiveMinTrials, firstTrialIndependent: goal.firstTrialIndependent,
                  coldProbe: goal.coldProbe, minObservers: goal.minObservers)
    }

    /// Whether any option beyond the criterion and `min_trials` is set.
    public var hasOptions: Bool { firstTrialIndependent || coldProbe || (minObservers ?? 1) > 1 }

    /// `, first trial independent, cold probe, 2+ observers`: the options set, for descriptions;
    /// empty when none is.
    public var optionsText: String {
        var parts: [String] = []
        if firstTrialIndependent { parts.append("first trial independent") }
        if coldProbe { parts.append("cold probe: first trials only") }
        if let n = minObservers, n > 1 { parts.append("\(n)+ observers") }
        return parts.map { ", " + $0 }.joined()
    }

    /// Whether a day of the goal counts towards mastery: with a cold probe, when it has a first
    /// trial; else when it has at least `min_trials` trials.
    public func counts(_ row: ProgressRow) -> Bool {
        coldProbe ? row.firstTrials.trials > 0 : row.trials >= minTrials
    }

    /// Whether a counting day passes: its figure (the first trials' with a cold probe) at the
    /// criterion's percent or more, on the exact fraction, and with `first_trial_independent`
    /// every session's first trial an independent success.
    public func passes(_ row: ProgressRow) -> Bool {
        let tally = coldProbe ? row.firstTrials : row.tally
        guard Percent.reaches(tally.correct, of: tally.trials, percent: criterion.percent) else { return false }
        return !firstTrialIndependent || row.firstTrialsIndependent
    }
}
