import Foundation

/// One goal's part of a period's progress report (`export progress CLIENT --period`): the
/// baseline, the current level, the change, the criterion, a sentence on progress, and for a
/// goal with an end (its `target_date:`, else the school year's last reporting period) whether
/// it is on track to meet the criterion by then.
///
/// - The baseline is the percent correct of all the counting sessions of the baseline phase
///   together; without a baseline phase, the first counting session's. It is the goal's, not
///   the period's, so that each report measures from the same level.
/// - The current level is the last counting session's on or before the period's end.
/// - The change is current − baseline in whole percentage points, each rounded down first as
///   shown.
/// - Met when the goal is mastered (`GoalProgress.mastery`); else progressing when the change
///   is above 0 and not progressing otherwise; no judgement without a counting session in the
///   period.
/// - On track (goals in baseline or active only: one on hold or closed is not being taught): the trend line of the latest phase (the goal's method, as the chart draws it)
///   taken to the end day; on track when it reaches the criterion's percent there. Under 4
///   counting sessions in that phase there is no line and no judgement.
public struct PeriodProgress: Sendable {
    public enum Verdict: String, Sendable, Hashable {
        case met, progressing
        case notProgressing = "not progressing"
        case noData = "no data"
    }

    public var baseline: (percent: Int, text: String)?
    public var current: ProgressRow?
    public var change: Int?
    public var verdict: Verdict
    /// The counting sessions on or after the period's start.
    public var sessionsInPeriod: Int
    public var sentence: String
    /// Nil without an end day, when met, or for a goal not in baseline or active; else the
    /// sentence and whether on track.
    public var onTrack: (onTrack: Bool?, text: String)?

    /// `progress` holds the goal's rows up to the period's end (no `since`); `start` is the
    /// period's first day; `end` the day the goal is to be met by when the goal has no
    /// `target_date:`.
    public init(progress: GoalProgress, start: LocalDate, yearEnd: LocalDate?, trend: TrendMethod? = nil) {
        let counting = progress.countingRows
        let baselineRows = counting.filter { $0.phase == .baseline }
        if !baselineRows.isEmpty {
            var tally = TrialCounts()
            for row in baselineRows { tally.add(row.tally) }
            baseline = ((Percent.whole(tally.correct, of: tally.trials) ?? 0), "\(Percent.text(tally.correct, of: tally.trials)) (baseline phase, \(counted(baselineRows.count, "session", "sessions")))")
        } else if let first = counting.first {
            baseline = ((Percent.whole(first.correct, of: first.trials) ?? 0), "\(Percent.text(first.correct, of: first.trials)) (\(first.day.mediumDay), the first session that counts)")
        }
        current = counting.last
        if let baseline, let current { change = (Percent.whole(current.correct, of: current.trials) ?? 0) - baseline.percent }
        sessionsInPeriod = counting.filter { $0.day.dayNumber >= start.dayNumber }.count
        let criterion = "\(progress.criterion.percent) %"
        if case .mastered(let day) = progress.mastery {
            verdict = .met
            sentence = "Met: mastered on \(day.mediumDay) (\(progress.criterion.text))."
        } else if sessionsInPeriod == 0 || current == nil {
            verdict = .noData
            sentence = "No session of this goal counted in this period, so no change can be judged."
        } else {
            let change = change ?? 0
            verdict = change > 0 ? .progressing : .notProgressing
            let moved = change > 0 ? "up \(change) percentage points" : change < 0 ? "down \(-change) percentage points" : "no change"
            sentence = "\(verdict == .progressing ? "Progressing" : "Not progressing"): from \(baseline?.percent ?? 0) % at baseline to "
                + "\(Percent.text(current?.correct ?? 0, of: current?.trials ?? 0)) on \(current?.day.mediumDay ?? ""), \(moved), "
                + "over \(counted(sessionsInPeriod, "session", "sessions")) this period; the criterion is \(criterion) (\(progress.runText) at \(criterion) so far)."
        }
        guard verdict != .met, progress.goal.goal.currentPhase.isAcquisition, let end = progress.goal.goal.targetDate ?? yearEnd else { return }
        onTrack = Self.projection(progress: progress, end: end, trend: trend)
    }

    /// Whether the latest phase's trend line reaches the criterion by `end`.
    static func projection(progress: GoalProgress, end: LocalDate, trend: TrendMethod?) -> (Bool?, String) {
        let series = ChartSeries(progress: progress, trend: trend)
        let by = "\(progress.criterion.percent) % by \(end.mediumDay)"
        guard let segment = series.segments.last(where: { !$0.isEmpty }), let line = series.trends.last,
              line.from == segment.first?.day else {
            let n = series.segments.last(where: { !$0.isEmpty })?.count ?? 0
            return (nil, "Too few sessions to judge whether it will reach \(by): \(counted(n, "session", "sessions")) in its latest phase, \(TrendMethod.fewestPoints) needed for a trend.")
        }
        let projected = min(100, max(0, line.line.y(at: Double(end.dayNumber))))
        let onTrack = projected >= Double(progress.criterion.percent)
        let how = "the \(series.trend.rawValue) trend of \(line.phase.rawValue) (\(line.from.mediumDay) to \(line.to.mediumDay)) reaches \(ChartSeries.number(projected)) % on that day"
        return (onTrack, onTrack ? "On track to meet \(by): \(how)." : "Not on track to meet \(by): \(how).")
    }
}
