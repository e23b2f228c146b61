import Foundation

/// One behaviour goal's record over time, for `progress` and the progress report: a row a day
/// with the goal's event lines, the day's sessions joined by `DailyFigure`'s rules (counts and
/// observed time summed so that the rate is taken over the summed time, durations summed,
/// intervals and task steps pooled, latencies averaged over every response), the phase in force
/// that day. A second observer's record is never a session here (`ClientRecord.sessions`).
///
/// What each measure plots: count, the rate per hour (on a log scale with `logRate`); duration,
/// minutes; latency, the mean in seconds; interval, the percent of intervals scored; task, the
/// percent of the applicable steps done independently; ABC, the incidents.
public struct BehaviourProgress: Sendable {
    public var goal: GoalRecord
    /// The client's short name, for CSV rows.
    public var client: String
    /// Days in order, within `since`…`until`.
    public var rows: [BehaviourDay]
    /// Whether a count goal's rate is drawn on a log scale (ratio chart).
    public var logRate: Bool

    /// `since` and `until` are days, both included; nil for no bound.
    public init(goal: GoalRecord, record: ClientRecord, cues: CueLevels, since: LocalDate? = nil, until: LocalDate? = nil,
                logRate: Bool = false) {
        self.goal = goal
        self.logRate = logRate
        client = record.short
        var rows: [BehaviourDay] = []
        for entry in record.sessions {
            guard let date = entry.session.date else { continue }
            let day = date.dayOnly
            if let since, day.dayNumber < since.dayNumber { continue }
            if let until, day.dayNumber > until.dayNumber { continue }
            guard let figures = BehaviourGoalFigures.of(entry.session, record: record, cues: cues).first(where: { $0.short == goal.short }),
                  let daily = figures.daily else { continue }
            if let last = rows.last, last.day == day, let joined = last.figure.joined(with: daily) {
                rows[rows.count - 1].sessions.append(entry.path)
                rows[rows.count - 1].figures.append(figures)
                rows[rows.count - 1].figure = joined
                rows[rows.count - 1].observedSeconds += figures.observedSeconds
            } else {
                rows.append(BehaviourDay(day: day, sessions: [entry.path], phase: goal.goal.phase(on: day), figures: [figures],
                                         figure: daily, observedSeconds: figures.observedSeconds))
            }
        }
        self.rows = rows
    }

    /// A progress per behaviour goal of `progress` (those whose measure is not trials), in order,
    /// each over the same days as its `GoalProgress`.
    public static func of(_ progress: [GoalProgress], record: ClientRecord, cues: CueLevels, logRate: Bool = false) -> [BehaviourProgress] {
        progress.filter { $0.goal.goal.measure != .trials }.map {
            BehaviourProgress(goal: $0.goal, record: record, cues: cues, since: $0.since, until: $0.until, logRate: logRate)
        }
    }

    public var measure: GoalMeasure { goal.goal.measure }

    /// The unit of the plotted value: `per hour`, `min`, `s`, `%`, `incidents`.
    public var unit: String { scale.unit }

    /// The chart's y axis for the goal's measure.
    public var scale: ChartScale {
        switch measure {
        case .count: return logRate ? .logarithmic(unit: "per hour") : .linear(unit: "per hour")
        case .duration: return .linear(unit: "min")
        case .latency: return .linear(unit: "s")
        case .abc: return .linear(unit: "incidents")
        case .interval, .task, .trials: return .percent
        }
    }

    /// The baseline level: a rate, a share or a mean latency over the baseline phase's days
    /// joined as one (all their observed time, all their intervals), or, for what adds up over a
    /// day (minutes of a duration, ABC incidents), the mean of the days; `how` says which: `2
    /// days joined`, `mean of 2 days`. Nil without baseline days.
    public var baseline: (days: Int, value: Double, how: String)? {
        let days = rows.filter { $0.phase == .baseline }
        guard let first = days.first else { return nil }
        switch first.figure {
        case .duration, .count:
            return (days.count, days.reduce(0) { $0 + $1.value } / Double(days.count), "mean of \(counted(days.count, "day", "days"))")
        case .rate, .proportion, .latency:
            let joined = days.dropFirst().reduce(first.figure) { $0.joined(with: $1.figure) ?? $0 }
            return (days.count, joined.plotted ?? 0, counted(days.count, "day", "days") + " joined")
        }
    }
}

/// One day of a behaviour goal: its sessions' figures and the day's joined figure.
public struct BehaviourDay: Sendable {
    public var day: LocalDate
    /// The vault-relative paths of the day's sessions with the goal's event lines, in time order.
    public var sessions: [String]
    /// The goal's phase on that day.
    public var phase: GoalPhase
    /// Each session's figures, in time order.
    public var figures: [BehaviourGoalFigures]
    /// The day's figure, its sessions joined.
    public var figure: DailyFigure
    /// The sessions' observed time summed, in seconds.
    public var observedSeconds: Double

    /// The plotted value (see `DailyFigure.plotted`); 0 when there is nothing to divide by.
    public var value: Double { figure.plotted ?? 0 }
}

extension BehaviourGoalFigures {
    /// The session's figure in the raw terms that let same-day sessions be joined: a count's
    /// occurrences over the observed time, a duration's seconds, a latency's seconds over its
    /// responses, intervals scored of all, steps independent of the applicable ones, ABC
    /// incidents.
    public var daily: DailyFigure? {
        switch figures {
        case .count(let c): return .rate(count: c.count, observedSeconds: observedSeconds)
        case .duration(let d): return .duration(seconds: d.totalSeconds, observedSeconds: observedSeconds)
        case .latency(let l): return .latency(totalSeconds: l.latencies.reduce(0, +), responses: l.latencies.count)
        case .interval(let i, _): return .proportion(part: i.scored, whole: i.total)
        case .abc(let t): return .count(t.incidents)
        case .task(let t): return .proportion(part: t.overall.independent, whole: t.overall.applicable)
        }
    }
}
