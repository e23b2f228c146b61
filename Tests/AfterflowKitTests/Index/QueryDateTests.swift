@testable import AfterflowKit
import Foundation
import Testing

/// `--since`/`--until` periods in America/Los_Angeles, with the expected first second of the
/// period and the first second after it written by hand as local times with their offsets
/// (PST −08:00 until the second Sunday of March, PDT −07:00 until the first Sunday of November).
@Suite struct QueryDateTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var now: String
        var start: String
        var end: String
        var testDescription: String { "\(text) at \(now)" }

        init(_ text: String, now: String = "2025-04-02T18:00:00-07:00", _ start: String, _ end: String) {
            self.text = text
            self.now = now
            self.start = start
            self.end = end
        }
    }

    /// Seconds since 1970 of an ISO 8601 time with an offset.
    static func instant(_ text: String) throws -> Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let date = try #require(formatter.date(from: text), "an ISO time: \(text)")
        return Int(date.timeIntervalSince1970)
    }

    static let cases: [Case] = [
        // Wednesday 2 April 2025, 18:00 PDT.
        Case("today", "2025-04-02T00:00:00-07:00", "2025-04-03T00:00:00-07:00"),
        Case(" Today ", "2025-04-02T00:00:00-07:00", "2025-04-03T00:00:00-07:00"),
        Case("0d", "2025-04-02T00:00:00-07:00", "2025-04-03T00:00:00-07:00"),
        Case("yesterday", "2025-04-01T00:00:00-07:00", "2025-04-02T00:00:00-07:00"),
        Case("1d", "2025-04-01T00:00:00-07:00", "2025-04-02T00:00:00-07:00"),
        Case("7d", "2025-03-26T00:00:00-07:00", "2025-03-27T00:00:00-07:00"),
        Case("24d", "2025-03-09T00:00:00-08:00", "2025-03-10T00:00:00-07:00"),  // 23 hours: clocks spring forward
        Case("2w", "2025-03-19T00:00:00-07:00", "2025-03-20T00:00:00-07:00"),
        Case("this-week", "2025-03-31T00:00:00-07:00", "2025-04-07T00:00:00-07:00"),
        Case("THIS-WEEK", "2025-03-31T00:00:00-07:00", "2025-04-07T00:00:00-07:00"),
        Case("last-week", "2025-03-24T00:00:00-07:00", "2025-03-31T00:00:00-07:00"),
        Case("this-month", "2025-04-01T00:00:00-07:00", "2025-05-01T00:00:00-07:00"),
        Case("last-month", "2025-03-01T00:00:00-08:00", "2025-04-01T00:00:00-07:00"),
        Case("this-year", "2025-01-01T00:00:00-08:00", "2026-01-01T00:00:00-08:00"),
        Case("last-year", "2024-01-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        Case("2024-12-10", "2024-12-10T00:00:00-08:00", "2024-12-11T00:00:00-08:00"),
        Case("2024-02", "2024-02-01T00:00:00-08:00", "2024-03-01T00:00:00-08:00"),   // 29 days
        Case("2023-02", "2023-02-01T00:00:00-08:00", "2023-03-01T00:00:00-08:00"),   // 28 days
        Case("2024-12", "2024-12-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        Case("2024-11", "2024-11-01T00:00:00-07:00", "2024-12-01T00:00:00-08:00"),   // clocks fall back on the 3rd
        Case("2024-04", "2024-04-01T00:00:00-07:00", "2024-05-01T00:00:00-07:00"),   // 30 days
        Case("2024", "2024-01-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        // Late evening: already 3 April in UTC, still 2 April in Los Angeles.
        Case("today", now: "2025-04-02T23:30:00-07:00", "2025-04-02T00:00:00-07:00", "2025-04-03T00:00:00-07:00"),
        Case("today", now: "2025-04-03T00:30:00-07:00", "2025-04-03T00:00:00-07:00", "2025-04-04T00:00:00-07:00"),
        // Today's start on the days the clocks change: a 23-hour and a 25-hour day.
        Case("today", now: "2025-03-09T12:00:00-07:00", "2025-03-09T00:00:00-08:00", "2025-03-10T00:00:00-07:00"),
        Case("today", now: "2024-11-03T12:00:00-08:00", "2024-11-03T00:00:00-07:00", "2024-11-04T00:00:00-08:00"),
        Case("yesterday", now: "2024-11-04T09:00:00-08:00", "2024-11-03T00:00:00-07:00", "2024-11-04T00:00:00-08:00"),
        Case("today", now: "2025-03-09T01:59:00-08:00", "2025-03-09T00:00:00-08:00", "2025-03-10T00:00:00-07:00"),
        // Month ends and year ends.
        Case("last-month", now: "2025-01-15T09:00:00-08:00", "2024-12-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        Case("last-month", now: "2025-03-31T23:00:00-07:00", "2025-02-01T00:00:00-08:00", "2025-03-01T00:00:00-08:00"),
        Case("last-month", now: "2024-03-31T12:00:00-07:00", "2024-02-01T00:00:00-08:00", "2024-03-01T00:00:00-08:00"),
        Case("this-month", now: "2024-03-31T12:00:00-07:00", "2024-03-01T00:00:00-08:00", "2024-04-01T00:00:00-07:00"),
        Case("this-month", now: "2024-12-31T23:59:00-08:00", "2024-12-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        Case("this-year", now: "2024-12-31T23:59:00-08:00", "2024-01-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        Case("last-year", now: "2025-01-01T00:01:00-08:00", "2024-01-01T00:00:00-08:00", "2025-01-01T00:00:00-08:00"),
        // Weeks start on Monday, whatever the day.
        Case("this-week", now: "2025-03-31T00:30:00-07:00", "2025-03-31T00:00:00-07:00", "2025-04-07T00:00:00-07:00"),
        Case("this-week", now: "2025-04-06T23:59:00-07:00", "2025-03-31T00:00:00-07:00", "2025-04-07T00:00:00-07:00"),
        Case("last-week", now: "2025-01-01T12:00:00-08:00", "2024-12-23T00:00:00-08:00", "2024-12-30T00:00:00-08:00"),
        Case("this-week", now: "2024-11-06T12:00:00-08:00", "2024-11-04T00:00:00-08:00", "2024-11-11T00:00:00-08:00"),
        Case("last-week", now: "2024-11-06T12:00:00-08:00", "2024-10-28T00:00:00-07:00", "2024-11-04T00:00:00-08:00"),  // 169 hours
    ]

    @Test(arguments: cases)
    func period(_ test: Case) throws {
        let now = Date(timeIntervalSince1970: TimeInterval(try Self.instant(test.now)))
        let date = try #require(QueryDate(test.text, now: now, timeZone: Self.zone))
        #expect(date.start == (try Self.instant(test.start)), "start")
        #expect(date.end == (try Self.instant(test.end)), "end")
    }

    @Test("a day is the vault's day, in any time zone", arguments: [
        ("Asia/Kolkata", "2024-12-10T00:00:00+05:30", "2024-12-11T00:00:00+05:30"),
        ("UTC", "2024-12-10T00:00:00Z", "2024-12-11T00:00:00Z"),
        ("Pacific/Auckland", "2024-12-10T00:00:00+13:00", "2024-12-11T00:00:00+13:00"),
    ])
    func otherZones(_ zone: String, _ start: String, _ end: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let date = try #require(QueryDate("2024-12-10", now: Date(), timeZone: timeZone))
        #expect(date.start == (try Self.instant(start)))
        #expect(date.end == (try Self.instant(end)))
    }

    @Test("what is not a day or a period is refused", arguments: [
        "", " ", "tomorrow", "7", "d", "w", "-3d", "3x", "100000d", "2024-1", "2024-13", "2024-02-30", "2023-02-29",
        "24", "12345", "2024-12-10T10:00", "2024-12-10 10:00", "last week", "this_week", "2024/12/10", "1e3d",
    ])
    func refused(_ text: String) {
        #expect(QueryDate(text, now: Date(timeIntervalSince1970: 1_743_642_000), timeZone: Self.zone) == nil)
    }

    @Test("every form the help names is understood")
    func helpForms() {
        let forms = QueryDate.forms.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
        #expect(forms.count == 13)
        for form in forms {
            #expect(QueryDate(form, now: Date(), timeZone: Self.zone) != nil, "\(form)")
        }
    }
}
