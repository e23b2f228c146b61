@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ReminderScheduleTests {
    /// An instant given as ISO 8601 text with its offset.
    static func instant(_ text: String) -> Date {
        LocalDate.parse(text)!.date(in: TimeZone(identifier: "UTC")!)
    }

    @Test(arguments: [
        ("3h", ReminderChoice.inThreeHours), ("3H", .inThreeHours), ("tomorrow", .tomorrow), (" Tomorrow ", .tomorrow),
        ("none", .none), ("90m", .after(seconds: 5400)), ("2h", .after(seconds: 7200)), ("1d", .after(seconds: 86_400)),
        ("1w", .after(seconds: 604_800)),
        ("2024-12-11 18:00", .at(LocalDate(year: 2024, month: 12, day: 11, time: .init(hour: 18, minute: 0, second: 0)))),
        ("2024-12-11", .at(LocalDate(year: 2024, month: 12, day: 11))),
    ])
    func choicesAreRead(_ text: String, _ expected: ReminderChoice) {
        #expect(ReminderChoice(parsing: text) == expected)
    }

    /// A time the clocks skip that day (they go forward over it) is the first time that exists,
    /// the moment they jump to, and the schedule says so; a time that exists is kept.
    @Test(arguments: [
        ("2025-03-09 02:30", "America/Los_Angeles", "2025-03-09T03:00:00-07:00", true),
        ("2025-03-30 02:15", "Europe/Berlin", "2025-03-30T03:00:00+02:00", true),
        ("2025-03-09 01:59", "America/Los_Angeles", "2025-03-09T01:59:00-08:00", false),
        ("2025-03-09 03:00", "America/Los_Angeles", "2025-03-09T03:00:00-07:00", false),
        ("2025-11-02 01:30", "America/Los_Angeles", "2025-11-02T01:30:00-07:00", false),  // twice: the first
    ])
    func skippedTimes(_ text: String, _ zone: String, _ expected: String, _ noted: Bool) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let choice = try #require(ReminderChoice(parsing: text))
        let (date, note) = try ReminderSchedule(timeZone: timeZone, now: Self.instant("2025-01-01T00:00:00Z")).reminder(for: choice)
        #expect(date?.canonical(in: timeZone) == expected)
        #expect((note != nil) == noted, "\(note ?? "")")
    }

    @Test(arguments: ["", "3", "h", "0h", "-2h", "soon", "next week", "2024-13-01", "3 h"])
    func otherTextIsNotAChoice(_ text: String) {
        #expect(ReminderChoice(parsing: text) == nil)
    }

    /// `3h` is now + 10,800 s exactly, whatever the clock says, across a change of offset too.
    @Test(arguments: [
        ("2024-12-10T14:30:00-08:00", "America/Los_Angeles", "2024-12-10T17:30:00-08:00"),
        ("2025-03-09T00:30:00-08:00", "America/Los_Angeles", "2025-03-09T04:30:00-07:00"),  // spring forward at 02:00
        ("2025-11-02T00:30:00-07:00", "America/Los_Angeles", "2025-11-02T02:30:00-08:00"),  // fall back at 02:00
        ("2025-03-30T01:00:00+01:00", "Europe/Berlin", "2025-03-30T05:00:00+02:00"),
        ("2024-12-31T23:59:00-08:00", "America/Los_Angeles", "2025-01-01T02:59:00-08:00"),
    ])
    func inThreeHours(_ now: String, _ zone: String, _ expected: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let start = Self.instant(now)
        let date = try #require(try ReminderSchedule(timeZone: timeZone, now: start).date(for: .inThreeHours))
        #expect(date.canonical(in: timeZone) == expected)
        #expect(date.epochSeconds(in: timeZone) == Int(start.timeIntervalSince1970) + 10_800)
    }

    /// `tomorrow` is 09:00 local time on the next calendar day, with the offset in force then.
    @Test(arguments: [
        ("2024-12-10T14:30:00-08:00", "America/Los_Angeles", "2024-12-11T09:00:00-08:00"),
        ("2024-12-10T00:00:00-08:00", "America/Los_Angeles", "2024-12-11T09:00:00-08:00"),
        ("2024-12-10T08:59:00-08:00", "America/Los_Angeles", "2024-12-11T09:00:00-08:00"),
        ("2024-12-10T23:59:00-08:00", "America/Los_Angeles", "2024-12-11T09:00:00-08:00"),  // just before midnight
        ("2024-12-31T23:59:59-08:00", "America/Los_Angeles", "2025-01-01T09:00:00-08:00"),  // and the year turns
        ("2024-02-28T23:59:00-08:00", "America/Los_Angeles", "2024-02-29T09:00:00-08:00"),  // a leap day
        ("2025-03-08T20:00:00-08:00", "America/Los_Angeles", "2025-03-09T09:00:00-07:00"),  // into daylight time
        ("2025-03-08T23:59:00-08:00", "America/Los_Angeles", "2025-03-09T09:00:00-07:00"),
        ("2025-03-09T01:30:00-08:00", "America/Los_Angeles", "2025-03-10T09:00:00-07:00"),  // on the night of the change
        ("2025-11-01T23:59:00-07:00", "America/Los_Angeles", "2025-11-02T09:00:00-08:00"),  // back to standard time
        ("2025-11-02T01:30:00-08:00", "America/Los_Angeles", "2025-11-03T09:00:00-08:00"),  // the repeated hour
        ("2025-03-29T23:59:00+01:00", "Europe/Berlin", "2025-03-30T09:00:00+02:00"),
        ("2025-03-30T03:30:00+02:00", "Europe/Berlin", "2025-03-31T09:00:00+02:00"),
        ("2025-10-25T23:59:00+02:00", "Europe/Berlin", "2025-10-26T09:00:00+01:00"),
        ("2025-10-26T02:30:00+01:00", "Europe/Berlin", "2025-10-27T09:00:00+01:00"),
        // The vault's day, not UTC's: 23:59 in Los Angeles is already tomorrow in UTC.
        ("2024-12-11T07:59:00Z", "America/Los_Angeles", "2024-12-11T09:00:00-08:00"),
    ])
    func tomorrow(_ now: String, _ zone: String, _ expected: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let date = try #require(try ReminderSchedule(timeZone: timeZone, now: Self.instant(now)).date(for: .tomorrow))
        #expect(date.canonical(in: timeZone) == expected)
    }

    @Test func aDateIsTakenInTheVaultsTimeZoneAndADayMeansNineInTheMorning() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let schedule = ReminderSchedule(timeZone: zone, now: Self.instant("2025-06-01T12:00:00+02:00"))
        let evening = try #require(try schedule.date(for: .at(LocalDate.parse("2025-06-02 18:30")!)))
        #expect(evening.canonical(in: zone) == "2025-06-02T18:30:00+02:00")
        let day = try #require(try schedule.date(for: .at(LocalDate.parse("2025-12-24")!)))
        #expect(day.canonical(in: zone) == "2025-12-24T09:00:00+01:00")
        let offset = try #require(try schedule.date(for: .at(LocalDate.parse("2025-06-02T18:30:00Z")!)))
        #expect(offset.canonical(in: zone) == "2025-06-02T20:30:00+02:00")
        #expect(try schedule.date(for: .none) == nil)
    }

    @Test(arguments: ["2025-06-01 11:59", "2025-06-01 12:00", "2025-06-01", "2024-01-01T00:00:00Z"])
    func aTimeThatIsNotLaterThanNowIsRefused(_ text: String) {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let schedule = ReminderSchedule(timeZone: zone, now: Self.instant("2025-06-01T12:00:00+02:00"))
        #expect {
            try schedule.date(for: .at(LocalDate.parse(text)!))
        } throws: { error in
            (error as? ReminderSchedule.Refusal)?.message.hasSuffix("is in the past; choose a later time, like 3h or tomorrow") == true
        }
    }
}
