/// One step of one run of a task analysis: done (with or without success) at a cue level, or
/// not applicable that time.
public enum TaskStepScore: Sendable, Hashable {
    case done(success: Bool, cue: String)
    case notApplicable
}

/// One run through a task analysis: the score of each step, in the order of the goal's `steps:`
/// (nil for a step not recorded in this run; entries past the last step are not read).
public struct TaskRun: Sendable, Hashable {
    public let scores: [TaskStepScore?]

    public init(_ scores: [TaskStepScore?]) { self.scores = scores }
}

/// The counts of task-analysis steps that every task figure is made from.
///
/// A step is applicable unless it is `n/a` or was not recorded. Independent = a success at the
/// independent (first) cue level; counted = a success at one of the goal's counted levels
/// (`counts_correct`; every level when it names none). percent independent = independent × 100
/// ÷ applicable, percent counted = counted × 100 ÷ applicable: `n/a` steps are left out of both.
/// 10 steps, step 7 `n/a`, 6 independent: 6 ÷ 9 = 66.7 %.
public struct TaskStepCounts: Sendable, Hashable {
    public var applicable = 0
    public var independent = 0
    public var counted = 0
    public var notApplicable = 0
    public var unrecorded = 0

    public init() {}

    public var percentIndependent: Double? { applicable > 0 ? Double(independent) * 100 / Double(applicable) : nil }
    public var percentCounted: Double? { applicable > 0 ? Double(counted) * 100 / Double(applicable) : nil }

    mutating func add(_ score: TaskStepScore?, levels: TaskLevels) {
        switch score {
        case nil: unrecorded += 1
        case .notApplicable: notApplicable += 1
        case let .done(success, cue):
            applicable += 1
            guard success else { return }
            let level = cue.trimmingASCIIWhitespace().lowercased()
            if level == levels.independent { independent += 1 }
            if levels.counted.map({ $0.contains(level) }) ?? true { counted += 1 }
        }
    }
}

/// The cue levels a task summary reads, lower case.
struct TaskLevels {
    let independent: String
    let counted: Set<String>?
}

/// A task analysis summarised per run, per step across runs, and over all runs pooled.
public struct TaskAnalysisSummary: Sendable, Hashable {
    public struct Step: Sendable, Hashable {
        public let step: String
        public let counts: TaskStepCounts
        /// The step's score in each run, in run order (nil where not recorded): the prompt level
        /// per step over time.
        public let scores: [TaskStepScore?]
    }

    /// The goal's steps, in order, each across every run.
    public let steps: [Step]
    /// Each run's counts, in run order.
    public let runs: [TaskStepCounts]
    /// Every step of every run.
    public let overall: TaskStepCounts

    /// `independentLevel` is the vault's first cue level; `countedLevels` the goal's
    /// `counts_correct` (nil for every level). Levels are compared without case.
    public init(steps: [String], runs: [TaskRun], independentLevel: String, countedLevels: Set<String>?) {
        let levels = TaskLevels(independent: independentLevel.trimmingASCIIWhitespace().lowercased(),
                                counted: countedLevels.map { Set($0.map { $0.trimmingASCIIWhitespace().lowercased() }) })
        func score(_ run: TaskRun, _ index: Int) -> TaskStepScore? { index < run.scores.count ? run.scores[index] : nil }
        self.steps = steps.enumerated().map { index, name in
            let scores = runs.map { score($0, index) }
            var counts = TaskStepCounts()
            scores.forEach { counts.add($0, levels: levels) }
            return Step(step: name, counts: counts, scores: scores)
        }
        self.runs = runs.map { run in
            var counts = TaskStepCounts()
            steps.indices.forEach { counts.add(score(run, $0), levels: levels) }
            return counts
        }
        var overall = TaskStepCounts()
        for counts in self.runs {
            overall.applicable += counts.applicable
            overall.independent += counts.independent
            overall.counted += counts.counted
            overall.notApplicable += counts.notApplicable
            overall.unrecorded += counts.unrecorded
        }
        self.overall = overall
    }
}
