/// A goal in maintenance judged against its schedule (`maintenance: weekly x 2, monthly x 2`),
/// counted from the day it entered maintenance (its last `maintenance` change in `phases`).
///
/// Check N is due on its day of the schedule. It is served by the first day on or after that day
/// (and after the day that served the check before) with trials of the goal that count by its
/// mastery rule (`min_trials`, or a first trial with a cold probe); days in between are not
/// checks. A check passes when that day's figure is at or above the criterion's percent (and,
/// with `first_trial_independent`, its first trials were independent); a check that fails ends
/// the schedule: the goal goes back to active.
public struct MaintenanceChecks: Sendable, Hashable {
    /// One check of the schedule, judged or not.
    public struct Check: Sendable, Hashable {
        /// 1 for the first check.
        public var number: Int
        public var due: LocalDate
        /// The day that served it, once one has.
        public var day: LocalDate?
        /// The figures of that day (the first trials' with a cold probe).
        public var tally: TrialCounts?
        public var passed: Bool?
    }

    /// Where the schedule stands on the day it is judged.
    public enum State: Sendable, Hashable {
        /// Check `number` is not due until `on`.
        case waiting(number: Int, on: LocalDate)
        /// Check `number` has been due since `since`, with no day to serve it yet.
        case due(number: Int, since: LocalDate)
        /// Check `number`, on `day`, was under the criterion.
        case failed(number: Int, day: LocalDate)
        /// Every check passed, the last on `day`.
        case passed(day: LocalDate)
    }

    public var schedule: MaintenanceSchedule
    /// The day the goal entered maintenance.
    public var start: LocalDate
    /// The checks up to the first not yet served or failed, in order.
    public var checks: [Check]
    public var state: State

    /// The checks of `goal` on `today`, from its rows (as `GoalProgress.rows` makes them); nil
    /// unless the goal is in maintenance since a dated change and has a schedule.
    public init?(goal: Goal, rows: [ProgressRow], rule: MasteryRule, today: LocalDate) {
        guard let schedule = goal.maintenance, goal.currentPhase == .maintenance,
              let start = goal.phases.last(where: { $0.phase == .maintenance })?.day else { return nil }
        self.schedule = schedule
        self.start = start
        let dueDays = schedule.dueDays(from: start)
        var candidates = rows.filter { $0.day.dayNumber > start.dayNumber && $0.day.dayNumber <= today.dayNumber && rule.counts($0) }[...]
        var checks: [Check] = []
        var state = State.passed(day: start)
        for (index, due) in dueDays.enumerated() {
            while let first = candidates.first, first.day.dayNumber < due.dayNumber { candidates.removeFirst() }
            guard let row = candidates.popFirst() else {
                checks.append(Check(number: index + 1, due: due))
                state = today.dayNumber >= due.dayNumber ? .due(number: index + 1, since: due) : .waiting(number: index + 1, on: due)
                break
            }
            let passed = rule.passes(row)
            checks.append(Check(number: index + 1, due: due, day: row.day, tally: rule.coldProbe ? row.firstTrials : row.tally, passed: passed))
            state = passed ? .passed(day: row.day) : .failed(number: index + 1, day: row.day)
            if !passed { break }
            // One day serves one check, whatever its rows.
            while let next = candidates.first, next.day == row.day { candidates.removeFirst() }
        }
        self.checks = checks
        self.state = state
    }
}
