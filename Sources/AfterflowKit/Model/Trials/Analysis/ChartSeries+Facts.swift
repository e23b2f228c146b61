import Foundation

extension ChartSeries {
    /// A trial goal's percent correct per day (same-day sessions pooled over all their trials),
    /// its criterion and target date; `trend` overrides the goal's `trend`.
    public init(progress: GoalProgress, trend: TrendMethod? = nil) {
        let goal = progress.goal.goal
        let points = progress.rows.map { row in
            ChartPoint(day: row.day, value: row.percentCorrect, phase: row.phase, counts: row.counts,
                       label: "\(row.day.mediumDay)\(row.probe ? ", probe" : ""): \(Percent.text(row.correct, of: row.trials)) correct (\(row.correct) of \(row.trials) trials)"
                           + (row.counts ? "" : ", under the \(progress.minTrials) trials that count"), probe: row.probe)
        }
        let combined = progress.rows.contains { $0.sessions.count > 1 }
        self.init(title: "Percent correct per session", scale: .percent, points: points, phases: goal.phases,
                  criterion: Double(progress.criterion.percent), targetDate: goal.targetDate, trend: trend ?? goal.trend ?? .splitMiddle,
                  combinedNote: combined ? "same-day sessions combined: the percent of all the trials of the day" : nil)
    }

    /// What the chart's trend and aim lines show, a sentence each: the chart's text alternative
    /// and `progress` print them.
    public var facts: [String] {
        var facts: [String] = []
        let trends = self.trends
        for segment in segments where !segment.isEmpty {
            guard let first = segment.first, let last = segment.last else { continue }
            let span = first.day == last.day ? first.day.mediumDay : "\(first.day.mediumDay) to \(last.day.mediumDay)"
            let sessions = segment.count == 1 ? "1 session" : "\(segment.count) sessions"
            let zeros = segment.count - fitted(segment).count
            guard let trend = trends.first(where: { $0.from == first.day }) else {
                facts.append("No trend line in \(last.phase.rawValue), \(span): \(sessions)"
                             + (zeros == 0 ? ", \(TrendMethod.fewestPoints) needed." : ", \(zeros) at 0, which has no logarithm; \(TrendMethod.fewestPoints) above 0 needed."))
                continue
            }
            let fit = zeros == 0 ? "" : "; fitted on log₁₀ of the \(segment.count - zeros) above 0, the \(zeros) at 0 left out as 0 has no logarithm"
            facts.append("Trend line (\(self.trend.rawValue)) in \(trend.phase.rawValue), \(span) (\(sessions)\(fit)): \(change(trend.line.slope * 7)) a week, "
                         + "from \(scale.text(value(trend.line, trend.from))) to \(scale.text(value(trend.line, trend.to))).")
        }
        if let aim {
            let from = aim.baselinePoints == 0 ? "the first session that counts, \(aim.from.mediumDay), as there is no baseline data"
                : aim.baselinePoints == 1 ? "the baseline session of \(aim.from.mediumDay)"
                : "the median of the last \(aim.baselinePoints) baseline sessions, the last on \(aim.from.mediumDay)"
            facts.append("Aim line from \(scale.text(aim.start)) (\(from)) to \(scale.text(aim.end)) by \(aim.to.mediumDay).")
            if let side = fourPointRule {
                facts.append(side < 0 ? "The last 4 sessions are below the aim line: by the four-point rule, consider changing the intervention."
                                      : "The last 4 sessions are above the aim line: by the four-point rule, consider raising the goal.")
            }
        } else if criterion != nil, let targetDate {
            facts.append("No aim line: the target date \(targetDate.mediumDay) is not after the baseline level's day.")
        }
        if let combinedNote { facts.append(combinedNote.prefix(1).uppercased() + combinedNote.dropFirst() + ".") }
        return facts
    }

    private func value(_ line: TrendLine, _ day: LocalDate) -> Double {
        scale.untransformed(line.y(at: Double(day.dayNumber)))
    }

    /// A weekly change of the transformed value: `up 2.5 percentage points`, `down 1.2 per
    /// hour`, `×1.5` on a log scale (a factor, as celeration is), `no change`.
    private func change(_ perWeek: Double) -> String {
        if case .logarithmic = scale {
            let factor = pow(10, perWeek)
            return factor >= 1 ? "×\(ChartSeries.number(factor))" : "÷\(ChartSeries.number(1 / factor))"
        }
        let unit = scale == .percent ? "percentage points" : scale.unit
        let text = ChartSeries.number(abs(perWeek))
        return text == "0" ? "no change" : "\(perWeek > 0 ? "up" : "down") \(text) \(unit)"
    }
}

extension ChartSeries {
    /// The chart's lines as JSON: the trend method, a trend per phase segment (slope a week in
    /// the scale's values, the line's values at its first and last day), the aim line, the
    /// four-point rule and the sentences.
    public var json: JSONValue {
        let trends = self.trends.map { trend -> JSONValue in
            var pairs: [(String, JSONValue)] = [
                ("phase", .string(trend.phase.rawValue)), ("from", .string(trend.from.dayString)), ("to", .string(trend.to.dayString)),
                ("sessions", .int(trend.points)), ("slope_per_week", .rounded(trend.line.slope * 7, places: 3)),
                ("start", .rounded(scale.untransformed(trend.line.y(at: Double(trend.from.dayNumber))), places: 1)),
                ("end", .rounded(scale.untransformed(trend.line.y(at: Double(trend.to.dayNumber))), places: 1))]
            // On a log scale: the sessions at 0 left out of the fit.
            if scale.isLogarithmic { pairs.insert(("zeros_left_out", .int(trend.zeros)), at: 4) }
            return .object(pairs)
        }
        let aim = self.aim.map { aim -> JSONValue in
            .object([("from", .string(aim.from.dayString)), ("start", .rounded(aim.start, places: 1)), ("to", .string(aim.to.dayString)),
                     ("end", .rounded(aim.end, places: 1)), ("baseline_sessions", .int(aim.baselinePoints))])
        } ?? .null
        let rule: JSONValue = fourPointRule.map { .string($0 < 0 ? "below" : "above") } ?? .null
        return .object([("trend_method", .string(trend.rawValue)), ("trends", .array(trends)), ("aim", aim),
                        ("four_point_rule", rule), ("facts", .array(facts.map { .string($0) }))])
    }
}

extension GoalProgress {
    /// `json` with the chart's lines (`chart`, see `ChartSeries.json`); `trend` overrides the
    /// goal's `trend`.
    public func json(trend: TrendMethod?) -> JSONValue {
        guard case .object(var pairs) = json else { return json }
        pairs.append(("chart", ChartSeries(progress: self, trend: trend).json))
        return .object(pairs)
    }
}
