import Foundation

extension LocalDate {
    /// The forms `parse(typed:now:timeZone:)` reads, for messages.
    public static let typedForms = "now, today, yesterday, tomorrow, 3d or 1w (days or weeks ago), each with a time or not (\"today 18:00\"), 2024-12-10T14:30:00-08:00, \"2024-12-10 14:30\" or 2024-12-10"

    /// A date as typed on the command line (`new --date`): `now` (to the minute, with the offset of
    /// `timeZone`); `today`, `yesterday`, `tomorrow`, `3d` or `1w` alone (that calendar day) or
    /// followed by a time `18:00` (local to the vault, no offset yet, as `2024-12-10 18:00`); or
    /// any form `parse` reads. The days are those of `now` in `timeZone`. Nil for anything else.
    public static func parse(typed text: String, now: Date, timeZone: TimeZone) -> LocalDate? {
        let trimmed = text.trimmingASCIIWhitespace()
        let lower = trimmed.lowercased()
        if lower == "now" {
            var date = LocalDate(now, in: timeZone)
            date.time?.second = 0
            return date
        }
        if let date = LocalDate.parse(trimmed) { return date }
        let words = lower.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 1 || words.count == 2 else { return nil }
        let today = LocalDate(now, in: timeZone)
        let todayDays = LocalDate.days(year: today.year, month: today.month, day: today.day)
        guard let days = QueryDate.relativeDays(String(words[0]), today: todayDays, future: true) else { return nil }
        let civil = LocalDate.civil(fromDays: days)
        var date = LocalDate(year: civil.year, month: civil.month, day: civil.day)
        if words.count == 2 {
            guard let time = clock(String(words[1])) else { return nil }
            date.time = time
        }
        return date
    }

    /// `18:00`, `8:05` or `18:00:30`; nil for anything else.
    static func clock(_ text: String) -> Time? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour <= 23, minute <= 59 else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard second <= 59 else { return nil }
        return Time(hour: hour, minute: minute, second: second)
    }

    /// Whether the date is still to come at `now` (a day alone from its midnight in `timeZone`):
    /// a session planned ahead, which stays a draft until then.
    public func isAfter(_ now: Date, in timeZone: TimeZone) -> Bool {
        epochSeconds(in: timeZone) > Int(now.timeIntervalSince1970)
    }
}

extension LocalDate {
    /// When a check-in or an assessment is dated: `moment`, read from `typed` at `now`, except that
    /// a day typed alone (`yesterday`) takes the time of day it is now (`--date yesterday` is this
    /// time yesterday); now when nothing was typed.
    public static func checkInDate(typed: String?, moment: LocalDate?, now: Date, timeZone: TimeZone) -> LocalDate {
        let current = LocalDate(now, in: timeZone)
        guard let typed, let moment else { return current }
        guard LocalDate.parse(typed: typed, now: now, timeZone: timeZone)?.isDayOnly == true else { return moment }
        return LocalDate(year: moment.year, month: moment.month, day: moment.day, time: current.time)
    }
}
