/// One day of one goal in a progress table: every trial of the goal that day, over all the day's
/// sessions (the established tools combine same-day sessions: counts summed, the percentage over
/// all their trials). A day's probe sessions (`probe: true`) make a row of their own, beside
/// its teaching sessions' row, so that the two are reported apart.
public struct ProgressRow: Sendable, Hashable {
    /// The calendar day.
    public var day: LocalDate
    /// The vault-relative paths of the day's sessions that have trials of the goal, in time order.
    public var sessions: [String]
    public var tally: TrialCounts
    /// The goal's phase on that day (from its dated `phases`).
    public var phase: GoalPhase
    /// Whether the day has at least the goal's `min_trials`: only such rows count towards mastery,
    /// the trend and the sparkline; the others are shown, marked.
    public var counts: Bool
    /// Trials per cue level (see `CueCount.tally`).
    public var cues: [CueCount]
    /// Whether the row holds the day's probe sessions (`probe: true`) rather than its teaching.
    public var probe: Bool
    /// Each session's first trial of the goal: what a cold probe counts.
    public var firstTrials: TrialCounts
    /// Whether every session's first trial of the goal was a success at the independent level.
    public var firstTrialsIndependent: Bool
    /// The sessions' observers (`observer:`, as first written), each once, in the order met.
    public var observers: [String]

    public init(day: LocalDate, sessions: [String], tally: TrialCounts, phase: GoalPhase, counts: Bool, cues: [CueCount],
                probe: Bool = false, firstTrials: TrialCounts = TrialCounts(), firstTrialsIndependent: Bool = true, observers: [String] = []) {
        self.day = day
        self.sessions = sessions
        self.tally = tally
        self.phase = phase
        self.counts = counts
        self.cues = cues
        self.probe = probe
        self.firstTrials = firstTrials
        self.firstTrialsIndependent = firstTrialsIndependent
        self.observers = observers
    }

    public var trials: Int { tally.trials }
    public var successes: Int { tally.successes }
    public var correct: Int { tally.correct }
    public var independent: Int { tally.independent }
    /// Exact, 0 to 100.
    public var percentCorrect: Double { tally.percentCorrect ?? 0 }
    public var percentIndependent: Double { tally.percentIndependent ?? 0 }
    public var band: PerformanceBand { tally.band }

    /// Whether the day reaches `percent` % correct, on the exact fraction.
    public func reaches(_ percent: Int) -> Bool { Percent.reaches(correct, of: trials, percent: percent) }

    /// The row's keys; `probe`, the first trials and the observers only where `rule` or the row
    /// has them, so that a goal without those options reads as it always has.
    func json(rule: MasteryRule) -> JSONValue {
        guard case .object(var pairs) = json else { return json }
        if probe { pairs.append(("probe", .bool(true))) }
        if rule.coldProbe || rule.firstTrialIndependent {
            pairs += [("first_trials", .int(firstTrials.trials)), ("first_trials_correct", .int(firstTrials.correct)),
                      ("first_trials_independent", .bool(firstTrialsIndependent))]
        }
        if (rule.minObservers ?? 1) > 1 { pairs.append(("observers", .array(observers.map { .string($0) }))) }
        return .object(pairs)
    }

    var json: JSONValue {
        .object([
            ("day", .string(day.dayString)),
            ("sessions", .array(sessions.map { .string($0) })),
            ("trials", .int(trials)),
            ("correct", .int(correct)),
            ("independent", .int(independent)),
            ("percent_correct", Percent.json(correct, of: trials)),
            ("percent_independent", Percent.json(independent, of: trials)),
            ("band", .string(band.rawValue)),
            ("phase", .string(phase.rawValue)),
            ("counts", .bool(counts)),
            ("cues", .object(cues.map { ($0.level, .int($0.trials)) })),
        ])
    }
}
