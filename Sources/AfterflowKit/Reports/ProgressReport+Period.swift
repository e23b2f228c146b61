import Foundation

extension ProgressReport {
    /// What a period's report adds (`export progress CLIENT --period`): its first and last day,
    /// and each trial goal's `PeriodProgress` by short name.
    public struct Period: Sendable {
        public var start: LocalDate
        public var end: LocalDate
        public var lastReport: LocalDate?
        public var goals: [String: PeriodProgress]
        /// Each behaviour goal's `BehaviourPeriod` by short name.
        public var behaviour: [String: BehaviourPeriod]

        /// The period from `start` to `end` of `record`'s goals, trial and behaviour (only `goal` when given);
        /// `yearEnd` is the day a goal without `target_date:` is judged against.
        public init(record: ClientRecord, cues: CueLevels, start: LocalDate, end: LocalDate, lastReport: LocalDate?,
                    yearEnd: LocalDate?, goal: String? = nil, trend: TrendMethod? = nil) {
            self.start = start
            self.end = end
            self.lastReport = lastReport
            var goals: [String: PeriodProgress] = [:]
            var behaviour: [String: BehaviourPeriod] = [:]
            for progress in GoalProgress.make(record: record, cues: cues, goal: goal, until: end) {
                if progress.goal.goal.measure == .trials {
                    goals[progress.goal.short] = PeriodProgress(progress: progress, start: start, yearEnd: yearEnd, trend: trend)
                } else {
                    let whole = BehaviourProgress(goal: progress.goal, record: record, cues: cues, until: end)
                    behaviour[progress.goal.short] = BehaviourPeriod(whole: whole, start: start)
                }
            }
            self.goals = goals
            self.behaviour = behaviour
        }

        /// The period of a report written on `today`: from the day after the client's last
        /// `progress_reports:` day before today (a report already given today is the one being
        /// written again), else from the first visit, to today. A goal without `target_date:` is
        /// judged against the last reporting period's end of the client's cadence (else `fallback`).
        public init(record: ClientRecord, cues: CueLevels, fallback: ReportCadence?, today: LocalDate, goal: String? = nil,
                    trend: TrendMethod? = nil) {
            let last = record.client.progressReports.last { $0.dayNumber < today.dayNumber }
            let firstVisit = record.sessions.compactMap { $0.session.date?.dayOnly }.first
            let start = last.map { $0.addingDays(1) } ?? firstVisit ?? today
            let yearEnd = (record.client.progressEvery ?? fallback)?.yearEnd
            self.init(record: record, cues: cues, start: start, end: today, lastReport: last, yearEnd: yearEnd, goal: goal, trend: trend)
        }

        /// `Mar 12, 2025 to Oct 20, 2025, since the report of Mar 11, 2025`.
        public var text: String {
            "\(start.mediumDay) to \(end.mediumDay), " + (lastReport.map { "since the report of \($0.mediumDay)" } ?? "the first report")
        }
    }
}

extension ReportCadence {
    /// The last day of the last reporting period: the school year's end, for `report_periods:`.
    public var yearEnd: LocalDate? {
        if case .periods(let periods) = self { return periods.last?.end }
        return nil
    }
}
