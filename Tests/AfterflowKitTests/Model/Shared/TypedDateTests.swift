@testable import AfterflowKit
import Foundation
import Testing

/// What `new --date` takes: the words of `--since` with a time, and `tomorrow` (#10).
@Suite struct TypedDateTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// Tue 2026-11-24 21:30 in Los Angeles (05:30 the next day in UTC).
    static let now = LocalDate.parse("2026-11-24T21:30:45-08:00")!.date(in: zone)

    @Test("words, with and without a time, read in the vault's time zone", arguments: [
        ("now", "2026-11-24T21:30:00-08:00"),
        ("NOW", "2026-11-24T21:30:00-08:00"),
        ("today", "2026-11-24"),
        ("today 18:00", "2026-11-24T18:00:00"),
        ("Yesterday 20:30", "2026-11-23T20:30:00"),
        ("yesterday  8:05", "2026-11-23T08:05:00"),
        ("tomorrow 08:00", "2026-11-25T08:00:00"),
        ("tomorrow", "2026-11-25"),
        ("3d", "2026-11-21"),
        ("1w 19:15:30", "2026-11-17T19:15:30"),
        ("2024-12-10 14:30", "2024-12-10T14:30:00"),
        ("2024-12-10T14:30:00+09:00", "2024-12-10T14:30:00+09:00"),
        ("2024-12-10", "2024-12-10"),
    ])
    func read(_ text: String, _ expected: String) throws {
        let date = try #require(LocalDate.parse(typed: text, now: Self.now, timeZone: Self.zone))
        #expect(date == LocalDate.parse(expected))
    }

    @Test("anything else is nil", arguments: [
        "", "this-week", "last-month", "2024-12", "today 24:00", "today 18", "today 18:0", "today 18:00 pm", "tomorrow at 8",
        "soon", "yesterday 20:30:61", "-1d",
    ])
    func refused(_ text: String) {
        #expect(LocalDate.parse(typed: text, now: Self.now, timeZone: Self.zone) == nil)
    }

    @Test("a date is after now until its instant; a day alone from its midnight")
    func after() throws {
        func after(_ text: String) throws -> Bool {
            try #require(LocalDate.parse(text)).isAfter(Self.now, in: Self.zone)
        }
        #expect(try after("2026-11-24T21:31:00-08:00"))
        #expect(try !after("2026-11-24T21:30:00-08:00"))
        #expect(try after("2026-11-25"))
        #expect(try !after("2026-11-24"))
        #expect(try after("2026-11-25T06:00:00+09:00") == false)  // 13:00 on the 24th in Los Angeles
    }
}
