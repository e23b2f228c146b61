import Foundation

/// A behaviour goal's part of a period's progress report (`export progress CLIENT --period`),
/// as `PeriodProgress` is a trial goal's: the baseline and the current level of the goal's whole
/// record up to the period's end (so that each report measures from the same baseline, which
/// lies before the period once the goal is past its baseline phase), the change between them in
/// the measure's unit, and a sentence on it. No verdict of progress: whether a behaviour is to go
/// up (on-task intervals) or down (hitting) is the clinician's to say.
public struct BehaviourPeriod: Sendable {
    /// As `BehaviourProgress.baseline`, over the whole record.
    public var baseline: (days: Int, value: Double, how: String)?
    /// The last day with the goal's events on or before the period's end, in it or before.
    public var current: BehaviourDay?
    /// Current − baseline in the measure's unit, when both are there.
    public var change: Double?
    /// The days with the goal's events on or after the period's start.
    public var daysInPeriod: Int
    public var sentence: String
    /// The measure's axis, for the values' text (`16 per hour`, `42 %`).
    public var scale: ChartScale

    /// `whole` holds the goal's days up to the period's end (no `since`); `start` is the
    /// period's first day.
    public init(whole: BehaviourProgress, start: LocalDate) {
        baseline = whole.baseline
        current = whole.rows.last
        scale = whole.scale
        daysInPeriod = whole.rows.filter { $0.day.dayNumber >= start.dayNumber }.count
        if let baseline, let current { change = current.value - baseline.value }
        guard daysInPeriod > 0, let current else {
            sentence = "No day of this goal in this period, so no change can be judged."
            return
        }
        let now = scale.text(current.value)
        let days = counted(daysInPeriod, "day", "days") + " this period"
        guard let baseline else {
            sentence = "\(now) on \(current.day.mediumDay), over \(days); no baseline days to compare with."
            return
        }
        let before = scale.text(baseline.value)
        let moved = before == now ? "the same as" : current.value < baseline.value ? "down from" : "up from"
        sentence = "\(now) on \(current.day.mediumDay), \(moved) \(before) at baseline (\(baseline.how)), over \(days)."
    }

    /// `−5.3 per hour since baseline`, `no change since baseline`; nil without a change.
    public var changeText: String? {
        guard let change else { return nil }
        let text = ChartSeries.number(change, signed: true)
        return text == "0" ? "no change since baseline" : "\(text) \(scale.unit) since baseline"
    }
}
