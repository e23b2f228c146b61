@testable import AfterflowKit
import Foundation
import Testing

@Suite struct TrialEndTimeTests {
    let zone = TimeZone(identifier: "America/Los_Angeles")!
    let start = LocalDate(year: 2025, month: 1, day: 14, time: .init(hour: 14, minute: 0, second: 0))
    let now = Date(timeIntervalSince1970: 1_736_899_200)

    @Test func aTimeOfDayFallsOnTheSessionsDay() throws {
        let end = try TrialSessionLifecycle.end(typed: " 15:45 ", start: start, now: now, timeZone: zone)
        #expect(end == LocalDate(year: 2025, month: 1, day: 14, time: .init(hour: 15, minute: 45, second: 0)))
    }

    @Test func aDayAloneIsItsMidnight() throws {
        let end = try TrialSessionLifecycle.end(typed: "2025-01-15", start: start, now: now, timeZone: zone)
        #expect(end == LocalDate(year: 2025, month: 1, day: 15, time: .init(hour: 0, minute: 0, second: 0)))
    }

    @Test func anEndBeforeTheStartIsRefusedWithBothMoments() {
        #expect(throws: TrialSessionLifecycle.EndTimeError.beforeStart("the end (2025-01-14 13:59) is before the session started (2025-01-14 14:00)")) {
            try TrialSessionLifecycle.end(typed: "13:59", start: start, now: now, timeZone: zone)
        }
    }

    @Test func textThatIsNoMomentIsUnreadable() {
        #expect(throws: TrialSessionLifecycle.EndTimeError.unreadable) {
            try TrialSessionLifecycle.end(typed: "soonish", start: start, now: now, timeZone: zone)
        }
    }
}
