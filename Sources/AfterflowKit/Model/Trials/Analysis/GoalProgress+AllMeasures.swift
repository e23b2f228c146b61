import Foundation

/// `progress --format json` and `--format csv` over goals of every measure: a trial goal as
/// `GoalProgress` gives it, a behaviour goal as `BehaviourProgress` does.
extension GoalProgress {
    /// Each goal's JSON (a trial goal's `json(trend:)`, a behaviour goal's
    /// `BehaviourProgress.json(trend:)`), each with `reliability`: the goal's sessions in the
    /// range against a second observer's record (`AgreementCoverage.json`), null when the client
    /// has no reliability record or the goal no session.
    public static func json(_ progress: [GoalProgress], record: ClientRecord, trend: TrendMethod?, logRate: Bool = false) -> JSONValue {
        .array(progress.map { item in
            let body: JSONValue
            if item.goal.goal.measure == .trials {
                body = item.json(trend: trend)
            } else {
                body = BehaviourProgress(goal: item.goal, record: record, cues: item.cues, since: item.since, until: item.until, logRate: logRate)
                    .json(trend: trend)
            }
            guard case .object(var pairs) = body else { return body }
            let coverage = record.reliabilityCoverage(goal: item.goal.short, since: item.since, until: item.until)
            pairs.append(("reliability", coverage?.json ?? .null))
            return .object(pairs)
        })
    }

    /// The CSV's rows, the header first (`csvHeader(cues:)`): each goal's days, a behaviour
    /// goal's from `BehaviourProgress.csvRows(cues:)`.
    public static func csv(_ progress: [GoalProgress], record: ClientRecord, cues: CueLevels) -> [[String]] {
        [csvHeader(cues: cues)] + progress.flatMap { item in
            item.goal.goal.measure == .trials ? item.csvRows
                : BehaviourProgress(goal: item.goal, record: record, cues: cues, since: item.since, until: item.until).csvRows(cues: cues)
        }
    }
}

extension GoalProgress {
    /// How many sessions the goals' days hold, a behaviour goal's days too, a session with lines
    /// of two goals counted once: what `export progress` says it wrote.
    public static func sessionCount(_ progress: [GoalProgress], record: ClientRecord, cues: CueLevels) -> Int {
        let behaviour = BehaviourProgress.of(progress, record: record, cues: cues)
        return Set(progress.flatMap { $0.rows.flatMap(\.sessions) } + behaviour.flatMap { $0.rows.flatMap(\.sessions) }).count
    }
}
