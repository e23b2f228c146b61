@testable import AfterflowKit
import Testing

/// `NextSession.after`: the gap between the two latest days of sessions, counted on from the
/// latest to the first day on or after today.
struct NextSessionTests {
    static func day(_ text: String) -> LocalDate { LocalDate.parse(text)! }

    @Test func theRhythmOfTheLastTwoDaysFromTheLatest() {
        // Mon 2025-03-03 and Mon 2025-03-10 (7 days), today Wed 2025-03-12: the latest plus 7 is
        // Mon 2025-03-17, not before today: that one, at the latest's time, 09:30.
        let next = NextSession.after([Self.day("2025-03-10T09:30:00"), Self.day("2025-03-03T16:00:00")], today: Self.day("2025-03-12"))
        #expect(next?.date == LocalDate(year: 2025, month: 3, day: 17, time: LocalDate.Time(hour: 9, minute: 30, second: 0)))
        #expect(next?.everyDays == 7)
        #expect(next?.after == Self.day("2025-03-10T09:30:00"))
    }

    @Test func aLongPauseCountsOnInWholeGapsToTheFirstDayFromToday() {
        // Every 3 days, the latest Thu 2025-01-30; today Sat 2025-02-15, 16 days later: 3, 6,
        // …, 15 are before it, 18 is not: Tue 2025-02-17. Today itself when it falls on the rhythm:
        // from 2025-02-14 (15 days on), that day.
        let dates = [Self.day("2025-01-27"), Self.day("2025-01-30")]
        #expect(NextSession.after(dates, today: Self.day("2025-02-15"))?.date == Self.day("2025-02-17"))
        #expect(NextSession.after(dates, today: Self.day("2025-02-14"))?.date == Self.day("2025-02-14"))
    }

    @Test func twoSessionsOnOneDayAreOneDayOfTheRhythm() {
        // 2025-05-01, then two on 2025-05-15: the gap is 14 days (not 0); next 2025-05-29.
        let dates = [Self.day("2025-05-15T10:00:00"), Self.day("2025-05-01T10:00:00"), Self.day("2025-05-15T14:00:00")]
        let next = NextSession.after(dates, today: Self.day("2025-05-16"))
        #expect(next?.everyDays == 14)
        #expect(next.map { "\($0.date.dayString)" } == "2025-05-29")
    }

    @Test func noRhythmWithoutTwoDays() {
        #expect(NextSession.after([], today: Self.day("2025-05-16")) == nil)
        #expect(NextSession.after([Self.day("2025-05-15T10:00:00"), Self.day("2025-05-15T14:00:00")], today: Self.day("2025-05-16")) == nil)
    }
}
