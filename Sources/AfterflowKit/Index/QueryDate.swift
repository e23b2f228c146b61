import Foundation

/// A period named on the command line, for `--since` (its start) and `--until` (its end).
///
/// `2024-12-10`, `2024-12`, `2024`, `today`, `yesterday`, `7d` (the day 7 days ago), `2w`,
/// `this-week`, `last-week`, `this-month`, `last-month`, `this-year`, `last-year`. Weeks start on
/// Monday; days are those of the vault's time zone.
public struct QueryDate: Sendable {
    /// Seconds since 1970: the first second of the period, and the first second after it.
    public var start: Int
    public var end: Int

    public static let forms = "2024-12-10, 2024-12, 2024, today, yesterday, 7d, 2w, this-week, last-week, this-month, last-month, this-year or last-year"

    public init?(_ text: String, now: Date, timeZone: TimeZone) {
        let today = LocalDate(now, in: timeZone)
        let todayDays = LocalDate.days(year: today.year, month: today.month, day: today.day)
        var range: (first: Int, afterLast: Int)
        let lower = text.trimmingASCIIWhitespace().lowercased()
        switch lower {
        case "this-week", "last-week":
            let monday = todayDays - ((todayDays + 3) % 7 + 7) % 7  // 1970-01-05 was a Monday.
            range = lower == "this-week" ? (monday, monday + 7) : (monday - 7, monday)
        case "this-month": range = QueryDate.month(today.year, today.month)
        case "last-month": range = today.month == 1 ? QueryDate.month(today.year - 1, 12) : QueryDate.month(today.year, today.month - 1)
        case "this-year": range = QueryDate.year(today.year)
        case "last-year": range = QueryDate.year(today.year - 1)
        default:
            if let day = QueryDate.relativeDays(lower, today: todayDays) {
                range = (day, day + 1)
            } else if let day = LocalDate.parse(lower), day.isDayOnly {
                let d = LocalDate.days(year: day.year, month: day.month, day: day.day)
                range = (d, d + 1)
            } else if lower.utf8.count == 7, let month = LocalDate.parse(lower + "-01") {
                range = QueryDate.month(month.year, month.month)
            } else if lower.utf8.count == 4, lower.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let year = Int(lower) {
                range = QueryDate.year(year)
            } else {
                return nil
            }
        }
        start = QueryDate.midnight(range.first, timeZone)
        end = QueryDate.midnight(range.afterLast, timeZone)
    }

    /// Days since 1970 of a day named from `today` (days since 1970): `today`, `yesterday`, `7d`
    /// (7 days ago), `2w` (14 days ago), and with `future` also `tomorrow`. `text` is lower case.
    static func relativeDays(_ text: String, today: Int, future: Bool = false) -> Int? {
        switch text {
        case "today": return today
        case "yesterday": return today - 1
        case "tomorrow" where future: return today + 1
        default:
            if let n = QueryDate.count(text, suffix: "d") { return today - n }
            if let n = QueryDate.count(text, suffix: "w") { return today - 7 * n }
            return nil
        }
    }

    private static func count(_ text: String, suffix: Character) -> Int? {
        guard text.last == suffix, let n = Int(text.dropLast()), n >= 0, n < 100_000 else { return nil }
        return n
    }

    private static func month(_ year: Int, _ month: Int) -> (Int, Int) {
        let first = LocalDate.days(year: year, month: month, day: 1)
        return (first, first + LocalDate.daysInMonth(year: year, month: month))
    }

    private static func year(_ year: Int) -> (Int, Int) {
        (LocalDate.days(year: year, month: 1, day: 1), LocalDate.days(year: year + 1, month: 1, day: 1))
    }

    /// The first second of a day (days since 1970) in `timeZone`.
    private static func midnight(_ days: Int, _ timeZone: TimeZone) -> Int {
        days * 86_400 - LocalDate.offset(forLocal: days * 86_400, in: timeZone)
    }
}

extension QueryDate {
    /// Why `--since since` and `--until until` select nothing whatever the vault holds: the period
    /// of `since` starts after the period of `until` has ended. The message says to swap them.
    /// Nil when they overlap or follow each other, or when either is missing or not a period.
    public static func orderProblem(since: String?, until: String?, now: Date, timeZone: TimeZone) -> String? {
        guard let since, let until, let from = QueryDate(since, now: now, timeZone: timeZone),
              let to = QueryDate(until, now: now, timeZone: timeZone), from.start >= to.end else { return nil }
        return "--since \(since) starts after --until \(until) ends, so no day is between them; swap them: --since \(until) --until \(since)"
    }
}
