@testable import AfterflowKit
import Foundation
import Testing

/// The check-in trend `stats` shows, from the index's check-ins (#21, item 3: moved out of `stats`).
@Suite struct MoodListingTrendTests {
    func listing(_ date: String?, score: Int?) -> MoodListing {
        MoodListing(path: "moods/a.md", id: nil, date: date.flatMap(LocalDate.parse), day: nil, score: score, valence: nil, valenceClass: nil,
                    kind: "momentary-emotion", labels: [], associations: [], source: "user", notes: "")
    }

    @Test("a check-in without a score or a date is left out")
    func leftOut() {
        let checkIns = [listing("2025-03-04T20:30:00-08:00", score: 7), listing("2025-03-05T08:00:00-08:00", score: nil), listing(nil, score: 4)]
        #expect(MoodTrend(checkIns: checkIns, timeZone: TimeZone(identifier: "America/Los_Angeles")!).count == 1)
    }

    @Test("the day is the check-in's local day")
    func day() {
        let trend = MoodTrend(checkIns: [listing("2025-03-04T23:30:00-08:00", score: 7)], timeZone: TimeZone(identifier: "America/Los_Angeles")!)
        #expect(trend.first == "2025-03-04")
    }
}
