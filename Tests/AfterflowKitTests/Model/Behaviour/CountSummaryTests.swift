import AfterflowKit
import Foundation
import Testing

/// Counts and rates over observed time, worked out by hand.
@Suite struct CountSummaryTests {
    /// The reference's vector: 12 occurrences in a 30-minute observation → 12 ÷ 30 = 0.4 per
    /// minute = 24 per hour.
    @Test func twelveInThirtyMinutes() {
        let summary = CountSummary(times: (0..<12).map { Double($0) * 100 }, window: ObservationWindow(start: 0, end: 1800))
        #expect(summary.count == 12)
        #expect(BehaviourFigures.close(summary.perMinute, 0.4) && BehaviourFigures.close(summary.perHour, 24))
    }

    /// A 45-minute session (0-2,700 s) with pauses 600-900 (300 s), 1,500-1,800 and 1,700-1,900
    /// (overlapping: one pause 1,500-1,900, 400 s) and 2,500-3,000 (past the end: 2,500-2,700,
    /// 200 s). Paused 300 + 400 + 200 = 900 s; observed 2,700 − 900 = 1,800 s = 30 min.
    /// 6 occurrences → 6 ÷ 30 = 0.2 per minute, 6 × 3,600 ÷ 1,800 = 12 per hour (8 per hour had
    /// the pauses not been subtracted). The one at 700 s is inside a pause: counted, and said.
    static let paused = ObservationWindow(start: 0, end: 2700, pauses: [600...900, 1500...1800, 1700...1900, 2500...3000])
    static let times: [Double] = [100, 700, 1000, 1200, 2000, 2400]

    @Test func pausesAreMergedClippedAndSubtracted() {
        #expect(Self.paused.pausedSeconds == 900 && Self.paused.observedSeconds == 1800)
    }

    @Test func rateWithPausesIsOverObservedTime() {
        let summary = CountSummary(times: Self.times, window: Self.paused)
        #expect(BehaviourFigures.close(summary.perMinute, 0.2) && BehaviourFigures.close(summary.perHour, 12))
    }

    @Test func anOccurrenceInAPauseCountsAndIsSaid() {
        let summary = CountSummary(times: Self.times, window: Self.paused)
        #expect(summary.count == 6 && summary.outsideObservedTime == 1)
    }

    /// 09:00 to 09:30 with a pause 09:10-09:15: 25 min observed; 5 occurrences → 5 × 60 ÷ 25 =
    /// 12 per hour.
    @Test func datesAreSecondsOnTheirOwnClock() {
        let nine = Date(timeIntervalSinceReferenceDate: 800_000_000)
        func at(_ minutes: Double) -> Date { nine.addingTimeInterval(minutes * 60) }
        let window = ObservationWindow(start: nine, end: at(30), pauses: [DateInterval(start: at(10), end: at(15))])
        let summary = CountSummary(times: [1, 2, 3, 20, 25].map(at), window: window)
        #expect(BehaviourFigures.close(summary.perHour, 12) && summary.outsideObservedTime == 0)
    }

    @Test func noObservedTimeHasNoRate() {
        let summary = CountSummary(times: [5], window: ObservationWindow(start: 0, end: 100, pauses: [0...100]))
        #expect(summary.count == 1 && summary.perMinute == nil && summary.perHour == nil)
    }
}
