import Foundation

extension BehaviourProgress {
    /// The note's A (assessment) line for the goal on `day` (the progress made `until` that
    /// day): the day's level against the baseline level (the baseline phase's days joined), or,
    /// on a baseline day, how many baseline days there are so far; then the trend of the phase the
    /// day is in, as the chart's text states it. Nil when the goal has no row on `day`.
    ///
    /// `Hitting others at the table: 10.7 per hour on this day, down from 16 per hour at baseline
    /// (2 days joined). No trend line in active, Mar 17, 2025 to Mar 31, 2025: 3 sessions, 4
    /// needed.`
    public func assessment(on day: LocalDate, trend: TrendMethod? = nil) -> String? {
        guard let row = rows.last, row.day == day.dayOnly, let now = row.figure.plotted else { return nil }
        let title = goal.goal.title ?? goal.short
        var text = "\(title): \(scale.text(now)) on this day"
        if row.phase == .baseline {
            let days = rows.filter { $0.phase == .baseline }.count
            text += ", in baseline (\(counted(days, "day", "days")) so far)."
        } else if let baseline {
            let before = baseline.value
            let direction = ChartSeries.number(now) == ChartSeries.number(before) ? "the same as" : now < before ? "down from" : "up from"
            text += ", \(direction) \(scale.text(before)) at baseline (\(baseline.how))."
        } else {
            text += "; no baseline days to compare with."
        }
        let series = ChartSeries(behaviour: self, trend: trend)
        let phase = series.segments.last { !$0.isEmpty }
        if let first = phase?.first, let fact = series.facts.first(where: { $0.contains(first.day.mediumDay) }) {
            text += " " + fact
        }
        return text
    }
}
