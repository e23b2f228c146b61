/// The day of the next session of a series (a journal's sessions, or one client's trial
/// sessions), at the series' own rhythm: the gap between its two latest days of sessions,
/// counted on from the latest until it reaches `today`. Weekly sessions on Tuesdays give the
/// first Tuesday from today on. The session's clock time is the latest's.
///
/// No guess without a rhythm: fewer than two days of sessions give none.
public struct NextSession: Sendable, Equatable {
    /// The day (and time, when the latest session had one; no offset: the vault's zone gives it).
    public var date: LocalDate
    /// The gap in days between the two latest days of sessions.
    public var everyDays: Int
    /// The latest session's date.
    public var after: LocalDate

    /// The next session after `dates` (in any order) on or after `today`; nil without two days.
    public static func after(_ dates: [LocalDate], today: LocalDate) -> NextSession? {
        func dayNumber(_ d: LocalDate) -> Int { LocalDate.days(year: d.year, month: d.month, day: d.day) }
        let sorted = dates.sorted { dayNumber($0) < dayNumber($1) }
        guard let latest = sorted.last, let earlier = sorted.last(where: { dayNumber($0) < dayNumber(latest) }) else { return nil }
        let gap = dayNumber(latest) - dayNumber(earlier)
        let start = dayNumber(today)
        var next = dayNumber(latest) + gap
        // The first day of the rhythm on or after today: whole gaps, rounded up.
        if next < start { next += (start - next + gap - 1) / gap * gap }
        let civil = LocalDate.civil(fromDays: next)
        return NextSession(date: LocalDate(year: civil.year, month: civil.month, day: civil.day, time: latest.time),
                           everyDays: gap, after: latest)
    }

    /// `The next session at the rhythm of the last two: every 7 days after Tue Mar 25, 2025, so
    /// Tue Dec 1, 2026 at 3:00 PM.`
    public var meaning: String {
        "The next session at the rhythm of the last two: every \(everyDays == 1 ? "day" : "\(everyDays) days") after "
            + "\(after.weekday) \(after.mediumDay), so \(date.weekday) \(date.mediumDay)\(date.clockTime.map { " at " + $0 } ?? "")."
    }
}
