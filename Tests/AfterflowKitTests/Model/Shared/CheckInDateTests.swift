import AfterflowKit
import Foundation
import Testing

/// When a check-in is dated (#21, item 3: the rule `mood` and `assess` shared as a copy).
@Suite struct CheckInDateTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-03-04 20:30:15 in Los Angeles.
    static let now = ISO8601DateFormatter().date(from: "2025-03-05T04:30:15Z")!

    func date(_ typed: String?) -> LocalDate {
        LocalDate.checkInDate(typed: typed, moment: typed.flatMap { LocalDate.parse(typed: $0, now: Self.now, timeZone: Self.zone) },
                              now: Self.now, timeZone: Self.zone)
    }

    @Test("a day alone takes the time of day it is now")
    func dayAlone() {
        #expect(date("yesterday") == LocalDate(year: 2025, month: 3, day: 3, time: .init(hour: 20, minute: 30, second: 15)))
    }

    @Test("a day with a time keeps its time")
    func dayAndTime() {
        #expect(date("2025-03-01 09:15") == LocalDate.parse(typed: "2025-03-01 09:15", now: Self.now, timeZone: Self.zone))
    }

    @Test("nothing typed: now")
    func nothing() {
        #expect(date(nil) == LocalDate(Self.now, in: Self.zone))
    }
}
