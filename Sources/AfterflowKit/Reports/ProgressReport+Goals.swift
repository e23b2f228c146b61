import Foundation

/// One goal's part of the progress report's context.
extension ProgressReport {
    static func goalContext(_ progress: GoalProgress, cues: CueLevels, privacy: Redaction, trend: TrendMethod? = nil,
                            period: PeriodProgress? = nil) -> [String: Any] {
        let goal = progress.goal.goal
        let anchor = "goal-" + progress.goal.short
        let criterion = progress.criterion
        var c: [String: Any] = [
            "anchor": ReportText(anchor),
            "title": ReportText(goal.title ?? progress.goal.short),
            "short": ReportText(progress.goal.short),
            "phase": ReportText(goal.currentPhase.rawValue),
            "criterion": ReportText("\(criterion.percent) % correct in \(criterion.sessions == 1 ? "1 session" : "\(criterion.sessions) consecutive sessions") of \(progress.minTrials)+ trials"),
            "min_trials": ReportText(String(progress.minTrials)),
            "trend": ReportText(NoteSentences.trend(progress)),
            "mastery": ReportText(progress.description.prefix(1).uppercased() + progress.description.dropFirst()),
        ]
        if let category = goal.category, !category.isEmpty { c["category"] = ReportText(category) }
        if progress.mastery.isMastered { c["mastered"] = true }
        if progress.rows.contains(where: \.probe) { c["has_probes"] = true }
        let definition = privacy.apply(definitionText(goal))
        if !definition.isBlank { c["definition"] = ReportText(RecordMarkdown.offlineHTML(definition)) }
        let counting = progress.rows.filter(\.counts)
        let baseline = counting.filter { $0.phase == .baseline }
        if !baseline.isEmpty {
            var tally = TrialCounts()
            for row in baseline { tally.add(row.tally) }
            let sessions = baseline.count == 1 ? "1 session, \(baseline[0].day.mediumDay)" : "\(baseline.count) sessions"
            c["baseline"] = ReportText("\(Percent.text(tally.correct, of: tally.trials)) correct (baseline phase: \(sessions))")
        } else if let first = counting.first {
            c["baseline"] = ReportText("\(Percent.text(first.correct, of: first.trials)) correct on \(first.day.mediumDay) (the first session that counts)")
        }
        if let last = counting.last {
            c["current"] = ReportText("\(Percent.text(last.correct, of: last.trials)) correct on \(last.day.mediumDay), \(Percent.text(last.independent, of: last.trials)) independent")
        }
        if let period { addPeriod(period, to: &c) }
        let chart = ProgressChart(progress: progress, id: anchor + "-chart", trend: trend)
        if let svg = chart.svg() {
            c["chart"] = ReportText(svg)
            let lines = chart.series.facts
            if !lines.isEmpty { c["chart_lines"] = lines.map(ReportText.init) }
        }
        if !progress.rows.isEmpty { c["has_rows"] = true }
        c["rows"] = progress.rows.map { row -> [String: Any] in
            var r: [String: Any] = [
                "day": ReportText(row.day.mediumDay),
                "trials": ReportText(String(row.trials)),
                "correct": ReportText(String(row.correct)),
                "percent": ReportText(Percent.text(row.correct, of: row.trials)),
                "independent": ReportText(Percent.text(row.independent, of: row.trials)),
                "band": ReportText(row.band.rawValue),
                "band_class": ReportText(row.band.slug),
                "phase": ReportText(row.phase.rawValue),
                "counts": row.counts,
                "probe": row.probe,
            ]
            if row.sessions.count > 1 { r["combined"] = ReportText("\(row.sessions.count) sessions") }
            return r
        }
        addCueLevels(progress, cues: cues, to: &c)
        return c
    }

    /// The cue-level table and bars: the levels any row used, in the vault's order (unknown levels
    /// after), each with its shade, and every row's trials at each level.
    static func addCueLevels(_ progress: GoalProgress, cues: CueLevels, to c: inout [String: Any]) {
        var levels: [String] = []
        for row in progress.rows {
            for count in row.cues where count.trials > 0 && !levels.contains(count.level) { levels.append(count.level) }
        }
        let order = cues.names + levels.filter { !cues.names.contains($0) }
        levels.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
        func color(_ level: String) -> String {
            let index = order.firstIndex(of: level) ?? 0
            let lightness = 28 + 58 * index / max(order.count - 1, 1)
            return "hsl(215, 60%, \(lightness)%)"
        }
        c["cue_levels"] = levels.map { ["name": ReportText($0), "color": ReportText(color($0))] as [String: Any] }
        c["cue_rows"] = progress.rows.map { row -> [String: Any] in
            var byLevel: [String: Int] = [:]
            for count in row.cues { byLevel[count.level, default: 0] += count.trials }
            let bar = levels.compactMap { level -> [String: Any]? in
                guard let n = byLevel[level], n > 0 else { return nil }
                let width = Double(n) * 100 / Double(max(row.trials, 1))
                return ["width": ReportText(width.oneDecimal), "color": ReportText(color(level))]
            }
            return ["day": ReportText(row.day.mediumDay), "cells": levels.map { ReportText(String(byLevel[$0] ?? 0)) }, "bar": bar]
        }
    }

    /// A period report's lines: the baseline and current level of the goal's whole record (the
    /// current one the last counting session up to the report's day, in the period or before), the
    /// change, the sentence on progress and whether it is on track.
    static func addPeriod(_ period: PeriodProgress, to c: inout [String: Any]) {
        if let baseline = period.baseline { c["baseline"] = ReportText(baseline.text) }
        if let last = period.current {
            c["current"] = ReportText("\(Percent.text(last.correct, of: last.trials)) correct on \(last.day.mediumDay), \(Percent.text(last.independent, of: last.trials)) independent")
        }
        if let change = period.change {
            c["change"] = ReportText(change == 0 ? "no change since baseline" : "\(change > 0 ? "+" : "−")\(abs(change)) percentage points since baseline")
        }
        c["progress_verdict"] = ReportText(period.sentence)
        if let track = period.onTrack {
            c["on_track"] = ReportText(track.text)
            if track.onTrack == false { c["off_track"] = true }
        }
    }

    /// The goal's `## Definition` section when it has one, else its whole body.
    static func definitionText(_ goal: Goal) -> String {
        if let section = goal.document.section("Definition") { return goal.document.text(of: section) }
        return goal.description
    }
}
