import AfterflowKit
import Testing

@Suite struct MaintenanceScheduleTests {
    static func days(_ schedule: String, from start: String) throws -> [String] {
        let parsed = try #require(MaintenanceSchedule.parse(schedule), "\(schedule) should parse")
        return parsed.dueDays(from: try #require(LocalDate.parse(start))).map(\.dayString)
    }

    /// From 2025-04-01: a week (04-08), another week (04-15), a calendar month (05-15), another
    /// (06-15): each check one spacing after the one before.
    @Test func weeklyThenMonthly() throws {
        #expect(try Self.days("weekly x 2, monthly x 2", from: "2025-04-01") == ["2025-04-08", "2025-04-15", "2025-05-15", "2025-06-15"])
        #expect(MaintenanceSchedule.parse("weekly x 2, monthly x 2")?.checkCount == 4)
        #expect(MaintenanceSchedule.parse("Weekly × 2,monthly x2")?.text == "weekly x 2, monthly x 2")
    }

    /// 2025-01-31 plus a month is the last day of February (28: 2025 is not a leap year); the
    /// next month is counted from there (03-28). 2024 is a leap year: 02-29.
    @Test func aMonthWithoutTheDayEndsOnItsLastDay() throws {
        #expect(try Self.days("monthly x 2", from: "2025-01-31") == ["2025-02-28", "2025-03-28"])
        #expect(try Self.days("monthly", from: "2024-01-31") == ["2024-02-29"])
        #expect(try Self.days("monthly", from: "2025-12-10") == ["2026-01-10"])
    }

    /// `daily` 1 day, `fortnightly` (or `biweekly`) 14; a step without `x` is one check.
    @Test func otherSpacings() throws {
        #expect(try Self.days("daily x 2, fortnightly", from: "2025-03-30") == ["2025-03-31", "2025-04-01", "2025-04-15"])
        #expect(try Self.days("biweekly x 2", from: "2025-12-20") == ["2026-01-03", "2026-01-17"])
    }

    @Test(arguments: ["", "weekly x 0", "weekly x 101", "hourly x 2", "weekly x", "weekly x two", "weekly x 2,", "x 2", "weekly 2"])
    func notASchedule(_ text: String) {
        #expect(MaintenanceSchedule.parse(text) == nil)
    }
}
