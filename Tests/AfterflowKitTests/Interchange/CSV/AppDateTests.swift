@testable import AfterflowKit
import Testing

@Suite struct AppDateTests {
    @Test(arguments: [
        (LocalDate(year: 2024, month: 12, day: 1, time: .init(hour: 10, minute: 30, second: 0)), "Dec 1, 2024 at 10:30 AM"),
        (LocalDate(year: 2024, month: 12, day: 10, time: .init(hour: 14, minute: 30, second: 59)), "Dec 10, 2024 at 2:30 PM"),
        (LocalDate(year: 2025, month: 1, day: 5, time: .init(hour: 0, minute: 5, second: 0)), "Jan 5, 2025 at 12:05 AM"),
        (LocalDate(year: 2025, month: 7, day: 31, time: .init(hour: 12, minute: 0, second: 0)), "Jul 31, 2025 at 12:00 PM"),
        (LocalDate(year: 2025, month: 9, day: 9, time: .init(hour: 23, minute: 59, second: 0)), "Sep 9, 2025 at 11:59 PM"),
        (LocalDate(year: 2024, month: 2, day: 29), "Feb 29, 2024 at 12:00 AM"),
    ])
    func formatsLikeTheApp(_ date: LocalDate, _ text: String) {
        #expect(AppDate.format(date) == text)
    }

    @Test(arguments: [
        ("Dec 10, 2024 at 2:30 PM", 2024, 12, 10, 14, 30),
        ("Dec 10, 2024 at 2:30\u{202F}PM", 2024, 12, 10, 14, 30),
        ("Dec 10, 2024 at 2:30\u{00A0}PM", 2024, 12, 10, 14, 30),
        ("  dec 10,2024  AT 2:30 pm ", 2024, 12, 10, 14, 30),
        ("December 10, 2024 at 2:30 PM", 2024, 12, 10, 14, 30),
        ("Dec 10, 2024 at 2:30PM", 2024, 12, 10, 14, 30),
        ("Jan 1, 2025 at 12:00 AM", 2025, 1, 1, 0, 0),
        ("Jan 1, 2025 at 12:00 PM", 2025, 1, 1, 12, 0),
        ("Feb 29, 2024 at 11:59 PM", 2024, 2, 29, 23, 59),
    ])
    func readsTheFormsFoundInTheWild(_ text: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws {
        let date = try #require(AppDate.parse(text))
        #expect(date == LocalDate(year: year, month: month, day: day, time: .init(hour: hour, minute: minute, second: 0)))
        #expect(date.offset == nil, "a wall-clock time, in the vault's time zone")
    }

    @Test(arguments: [
        "", "Dec 10 2024 at 2:30 PM", "Dec 10, 2024 2:30 PM", "Dec 32, 2024 at 2:30 PM", "Feb 29, 2025 at 1:00 PM",
        "Dec 10, 2024 at 13:30 PM", "Dec 10, 2024 at 0:30 AM", "Dec 10, 2024 at 2:3 PM", "Dec 10, 2024 at 2:30",
        "Dez 10, 2024 at 2:30 PM", "Dec 10, 24 at 2:30 PM", "2024-12-10T14:30:00-08:00", "Dec 10, 2024 at 2:30 PM extra",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(AppDate.parse(text) == nil)
    }

    @Test func everyMinuteOfADayRoundTrips() {
        for minute in 0..<(24 * 60) {
            let date = LocalDate(year: 2024, month: 3, day: 10, time: .init(hour: minute / 60, minute: minute % 60, second: 0))
            #expect(AppDate.parse(AppDate.format(date)) == date)
        }
    }
}
