/// One day of one goal in a progress table: every trial of the goal that day, over all the day's
/// sessions (the established tools combine same-day sessions: counts summed, the percentage over
/// all their trials).
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

    public init(day: LocalDate, sessions: [String], tally: TrialCounts, phase: GoalPhase, counts: Bool, cues: [CueCount]) {
        self.day = day
        self.sessions = sessions
        self.tally = tally
        self.phase = phase
        self.counts = counts
        self.cues = cues
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
