/// One goal's progress over time: a row per day with trials of the goal, its mastery state, and
/// the trend as a sparkline.
///
/// Rules, as the established tools apply them:
/// - Two sessions of the goal on one day make one row: counts summed, percentages over all the
///   day's trials.
/// - A row with fewer trials than the goal's `min_trials` is shown but does not count: it is left
///   out of the mastery run (skipped, not breaking it: a short probe day says nothing either way),
///   of the sparkline and of the trend.
/// - Mastered on the first day that ends a run of `sessions` consecutive counting rows each at
///   `percent` % correct or more (the exact fraction). Once met, it stays met: a later drop does
///   not undo the day, which is what a report has to state. When the data never met it but the
///   goal's `phases` mark it `mastered` (and no later change moved it back to baseline or active),
///   it is mastered on that day.
/// - The phase of each row is the one in force that day, from the goal's dated `phases`; phases
///   do not change which rows count.
/// - `since` limits the rows shown; mastery is judged on every row up to `until`, so a window
///   does not forget a run that began before it.
/// - A session without a readable `date` has no day and is left out (`check` reports it).
public struct GoalProgress: Sendable {
    public var goal: GoalRecord
    /// Days in order, within `since`…`until`.
    public var rows: [ProgressRow]
    public var mastery: MasteryState
    /// The first day the data met the criterion (up to `until`), if they did.
    public var criterionMet: LocalDate?
    /// The day of the goal's `mastered` phase change (up to `until`), if it has one in force.
    public var markedMastered: LocalDate?
    /// Consecutive counting rows at the criterion's percent at the end of the data (up to
    /// `until`): how far a goal not yet mastered has got.
    public var run: Int
    public var criterion: MasteryCriterion
    public var minTrials: Int
    /// The criterion, `min_trials` and the goal's mastery options.
    public var rule: MasteryRule
    /// The vault's cue levels the rows were counted with.
    public var cues: CueLevels
    /// The client's short name, for CSV rows.
    public var client: String
    /// The first and last day asked for (both included), nil for no bound: what a behaviour
    /// goal's rows (`BehaviourProgress`) are limited to.
    public var since: LocalDate?
    public var until: LocalDate?

    /// One per goal of `record` (sorted by short name), or only `goal` (a short name) when given:
    /// none when the client has no such goal. `since` and `until` are days, both included.
    public static func make(record: ClientRecord, cues: CueLevels, goal: String? = nil, since: LocalDate? = nil,
                            until: LocalDate? = nil) -> [GoalProgress] {
        let goals = goal.map { name in record.goals.filter { $0.short == name || $0.short == name.lowercased() } } ?? record.goals
        return goals.map { GoalProgress(goal: $0, record: record, cues: cues, since: since, until: until) }
    }

    init(goal: GoalRecord, record: ClientRecord, cues: CueLevels, since: LocalDate?, until: LocalDate?) {
        self.goal = goal
        self.cues = cues
        self.since = since
        self.until = until
        client = record.short
        rule = MasteryRule(goal: goal.goal)
        criterion = rule.criterion
        minTrials = rule.minTrials
        let last = until?.dayNumber
        let all = Self.rows(of: goal, in: record, cues: cues, rule: rule, until: last)
        let evaluation = MasteryRun(rule: rule, rows: all)
        criterionMet = evaluation.met
        run = evaluation.run
        markedMastered = GoalProgress.markedMastered(goal.goal.phases, until: last)
        if let day = evaluation.met ?? markedMastered {
            mastery = .mastered(on: day)
        } else {
            mastery = .notYet(run: evaluation.run, needed: criterion.sessions)
        }
        let first = since?.dayNumber
        rows = first.map { first in all.filter { $0.day.dayNumber >= first } } ?? all
    }

    /// Every row of `goal` up to the day `last`: a row a day, and a second for the day's probe
    /// sessions; each session's first trial and observer noted, `counts` by `rule`.
    static func rows(of goal: GoalRecord, in record: ClientRecord, cues: CueLevels, rule: MasteryRule, until last: Int?) -> [ProgressRow] {
        let short = goal.short.lowercased()
        var all: [ProgressRow] = []
        // The cue counts of each row are added up as its trials are met: no trial is copied.
        var tallies: [CueCount.Tally] = []
        var today: [Bool: Int] = [:]
        for entry in record.sessions {
            guard let date = entry.session.date else { continue }
            let trials = entry.session.trials
            // A line with a cue level the vault does not know is one `check` rejects: not counted.
            guard trials.contains(where: { Self.names($0.goal, short) && cues.rank(of: $0.cue) != nil }) else { continue }
            let day = date.dayOnly
            if let last, day.dayNumber > last { continue }
            if all.last?.day != day { today = [:] }
            let probe = entry.session.probe
            let index: Int
            if let found = today[probe] {
                index = found
            } else {
                index = all.count
                today[probe] = index
                all.append(ProgressRow(day: day, sessions: [], tally: TrialCounts(), phase: goal.goal.phase(on: day), counts: false, cues: [], probe: probe))
                tallies.append(CueCount.Tally(cues: cues))
            }
            all[index].sessions.append(entry.path)
            if let observer = entry.session.observer?.trimmingASCIIWhitespace(), !observer.isEmpty,
               !all[index].observers.contains(where: { $0.caseInsensitiveCompare(observer) == .orderedSame }) {
                all[index].observers.append(observer)
            }
            var first = true
            for trial in trials where Self.names(trial.goal, short) && cues.rank(of: trial.cue) != nil {
                all[index].tally.add(trial, goal: goal.goal, cues: cues)
                tallies[index].add(trial)
                if first {
                    first = false
                    all[index].firstTrials.add(trial, goal: goal.goal, cues: cues)
                    if !trial.success || (trial.cue != cues.independent && trial.cue.lowercased() != cues.independent) {
                        all[index].firstTrialsIndependent = false
                    }
                }
            }
            all[index].counts = rule.counts(all[index])
        }
        for index in all.indices { all[index].cues = tallies[index].counts }
        return all
    }

    /// Whether a trial's goal name is `short` (lower case), in any case: compared byte by byte
    /// while both are ASCII (as short names are), through `lowercased()` otherwise.
    static func names(_ goal: String, _ short: String) -> Bool {
        if goal == short { return true }
        var goal = goal, short = short
        let ascii: Bool? = goal.withUTF8 { a in
            short.withUTF8 { b in
                for i in 0..<min(a.count, b.count) {
                    let x = a[i], y = b[i]
                    if x >= 0x80 || y >= 0x80 { return nil }
                    if (x >= 0x41 && x <= 0x5A ? x | 0x20 : x) != y { return false }
                }
                // An ASCII start lowers to itself, and what is left of the longer is not empty.
                return a.count == b.count
            }
        }
        return ascii ?? (goal.lowercased() == short)
    }

    /// The day of the last `mastered` change on or before `until`, unless a later one (also on or
    /// before `until`) moved the goal back to baseline or active.
    static func markedMastered(_ phases: [PhaseChange], until: Int?) -> LocalDate? {
        var marked: LocalDate?
        for change in phases where until.map({ change.day.dayNumber <= $0 }) ?? true {
            switch change.phase {
            case .mastered: marked = change.day
            case .baseline, .active: marked = nil
            case .maintenance, .closed, .onHold, .retired: continue
            }
        }
        return marked
    }

    /// The rows that count (at least `min_trials`, or a first trial with a cold probe).
    public var countingRows: [ProgressRow] { rows.filter(\.counts) }

    /// The rows of probe sessions (`probe: true`), reported apart from teaching.
    public var probeRows: [ProgressRow] { rows.filter(\.probe) }

    /// `mastered on 2025-03-02: 80 %+ in 3 consecutive sessions of 10+ trials`, or `not mastered:
    /// 2 of 3 consecutive sessions at 80 %+ (sessions of 5+ trials)`.
    public var description: String {
        let percent = "\(criterion.percent) %+"
        let n = criterion.sessions
        switch mastery {
        case .mastered(let day) where day == criterionMet:
            return "mastered on \(day.dayString): \(percent) in \(n == 1 ? "1 session" : "\(n) consecutive sessions") of \(sessionSize)\(rule.optionsText)"
        case .mastered(let day):
            return "mastered on \(day.dayString) (marked in its phases; the data show \(runText) at \(percent)\(rule.optionsText))"
        case .notYet:
            return "not mastered: \(runText) at \(percent) (sessions of \(sessionSize)\(rule.optionsText))"
        }
    }

    /// `10+ trials`, or with a cold probe `any number of trials` (its first trial is what counts).
    var sessionSize: String { rule.coldProbe ? "any number of trials" : "\(minTrials)+ trials" }

    /// `2 of 3 consecutive sessions`: the run at the end of the data.
    var runText: String {
        let n = criterion.sessions
        return n == 1 ? "\(run) of 1 session" : "\(run) of \(n) consecutive sessions"
    }

    /// The percent correct of each counting row, one of `▁▂▃▄▅▆▇█` each on a fixed scale (an eighth
    /// of 0-100 % a step, rounded down; 100 % is `█`), so that two goals' lines compare.
    public var sparkline: String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(countingRows.map { row in blocks[min(7, row.correct * 8 / max(row.trials, 1))] })
    }
}
