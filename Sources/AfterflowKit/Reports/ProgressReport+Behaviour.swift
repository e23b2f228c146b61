import Foundation

/// A behaviour goal's part of the progress report's context: the measure in place of the
/// criterion and mastery, its baseline and latest day, its chart (the measure's scale, phase
/// lines, the path broken at each, trend, a goal and aim line where the goal has them, its text
/// alternative) and a row a day.
extension ProgressReport {
    static func behaviourGoalContext(_ behaviour: BehaviourProgress, privacy: Redaction, trend: TrendMethod?,
                                     period: BehaviourPeriod? = nil) -> [String: Any] {
        let goal = behaviour.goal.goal
        let anchor = "goal-" + behaviour.goal.short
        let series = ChartSeries(behaviour: behaviour, trend: trend)
        var c: [String: Any] = [
            "anchor": ReportText(anchor),
            "title": ReportText(goal.title ?? behaviour.goal.short),
            "short": ReportText(behaviour.goal.short),
            "phase": ReportText(goal.currentPhase.rawValue),
            "behaviour": true,
            "measure": ReportText(behaviour.measure.rawValue + ": " + series.title.lowercased()),
            "figure_head": ReportText(series.scale == .percent ? "%" : behaviour.unit.prefix(1).uppercased() + behaviour.unit.dropFirst()),
            "chart_caption": ReportText(series.title + "."),
            "trend": ReportText(currentTrend(series) ?? "No sessions in this period."),
        ]
        if let category = goal.category, !category.isEmpty { c["category"] = ReportText(category) }
        let definition = privacy.apply(definitionText(goal))
        if !definition.isBlank { c["definition"] = ReportText(RecordMarkdown.offlineHTML(definition)) }
        if let baseline = behaviour.baseline {
            c["baseline"] = ReportText(series.scale.text(baseline.value) + " (baseline phase: \(baseline.how))")
        }
        if let last = behaviour.rows.last {
            c["current"] = ReportText(series.scale.text(last.value) + " on \(last.day.mediumDay): " + last.text(measure: behaviour.measure))
        }
        let chart = ProgressChart(series: series, id: anchor + "-chart", subject: goal.title ?? behaviour.goal.short)
        if let svg = chart.svg() {
            c["chart"] = ReportText(svg)
            let lines = series.facts
            if !lines.isEmpty { c["chart_lines"] = lines.map(ReportText.init) }
        }
        if let period { addBehaviourPeriod(period, measure: behaviour.measure, to: &c) }
        if !behaviour.rows.isEmpty { c["has_behaviour_rows"] = true }
        c["behaviour_rows"] = behaviour.rows.map { row -> [String: Any] in
            var r: [String: Any] = [
                "day": ReportText(row.day.mediumDay),
                "value": ReportText(ChartSeries.number(row.value)),
                "text": ReportText(row.text(measure: behaviour.measure)),
                "phase": ReportText(row.phase.rawValue),
            ]
            if row.sessions.count > 1 { r["combined"] = ReportText("\(row.sessions.count) sessions") }
            return r
        }
        return c
    }

    /// A period report's lines for a behaviour goal: the baseline and current level of the
    /// goal's whole record up to the report's day (the period's rows alone may hold no baseline
    /// day), the change and the sentence.
    static func addBehaviourPeriod(_ period: BehaviourPeriod, measure: GoalMeasure, to c: inout [String: Any]) {
        c["baseline"] = nil
        c["current"] = nil
        if let baseline = period.baseline { c["baseline"] = ReportText(period.scale.text(baseline.value) + " (baseline phase: \(baseline.how))") }
        if let last = period.current {
            c["current"] = ReportText(period.scale.text(last.value) + " on \(last.day.mediumDay): " + last.text(measure: measure))
        }
        if let change = period.changeText { c["change"] = ReportText(change) }
        c["progress_verdict"] = ReportText(period.sentence)
    }

    /// The sentence on the trend of the last phase with days (the one the goal is in).
    static func currentTrend(_ series: ChartSeries) -> String? {
        guard let first = series.segments.last(where: { !$0.isEmpty })?.first else { return nil }
        return series.facts.first { $0.contains(first.day.mediumDay) }
    }
}
