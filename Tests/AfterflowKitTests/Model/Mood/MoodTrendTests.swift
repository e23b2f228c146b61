@testable import AfterflowKit
import Foundation
import Testing

/// The trend: averages by day and week, names counted, and the moods around each session,
/// worked out by hand.
@Suite struct MoodTrendTests {
    func time(_ text: String) -> Int { LocalDate.parse(text + "+00:00")!.epochSeconds(in: .gmt) }

    func point(_ text: String, _ score: Int, labels: [String] = [], associations: [String] = []) -> MoodTrend.Point {
        MoodTrend.Point(time: time(text), day: String(text.prefix(10)), score: score, labels: labels, associations: associations)
    }

    func session(_ text: String, _ treatment: String) -> MoodTrend.SessionPoint {
        MoodTrend.SessionPoint(time: time(text), day: String(text.prefix(10)), treatment: treatment, path: "sessions/\(text.prefix(10)).md")
    }

    var points: [MoodTrend.Point] {
        [
            point("2025-03-02T10:00:00", 2, labels: ["sad"]),                              // 8 days before A: outside
            point("2025-03-05T09:00:00", 4, labels: ["worried"], associations: ["work"]),  // before A
            point("2025-03-05T21:00:00", 5, labels: ["worried", "calm"], associations: ["work", "family"]), // before A
            point("2025-03-10T10:00:00", 6, labels: ["calm"]),                             // at A's start: after
            point("2025-03-12T08:00:00", 8, labels: ["happy"], associations: ["fitness"]), // after A
            point("2025-03-17T09:59:00", 7, associations: ["work"]),                       // after A (one minute inside); before B
            point("2025-03-17T10:00:00", 1),                                               // 7 days after A: outside; before B
            point("2025-03-31T10:00:00", 3),                                               // before C
            point("2025-04-02T10:00:00", 6),                                               // after C
        ]
    }

    var sessions: [MoodTrend.SessionPoint] {
        [session("2025-03-20T10:00:00", "Ketamine"), session("2025-03-10T10:00:00", "Psilocybin"), session("2025-04-01T10:00:00", "Psilocybin")]
    }

    @Test func aroundSessionsByHand() {
        let trend = MoodTrend(points: points, sessions: sessions)
        #expect(trend.aroundSessions.map(\.day) == ["2025-03-10", "2025-03-20", "2025-04-01"])
        let a = trend.aroundSessions[0], b = trend.aroundSessions[1], c = trend.aroundSessions[2]
        // A: before 4, 5 → 4.5; after 6, 8, 7 → 7.0; change +2.5.
        #expect(a.before == 4.5 && a.beforeCount == 2)
        #expect(a.after == 7.0 && a.afterCount == 3)
        #expect(a.change == 2.5)
        // B: before 7, 1 → 4.0; nothing after.
        #expect(b.before == 4.0 && b.beforeCount == 2)
        #expect(b.after == nil && b.afterCount == 0 && b.change == nil)
        // C: before 3, after 6: +3.
        #expect(c.change == 3.0)
        // Psilocybin (2.5 + 3) / 2; ketamine has no session with both sides.
        #expect(trend.perTreatment == [MoodTrend.TreatmentChange(treatment: "Psilocybin", averageChange: 2.75, sessions: 2)])
    }

    @Test func aWiderWindow() {
        let trend = MoodTrend(points: points, sessions: sessions, window: 8)
        // A's window now reaches 2025-03-02T10:00 and 2025-03-18T10:00.
        #expect(trend.aroundSessions[0].beforeCount == 3)
        #expect(trend.aroundSessions[0].afterCount == 4)
    }

    @Test func averagesByDayAndWeek() {
        let trend = MoodTrend(points: points, sessions: [])
        #expect(trend.count == 9)
        #expect(trend.average == 42.0 / 9)
        #expect(trend.first == "2025-03-02" && trend.last == "2025-04-02")
        #expect(trend.daily.first { $0.period == "2025-03-05" } == MoodTrend.Average(period: "2025-03-05", average: 4.5, count: 2))
        #expect(trend.daily.count == 7)
        // Weeks from Monday: 03-02 is a Sunday (week of 02-24); 03-05 and 03-10.. ; 03-17 Monday.
        #expect(trend.weekly.map(\.period) == ["2025-02-24", "2025-03-03", "2025-03-10", "2025-03-17", "2025-03-31"])
        #expect(trend.weekly[1] == MoodTrend.Average(period: "2025-03-03", average: 4.5, count: 2))
        #expect(trend.weekly[2] == MoodTrend.Average(period: "2025-03-10", average: 7.0, count: 2))
        #expect(trend.weekly[3] == MoodTrend.Average(period: "2025-03-17", average: 4.0, count: 2))
    }

    @Test func namesCountedWithTheirAverages() {
        let trend = MoodTrend(points: points, sessions: [])
        #expect(trend.labels.map(\.name) == ["calm", "worried", "happy", "sad"])
        #expect(trend.labels[0] == MoodTrend.NameCount(name: "calm", count: 2, average: 5.5))
        #expect(trend.associations == [
            MoodTrend.NameCount(name: "work", count: 3, average: 16.0 / 3),
            MoodTrend.NameCount(name: "family", count: 1, average: 5),
            MoodTrend.NameCount(name: "fitness", count: 1, average: 8),
        ])
    }

    @Test func weekStarts() {
        #expect(MoodTrend.weekStart(of: "2025-03-05") == "2025-03-03")
        #expect(MoodTrend.weekStart(of: "2025-03-03") == "2025-03-03")
        #expect(MoodTrend.weekStart(of: "2025-03-09") == "2025-03-03")
        #expect(MoodTrend.weekStart(of: "1969-12-31") == "1969-12-29")
        #expect(MoodTrend.days(from: "2025-02-27", to: "2025-03-02", limit: 30) == ["2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02"])
        #expect(MoodTrend.days(from: "2025-02-27", to: "2025-03-02", limit: 2) == ["2025-03-01", "2025-03-02"])
    }
}
