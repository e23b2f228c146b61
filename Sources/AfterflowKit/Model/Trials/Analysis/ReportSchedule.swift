import Foundation

/// When a client's next progress report is due, on a given day: what `progress --due` and
/// `client list` show. Pure: the visits, the reports given and `today` are passed in.
///
/// The rules (docs/FORMAT.md, "Progress reports"):
/// - A visit is a day with at least one of the client's own trial sessions (a second observer's
///   record, `role: reliability`, is not a visit; two sessions on one day are one visit, as
///   Medicare counts treatment days). Sessions after `today` are not counted.
/// - The last report is the latest day of the client's `progress_reports:` on or before `today`.
///   The period a new report covers starts the day after it, or at the first visit when there is
///   none.
/// - `N visits`: due on the day of the Nth visit after the last report (after the first visit
///   when there is none, counting that visit); late once a visit follows that one without a
///   report, or `graceDays` after the due day.
/// - `N days`: due N days after the last report (or after the first visit); late `graceDays`
///   after.
/// - `report_periods:`: due on the last day of the first period that ends after the last report
///   and not before the first visit; late `graceDays` after. A report given before a period's
///   last day counts for an earlier period, so give it (or record it) on or after that day.
/// - A client without visits has nothing due.
public struct ReportSchedule: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Not yet due.
        case upcoming
        /// Due, within the grace.
        case due
        /// Past the grace, or (for visits) treatment went on past the due visit.
        case late
    }

    /// Days after the due day that a report is still only due, not late.
    public static let graceDays = 7

    public var cadence: ReportCadence
    /// The latest report on or before today.
    public var lastReport: LocalDate?
    /// The first day the next report covers: the day after the last report, or the first visit.
    public var periodStart: LocalDate
    /// The day the report is due; nil for visits not yet reached (see `visitsLeft`).
    public var dueDay: LocalDate?
    /// Visits since the last report (or since the first visit, that one included).
    public var visitsSince: Int
    /// Visits still to come before the report is due, for `N visits`.
    public var visitsLeft: Int?
    public var status: Status

    /// The schedule of a cadence on `today`; nil for `none`, without visits, or after the last
    /// reporting period.
    public init?(cadence: ReportCadence, visits: [LocalDate], reports: [LocalDate], today: LocalDate) {
        let days = Set(visits.map(\.dayNumber)).filter { $0 <= today.dayNumber }.sorted()
        guard let first = days.first else { return nil }
        let last = reports.map(\.dayNumber).filter { $0 <= today.dayNumber }.max()
        let since = days.filter { day in last.map { day > $0 } ?? true }
        self.cadence = cadence
        lastReport = last.map(LocalDate.civilDay)
        periodStart = LocalDate.civilDay(last.map { $0 + 1 } ?? first)
        visitsSince = since.count
        let grace = Self.graceDays
        switch cadence {
        case .never:
            return nil
        case .visits(let n):
            if since.count >= n {
                dueDay = LocalDate.civilDay(since[n - 1])
                status = since.count > n || today.dayNumber > since[n - 1] + grace ? .late : .due
            } else {
                visitsLeft = n - since.count
                status = .upcoming
            }
        case .days(let n):
            let due = (last ?? first) + n
            dueDay = LocalDate.civilDay(due)
            status = Self.status(due: due, today: today.dayNumber)
        case .periods(let periods):
            guard let period = periods.first(where: { $0.end.dayNumber > (last ?? Int.min) && $0.end.dayNumber >= first }) else { return nil }
            dueDay = period.end
            status = Self.status(due: period.end.dayNumber, today: today.dayNumber)
        }
    }

    static func status(due: Int, today: Int) -> Status {
        today < due ? .upcoming : today > due + graceDays ? .late : .due
    }

    /// Whether a report is due or late.
    public var isDue: Bool { status != .upcoming }

    /// When reports are due and what they are counted from, in a few words: `every 10 visits;
    /// 12 since the first visit`, `every 30 days; since the report of 2025-02-04`, `reporting
    /// period 2025-09-01..2025-11-14`.
    public var reason: String {
        let from = lastReport.map { "the report of \($0.dayString)" } ?? "the first visit"
        switch cadence {
        case .visits: return "every \(cadence.text); \(visitsSince) since \(from)"
        case .days: return "every \(cadence.text); since \(from)\(lastReport == nil ? ", \(periodStart.dayString)" : "")"
        case .periods(let periods):
            return "reporting period " + (periods.first { $0.end == dueDay }?.text ?? dueDay?.dayString ?? "")
        case .never: return ""
        }
    }

    /// `late: due 2025-03-11 (every 10 visits; 12 since the first visit)`, `upcoming: in 3
    /// visits (…)`.
    public var text: String { "\(status.rawValue): \(dueDay.map { "due \($0.dayString)" } ?? "in " + counted(visitsLeft ?? 0, "visit", "visits")) (\(reason))" }

    /// `late, due 2025-03-18`, `due 2025-10-17`, `2025-11-14`, `in 3 visits`: a cell of
    /// `client list`.
    public var shortText: String {
        switch status {
        case .late: return "late, due \(dueDay?.dayString ?? "")"
        case .due: return "due \(dueDay?.dayString ?? "")"
        case .upcoming: return dueDay.map(\.dayString) ?? "in \(counted(visitsLeft ?? 0, "visit", "visits"))"
        }
    }

    /// The item for scripts, with `client` and the command that writes the report.
    public func json(client: String, command: String) -> JSONValue {
        .object([
            ("client", .string(client)),
            ("status", .string(status.rawValue)),
            ("due", dueDay.map { .string($0.dayString) } ?? .null),
            ("every", .string(cadence.text)),
            ("last_report", lastReport.map { .string($0.dayString) } ?? .null),
            ("period_start", .string(periodStart.dayString)),
            ("visits_since", .int(visitsSince)),
            ("visits_left", visitsLeft.map { .int($0) } ?? .null),
            ("text", .string(text)),
            ("command", .string(command)),
        ])
    }
}

extension ReportSchedule {
    /// The schedule of `record` on `today`: the client's own cadence (`progress_every:` or
    /// `report_periods:` in `client.md`), else the vault's (`fallback`).
    public static func of(_ record: ClientRecord, fallback: ReportCadence?, today: LocalDate) -> ReportSchedule? {
        guard let cadence = record.client.progressEvery ?? fallback else { return nil }
        let visits = record.sessions.compactMap { $0.session.date?.dayOnly }
        return ReportSchedule(cadence: cadence, visits: visits, reports: record.client.progressReports, today: today)
    }
}

extension LocalDate {
    /// The day `days` after 1970-01-01.
    static func civilDay(_ days: Int) -> LocalDate {
        let civil = LocalDate.civil(fromDays: days)
        return LocalDate(year: civil.year, month: civil.month, day: civil.day)
    }
}
