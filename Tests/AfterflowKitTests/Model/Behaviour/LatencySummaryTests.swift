import AfterflowKit
import Testing

/// Latencies, worked out by hand.
@Suite struct LatencySummaryTests {
    /// The reference's vector: latencies 4, 6 and 12 s and one opportunity with no response →
    /// mean (4 + 6 + 12) ÷ 3 = 7.33 s over 3 responses, median 6 s, range 4-12 s, 1 of 4 unanswered.
    @Test func threeResponsesAndOneWithout() {
        let summary = LatencySummary(opportunities: [
            LatencyOpportunity(cue: 10, response: 14), LatencyOpportunity(cue: 40, response: 46),
            LatencyOpportunity(cue: 80, response: nil), LatencyOpportunity(cue: 120, response: 132),
        ])
        #expect(summary.opportunities == 4 && summary.responses == 3 && summary.unanswered == 1)
        #expect(BehaviourFigures.close(summary.meanSeconds, 22.0 / 3) && summary.medianSeconds == 6)
        #expect(summary.shortestSeconds == 4 && summary.longestSeconds == 12)
    }

    /// 12, 4, 10, 6 → sorted 4, 6, 10, 12: median (6 + 10) ÷ 2 = 8.
    @Test func anEvenCountsMedianIsTheMeanOfTheMiddleTwo() {
        let summary = LatencySummary(opportunities: [12, 4, 10, 6].map { LatencyOpportunity(cue: 0, response: $0) })
        #expect(summary.medianSeconds == 8)
    }

    /// A response at 5 s to a cue at 8 s is no latency: left out, and counted apart.
    @Test func aResponseBeforeItsCueIsLeftOut() {
        let summary = LatencySummary(opportunities: [LatencyOpportunity(cue: 8, response: 5), LatencyOpportunity(cue: 20, response: 23)])
        #expect(summary.latencies == [3] && summary.responseBeforeCue == 1 && summary.unanswered == 0)
    }

    @Test func noResponseHasNoFigures() {
        let summary = LatencySummary(opportunities: [LatencyOpportunity(cue: 0, response: nil)])
        #expect(summary.meanSeconds == nil && summary.medianSeconds == nil && summary.unanswered == 1)
    }
}
