import Foundation

/// How often a client's progress report is due: `progress_every: 10 visits` (Medicare's rule
/// for outpatient therapy), `progress_every: 30 days`, or at the end of each of a school's
/// reporting periods (`report_periods:`, for IEP progress on each annual goal); `progress_every:
/// none` on a client turns off the vault's default.
public enum ReportCadence: Sendable, Hashable {
    case visits(Int)
    case days(Int)
    case periods([ReportPeriod])
    case never

    /// The grammar of `progress_every:`, for messages.
    public static let expected = "a number of visits or days, like '10 visits' or '30 days' (1 to 366), or 'none'"

    /// `10 visits`, `1 visit`, `30 days`, `30 day`, `none`, in any case; nil otherwise.
    public static func parse(every text: String) -> ReportCadence? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        if words == ["none"] { return .never }
        guard words.count == 2, let n = Int(words[0]), (1...366).contains(n) else { return nil }
        switch words[1] {
        case "visit", "visits": return .visits(n)
        case "day", "days": return .days(n)
        default: return nil
        }
    }

    /// `10 visits`, `30 days`, `report periods (3)`, `none`.
    public var text: String {
        switch self {
        case .visits(let n): return n == 1 ? "1 visit" : "\(n) visits"
        case .days(let n): return n == 1 ? "1 day" : "\(n) days"
        case .periods(let periods): return "report periods (\(periods.count))"
        case .never: return "none"
        }
    }
}

/// One of a school's reporting periods (`report_periods:`): the report is due on its last day.
/// Written as that day (`2025-11-14`) or as the period (`2025-09-01..2025-11-14`).
public struct ReportPeriod: Sendable, Hashable {
    public var start: LocalDate?
    public var end: LocalDate

    public init(start: LocalDate?, end: LocalDate) {
        self.start = start
        self.end = end
    }

    /// The grammar of an item of `report_periods:`, for messages.
    public static let expected = "a day like 2025-11-14 (the period's last day) or a period like 2025-09-01..2025-11-14"

    /// `2025-11-14` or `2025-09-01..2025-11-14` (the start not after the end); nil otherwise.
    public static func parse(_ text: String) -> ReportPeriod? {
        let t = text.trimmingASCIIWhitespace()
        let parts = t.components(separatedBy: "..")
        func day(_ s: String) -> LocalDate? {
            guard let d = LocalDate.parse(s.trimmingASCIIWhitespace()), d.isDayOnly else { return nil }
            return d
        }
        if parts.count == 1, let end = day(parts[0]) { return ReportPeriod(start: nil, end: end) }
        guard parts.count == 2, let start = day(parts[0]), let end = day(parts[1]), start.dayNumber <= end.dayNumber else { return nil }
        return ReportPeriod(start: start, end: end)
    }

    public var text: String { start.map { "\($0.dayString)..\(end.dayString)" } ?? end.dayString }

    /// The items of `report_periods:` read: the periods in order, and a message for each bad item
    /// (at its location), including a period that does not end after the one before.
    static func read(_ items: [YAMLScalar]) -> (periods: [ReportPeriod], problems: [Diagnostic]) {
        var periods: [ReportPeriod] = []
        var problems: [Diagnostic] = []
        for item in items {
            guard let period = parse(item.text) else {
                problems.append(.error("each of report_periods must be \(expected), found \(quoted(item.text))", at: item.location))
                continue
            }
            if let last = periods.last, period.end.dayNumber <= last.end.dayNumber {
                problems.append(.error("report_periods must be in order: \(period.text) ends on or before \(last.end.dayString), the end of the one before", at: item.location))
                continue
            }
            periods.append(period)
        }
        return (periods, problems)
    }
}
