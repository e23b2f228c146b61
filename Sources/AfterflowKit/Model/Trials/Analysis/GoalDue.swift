/// A change of phase a client's data call for, or a maintenance check that is due: what
/// `goal due` lists, each with the command that records it. Nothing changes a phase by itself:
/// the clinician runs the command.
///
/// - A goal in baseline or active whose data met its mastery rule since it last entered those
///   phases, on a day not before its last change: `goal phase … mastered --date DAY`, the day
///   of the session whose data met the criterion.
/// - A goal marked `mastered` that has a `maintenance:` schedule: `goal phase … maintenance
///   --date DAY`, the day it was marked mastered (its checks are counted from the day it enters
///   maintenance, so a later day would put them off).
/// - A goal in maintenance with a `maintenance:` schedule (see `MaintenanceChecks`): a check
///   whose day has come and that no session has served (`trials start … --probe`); a check that
///   failed (`goal phase … active --date DAY`); every check passed (`goal phase … closed --date
///   DAY`, the day of the last).
///
/// Only goals that record trials (`measure: trials`) are judged.
public struct GoalDue: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The data met the criterion on `day`.
        case criterionMet(day: LocalDate, run: MasteryRun)
        /// Marked mastered on `day`, with a maintenance schedule to start.
        case startMaintenance(mastered: LocalDate)
        /// Check `number` of `of` has been due since `since`.
        case checkDue(number: Int, of: Int, since: LocalDate)
        /// Check `number` of `of`, on `day`, was under the criterion.
        case checkFailed(number: Int, of: Int, day: LocalDate, tally: TrialCounts)
        /// Every one of `checks` passed, the last on `day`.
        case maintained(checks: Int, day: LocalDate)
    }

    /// The client's short name.
    public var client: String
    /// The goal's short name.
    public var goal: String
    public var criterion: MasteryCriterion
    public var schedule: MaintenanceSchedule?
    public var reason: Reason

    /// Every item of `record` on `today` (a day in the vault's time zone), goals in short-name
    /// order; data after `today` are not read.
    public static func items(of record: ClientRecord, cues: CueLevels, today: LocalDate) -> [GoalDue] {
        record.goals.compactMap { goal in
            guard goal.goal.measure == .trials else { return nil }
            let rule = MasteryRule(goal: goal.goal)
            let rows = GoalProgress.rows(of: goal, in: record, cues: cues, rule: rule, until: today.dayNumber)
            let reason: Reason?
            if goal.goal.currentPhase.isAcquisition {
                reason = criterionMet(goal.goal, rows: rows, rule: rule)
            } else if goal.goal.currentPhase == .mastered {
                reason = startMaintenance(goal.goal, today: today)
            } else {
                reason = MaintenanceChecks(goal: goal.goal, rows: rows, rule: rule, today: today).flatMap(Self.reason)
            }
            return reason.map { GoalDue(client: record.short, goal: goal.short, criterion: rule.criterion, schedule: goal.goal.maintenance, reason: $0) }
        }
    }

    /// The criterion met since the goal last entered baseline or active (the first of its last
    /// unbroken changes to those phases), on or after its last change.
    static func criterionMet(_ goal: Goal, rows: [ProgressRow], rule: MasteryRule) -> Reason? {
        let episode = goal.phases.reversed().prefix { $0.phase.isAcquisition }.last?.day
        let rows = episode.map { start in rows.filter { $0.day.dayNumber >= start.dayNumber } } ?? rows
        let run = MasteryRun(rule: rule, rows: rows, notBefore: goal.phases.last?.day)
        return run.met.map { .criterionMet(day: $0, run: run) }
    }

    /// A mastered goal with a schedule moves on to maintenance from the day it was mastered (the
    /// last `mastered` change, not after `today`).
    static func startMaintenance(_ goal: Goal, today: LocalDate) -> Reason? {
        guard goal.maintenance != nil, let change = goal.phases.last, change.phase == .mastered,
              change.day.dayNumber <= today.dayNumber else { return nil }
        return .startMaintenance(mastered: change.day)
    }

    static func reason(_ checks: MaintenanceChecks) -> Reason? {
        let total = checks.schedule.checkCount
        switch checks.state {
        case .waiting: return nil
        case .due(let number, let since): return .checkDue(number: number, of: total, since: since)
        case .failed(let number, let day):
            return .checkFailed(number: number, of: total, day: day, tally: checks.checks.last?.tally ?? TrialCounts())
        case .passed(let day): return checks.checks.count == total ? .maintained(checks: total, day: day) : nil
        }
    }

    /// The phase the command moves the goal to; nil for a check to run.
    public var phase: GoalPhase? {
        switch reason {
        case .criterionMet: return .mastered
        case .startMaintenance: return .maintenance
        case .checkDue: return nil
        case .checkFailed: return .active
        case .maintained: return .closed
        }
    }

    /// The day the command dates the change with, or since when the check is due.
    public var day: LocalDate {
        switch reason {
        case .criterionMet(let day, _), .checkFailed(_, _, let day, _), .maintained(_, let day), .startMaintenance(let day): return day
        case .checkDue(_, _, let since): return since
        }
    }

    /// The words of the command after `afterflow`.
    public var arguments: [String] {
        guard let phase else { return ["trials", "start", client, "--probe"] }
        return ["goal", "phase", client, goal, phase.rawValue, "--date", day.dayString]
    }

    /// `mastery` for the criterion met, `start maintenance`, `maintenance check`, `maintenance
    /// failed` or `maintained`.
    public var kind: String {
        switch reason {
        case .criterionMet: return "mastery"
        case .startMaintenance: return "start maintenance"
        case .checkDue: return "maintenance check"
        case .checkFailed: return "maintenance failed"
        case .maintained: return "maintained"
        }
    }

    /// What is due, in a few words: `met 80% x 3 on 2025-03-18`, `maintenance check 3 of 4 due
    /// since 2025-05-15`, `maintenance check 2 of 4 on 2025-04-15: 3 of 5 (60 %), under 80 %`,
    /// `all 4 maintenance checks passed, the last on 2025-06-16`.
    public var text: String {
        switch reason {
        case .criterionMet(let day, let run):
            let observers = run.observers.count > 1 ? " (observers \(run.observers.joined(separator: ", ")))" : ""
            return "met \(criterion.text) on \(day.dayString)\(observers)"
        case .startMaintenance(let day):
            return "mastered on \(day.dayString); its maintenance checks (\(schedule?.text ?? "")) start when it enters maintenance"
        case .checkDue(let number, let of, let since):
            return "maintenance check \(number) of \(of) due since \(since.dayString)"
        case .checkFailed(let number, let of, let day, let tally):
            return "maintenance check \(number) of \(of) on \(day.dayString): \(tally.correct) of \(tally.trials) (\(Percent.text(tally.correct, of: tally.trials))), under \(criterion.percent) %"
        case .maintained(let checks, let day):
            return checks == 1 ? "its maintenance check passed on \(day.dayString)" : "all \(checks) maintenance checks passed, the last on \(day.dayString)"
        }
    }

    /// The item for scripts; `command` is as the front end prints it.
    public func json(command: String) -> JSONValue {
        .object([
            ("client", .string(client)),
            ("goal", .string(goal)),
            ("kind", .string(kind)),
            ("day", .string(day.dayString)),
            ("phase", phase.map { .string($0.rawValue) } ?? .null),
            ("criterion", .string(criterion.text)),
            ("maintenance", schedule.map { .string($0.text) } ?? .null),
            ("text", .string(text)),
            ("command", .string(command)),
        ])
    }
}
