/// A goal's days judged by its mastery rule, in order: the first day a run of passing days met
/// the criterion, and the run at the end.
///
/// A day that does not count (under `min_trials`) neither passes nor breaks the run; a counting
/// day that fails restarts it. The criterion is met on the first day that ends a run of at
/// least `sessions` passing days whose observers together are at least `min_observers`.
public struct MasteryRun: Sendable, Hashable {
    /// The day the criterion was first met, if it was.
    public var met: LocalDate?
    /// The days of the run that met it, or of the run at the end of the data when none did.
    public var days: [LocalDate] = []
    /// The different observers of those days, as first written.
    public var observers: [String] = []
    /// Passing days in a row at the end of the data.
    public var run = 0

    /// `notBefore`: the criterion counts as met only on a day on or after it (the run may have
    /// begun before).
    public init(rule: MasteryRule, rows: some Sequence<ProgressRow>, notBefore: LocalDate? = nil) {
        var current: [LocalDate] = []
        var seen: [String] = []
        for row in rows where row.counts {
            if rule.passes(row) {
                current.append(row.day)
                for name in row.observers where !seen.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { seen.append(name) }
            } else {
                current = []
                seen = []
            }
            if met == nil, current.count >= rule.criterion.sessions, seen.count >= (rule.minObservers ?? 0),
               notBefore.map({ row.day.dayNumber >= $0.dayNumber }) ?? true {
                met = row.day
                days = current
                observers = seen
            }
        }
        run = current.count
        if met == nil {
            days = current
            observers = seen
        }
    }
}
