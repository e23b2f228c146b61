/// Progress as JSON and CSV.
extension GoalProgress {
    /// The goal, its criterion and state, and its rows; percentages to one decimal.
    public var json: JSONValue {
        var state: [(String, JSONValue)] = [("criterion", .string(criterion.text)), ("percent", .int(criterion.percent)),
                                            ("sessions", .int(criterion.sessions)), ("min_trials", .int(minTrials))]
        if rule.firstTrialIndependent { state.append(("first_trial_independent", .bool(true))) }
        if rule.coldProbe { state.append(("cold_probe", .bool(true))) }
        if let n = rule.minObservers, n > 1 { state.append(("min_observers", .int(n))) }
        switch mastery {
        case .mastered(let day):
            state += [("mastered", .bool(true)), ("on", .string(day.dayString))]
        case .notYet(let run, let needed):
            state += [("mastered", .bool(false)), ("run", .int(run)), ("needed", .int(needed))]
        }
        state += [("criterion_met", criterionMet.map { .string($0.dayString) } ?? .null),
                  ("marked_mastered", markedMastered.map { .string($0.dayString) } ?? .null),
                  ("description", .string(description))]
        return .object([
            ("goal", .string(goal.short)),
            ("title", .string(goal.goal.title ?? goal.short)),
            ("category", goal.goal.category.map { .string($0) } ?? .null),
            ("phase", .string(goal.goal.currentPhase.rawValue)),
            ("phases", .array(goal.goal.phases.map { .object([("phase", .string($0.phase.rawValue)), ("day", .string($0.day.dayString))]) })),
            ("mastery", .object(state)),
            ("sparkline", .string(sparkline)),
            ("rows", .array(rows.map { $0.json(rule: rule) })),
        ])
    }

    /// The columns of `csvRows`: the figures, the trials at each of `cues`' levels and at
    /// levels the vault does not know (`cue_other`), then what every measure has (a behaviour
    /// goal's rows, `BehaviourProgress.csvRows`, fill only these): the measure, the plotted value
    /// and its unit, and the parts it came from.
    public static func csvHeader(cues: CueLevels) -> [String] {
        ["client", "goal", "goal_title", "day", "sessions", "trials", "correct", "independent", "percent_correct",
         "percent_independent", "band", "phase", "counts", "probe"] + cues.names.map { "cue_" + $0 } + ["cue_other"]
            + ["measure", "value", "unit", "count", "seconds", "part", "whole", "observed_minutes"]
    }

    /// One row a day, in the columns of `csvHeader(cues:)`; the sessions' paths separated by `;`,
    /// percentages to one decimal, `counts` and `probe` (the row holds the day's probe sessions)
    /// as `yes` or `no`. Fields as they are: the CSV writer
    /// quotes them and guards formulas.
    public var csvRows: [[String]] {
        let known = Set(cues.names)
        return rows.map { row in
            var fields = [client, goal.short, goal.goal.title ?? goal.short, row.day.dayString, row.sessions.joined(separator: ";"),
                          String(row.trials), String(row.correct), String(row.independent),
                          Percent.json(row.correct, of: row.trials).serialized(),
                          Percent.json(row.independent, of: row.trials).serialized(),
                          row.band.rawValue, row.phase.rawValue, row.counts ? "yes" : "no", row.probe ? "yes" : "no"]
            var byLevel: [String: Int] = [:]
            for count in row.cues { byLevel[count.level, default: 0] += count.trials }
            fields += cues.names.map { String(byLevel[$0] ?? 0) }
            fields.append(String(row.cues.filter { !known.contains($0.level) }.reduce(0) { $0 + $1.trials }))
            // measure, value, unit, count, seconds, part, whole, observed_minutes.
            fields += ["trials", Percent.json(row.correct, of: row.trials).serialized(), "%", "", "", String(row.correct), String(row.trials), ""]
            return fields
        }
    }
}

extension GoalProgress {
    /// How many sessions the goals' rows hold, a session with trials of two goals counted once:
    /// what `export progress` says it wrote.
    public static func sessionCount(_ progress: [GoalProgress]) -> Int {
        Set(progress.flatMap { $0.rows.flatMap(\.sessions) }).count
    }
}
