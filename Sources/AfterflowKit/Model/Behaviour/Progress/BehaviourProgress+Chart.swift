import Foundation

extension BehaviourDay {
    /// The day's figure in words, for a chart point's title and a table: `13 times in 45 min
    /// (17.3 per hour)`, `3.4 min in all (8 % of 45 min)`, `12 of 30 intervals scored (40 %)`,
    /// `mean 3.5 s over 4 responses`, `8 of 10 steps independent (80 %)`, `3 incidents`.
    public func text(measure: GoalMeasure) -> String {
        let minutes = ChartSeries.number(observedSeconds / 60)
        switch figure {
        case let .rate(count, _):
            return "\(counted(count, "time", "times")) in \(minutes) min" + (figure.plotted.map { " (\(ChartSeries.number($0)) per hour)" } ?? "")
        case let .duration(seconds, observed):
            let share = observed > 0 ? " (\(ChartSeries.number(seconds * 100 / observed)) % of \(minutes) min)" : ""
            return "\(ChartSeries.number(seconds / 60)) min in all" + share
        case let .latency(_, responses):
            return figure.plotted.map { "mean \(ChartSeries.number($0)) s over \(counted(responses, "response", "responses"))" } ?? "no response"
        case let .proportion(part, whole):
            let what = measure == .task ? (whole == 1 ? "step" : "steps") : (whole == 1 ? "interval" : "intervals")
            return "\(part) of \(whole) \(what) \(measure == .task ? "independent" : "scored") (\(Percent.text(part, of: whole)))"
        case let .count(n):
            return counted(n, "incident", "incidents")
        }
    }
}

extension ChartSeries {
    /// A behaviour goal's figure per day (same-day sessions joined, see `BehaviourProgress`), on
    /// the scale of its measure; every day counts (a behaviour goal has no `min_trials`). The
    /// goal line is the `mastery:` percent of an interval or task goal that sets one; other
    /// measures have none (and so no aim line). `trend` overrides the goal's `trend`.
    public init(behaviour: BehaviourProgress, trend: TrendMethod? = nil) {
        let goal = behaviour.goal.goal
        let points = behaviour.rows.map { row in
            ChartPoint(day: row.day, value: row.value, phase: row.phase, counts: true,
                       label: "\(row.day.mediumDay): \(row.text(measure: behaviour.measure))"
                           + (row.sessions.count > 1 ? ", \(row.sessions.count) sessions combined" : ""))
        }
        let combined = behaviour.rows.contains { $0.sessions.count > 1 }
        let criterion: Double? = (behaviour.measure == .interval || behaviour.measure == .task) ? goal.mastery.map { Double($0.percent) } : nil
        self.init(title: Self.behaviourTitle(behaviour.measure, log: behaviour.logRate), scale: behaviour.scale, points: points,
                  phases: goal.phases, criterion: criterion, targetDate: goal.targetDate, trend: trend ?? goal.trend ?? .splitMiddle,
                  combinedNote: combined ? "same-day sessions combined: " + Self.joining(behaviour.measure) : nil)
    }

    static func behaviourTitle(_ measure: GoalMeasure, log: Bool) -> String {
        switch measure {
        case .count: return log ? "Rate per hour per session (log scale)" : "Rate per hour per session"
        case .duration: return "Minutes per session"
        case .latency: return "Mean latency per session (seconds)"
        case .interval: return "Percent of intervals scored per session"
        case .task: return "Percent of steps independent per session"
        case .abc: return "ABC incidents per session"
        case .trials: return "Percent correct per session"
        }
    }

    /// How a measure's same-day sessions are joined, in words.
    static func joining(_ measure: GoalMeasure) -> String {
        switch measure {
        case .count: return "their counts over their summed observed time"
        case .duration: return "their minutes summed"
        case .latency: return "the mean over all the day's responses"
        case .interval: return "the percent of all the day's intervals"
        case .task: return "the percent of all the day's steps"
        case .abc: return "their incidents summed"
        case .trials: return "the percent of all the trials of the day"
        }
    }
}
