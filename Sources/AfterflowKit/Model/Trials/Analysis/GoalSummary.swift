/// One goal's figures in a session summary.
public struct GoalSummary: Sendable, Hashable {
    /// The goal's short name, as the trial lines write it.
    public var short: String
    /// The goal's title, or its short name when the client's folder has no such goal.
    public var title: String
    /// Whether the client's folder has this goal.
    public var known: Bool
    public var counts: TrialCounts

    public var trials: Int { counts.trials }
    public var successes: Int { counts.successes }
    /// Successes at a level the goal's `counts_correct` names.
    public var correct: Int { counts.correct }
    /// Successes at the first cue level.
    public var independent: Int { counts.independent }
    /// Percent correct, exact (0 to 100); the goal has at least one trial.
    public var percentCorrect: Double { counts.percentCorrect ?? 0 }
    public var percentIndependent: Double { counts.percentIndependent ?? 0 }
    /// The band of the percent correct.
    public var band: PerformanceBand { counts.band }

    public init(short: String, title: String, known: Bool, counts: TrialCounts) {
        self.short = short
        self.title = title
        self.known = known
        self.counts = counts
    }

    public var json: JSONValue {
        .object([
            ("goal", .string(short)),
            ("title", .string(title)),
            ("trials", .int(trials)),
            ("successes", .int(successes)),
            ("failures", .int(counts.failures)),
            ("correct", .int(correct)),
            ("independent", .int(independent)),
            ("percent_correct", Percent.json(correct, of: trials)),
            ("percent_independent", Percent.json(independent, of: trials)),
            ("band", .string(band.rawValue)),
        ])
    }
}
