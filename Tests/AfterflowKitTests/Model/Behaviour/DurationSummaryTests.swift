import AfterflowKit
import Testing

/// Durations, worked out by hand.
@Suite struct DurationSummaryTests {
    /// The reference's vector: episodes of 30, 50 and 40 s in 1,200 s → total 120 s, 120 ÷ 1,200 =
    /// 10.0 % of the time, mean 120 ÷ 3 = 40.0 s, longest 50 s.
    @Test func threeEpisodesInTwentyMinutes() {
        let episodes = [BehaviourEpisode(start: 60, stop: 90), BehaviourEpisode(start: 300, stop: 350), BehaviourEpisode(start: 700, stop: 740)]
        let summary = DurationSummary(episodes: episodes, window: ObservationWindow(start: 0, end: 1200))
        #expect(summary.count == 3 && summary.totalSeconds == 120 && summary.meanSeconds == 40 && summary.longestSeconds == 50)
        #expect(BehaviourFigures.close(summary.percentOfObservedTime, 10))
    }

    /// 0-560 s with a pause 100-160 s: 500 s observed. Episodes 20-80 (60 s), 140-200 (starts in
    /// the pause: observed 160-200, 40 s) and 460 with no stop, closed at the end, 560 (100 s).
    /// Total 60 + 40 + 100 = 200 s; mean 200 ÷ 3 = 66.7 s; longest 100 s; 200 ÷ 500 = 40.0 %.
    static let summary = DurationSummary(
        episodes: [BehaviourEpisode(start: 20, stop: 80), BehaviourEpisode(start: 140, stop: 200), BehaviourEpisode(start: 460, stop: nil)],
        window: ObservationWindow(start: 0, end: 560, pauses: [100...160]))

    @Test func anOpenEpisodeIsClosedAtTheEndAndMarked() {
        let last = Self.summary.occurrences[2]
        #expect(last.end == 560 && last.seconds == 100 && last.closedAtEnd && Self.summary.closedAtEnd == 1)
    }

    @Test func pausedTimeIsNotDuration() {
        #expect(Self.summary.occurrences.map(\.seconds) == [60, 40, 100])
    }

    @Test func figuresWithAPauseAndAnOpenEpisode() {
        let s = Self.summary
        #expect(s.totalSeconds == 200 && BehaviourFigures.close(s.meanSeconds, 200.0 / 3) && s.longestSeconds == 100)
        #expect(BehaviourFigures.close(s.percentOfObservedTime, 40))
    }

    /// An episode 550-700 in a window ending at 600 counts 50 s, and is not marked (it has a stop).
    @Test func anEpisodePastTheEndIsClipped() {
        let summary = DurationSummary(episodes: [BehaviourEpisode(start: 550, stop: 700)], window: ObservationWindow(start: 0, end: 600))
        #expect(summary.totalSeconds == 50 && summary.closedAtEnd == 0)
    }

    @Test func noEpisodesHaveNoMean() {
        let summary = DurationSummary(episodes: [], window: ObservationWindow(start: 0, end: 600))
        #expect(summary.count == 0 && summary.meanSeconds == nil && summary.longestSeconds == nil && summary.percentOfObservedTime == 0)
    }
}
