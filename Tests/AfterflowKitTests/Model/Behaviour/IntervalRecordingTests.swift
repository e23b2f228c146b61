import AfterflowKit
import Testing

/// One behaviour stream scored by partial, whole and momentary intervals, worked out by hand.
@Suite struct IntervalRecordingTests {
    /// 60 s in six 10-s intervals: 1 = 0-10, 2 = 10-20, … 6 = 50-60. Episodes 3-5, 12-35, 48-50.
    ///
    /// | interval | 0-10 | 10-20 | 20-30 | 30-40 | 40-50 | 50-60 |
    /// |----------|------|-------|-------|-------|-------|-------|
    /// | partial (any moment)          | + 3-5 | + 12-35 | + | + 12-35 | + 48-50 | − (48-50 ends at 50) |
    /// | whole (all of it)             | − | − (from 12) | + 12-35 covers 20-30 | − (to 35) | − | − |
    /// | momentary (at 10, 20, … 60)   | − | + | + | − | + (48-50 at 50) | − |
    ///
    /// partial 5 ÷ 6 = 83.3 %, whole 1 ÷ 6 = 16.7 %, momentary 3 ÷ 6 = 50.0 %.
    static let stream = [BehaviourEpisode(start: 3, stop: 5), BehaviourEpisode(start: 12, stop: 35), BehaviourEpisode(start: 48, stop: 50)]

    @Test(arguments: [
        (IntervalMethod.partial, [true, true, true, true, true, false], 500.0 / 6),
        (IntervalMethod.whole, [false, false, true, false, false, false], 100.0 / 6),
        (IntervalMethod.momentary, [false, true, true, false, true, false], 50.0),
    ])
    func sameStreamByMethod(method: IntervalMethod, scores: [Bool], percent: Double) throws {
        let recording = try #require(IntervalRecording(episodes: Self.stream, window: ObservationWindow(start: 0, end: 60), widthSeconds: 10, method: method))
        #expect(recording.summary.scores == scores && BehaviourFigures.close(recording.summary.percentScored, percent))
    }

    /// Two episodes 10-15 and 15-30 touch: whole scores 20-30 (15-30) and also 10-20 (10-15 then
    /// 15-30 with no gap); 0-10 and 30-40 are not covered.
    @Test func wholeJoinsTouchingEpisodes() throws {
        let episodes = [BehaviourEpisode(start: 15, stop: 30), BehaviourEpisode(start: 10, stop: 15)]
        let recording = try #require(IntervalRecording(episodes: episodes, window: ObservationWindow(start: 0, end: 40), widthSeconds: 10, method: .whole))
        #expect(recording.summary.scores == [false, true, true, false])
    }

    /// The interval clock stops in a pause: 0-70 s with a pause 20-30 is 60 s observed, six
    /// intervals. The episode 15-35 is observed 15-20 and 30-35, on the stopped clock 15-25: it
    /// scores partial intervals 2 (10-20) and 3 (20-30) only (wall-clock intervals would have
    /// scored 2, 3 and 4).
    @Test func intervalsRunOnObservedTime() throws {
        let recording = try #require(IntervalRecording(episodes: [BehaviourEpisode(start: 15, stop: 35)],
                                                       window: ObservationWindow(start: 0, end: 70, pauses: [20...30]), widthSeconds: 10, method: .partial))
        #expect(recording.summary.scores == [false, true, true, false, false, false])
    }

    /// An episode wholly inside a pause (22-28) was not observed: no interval is scored.
    @Test func anEpisodeInAPauseIsNotScored() throws {
        let recording = try #require(IntervalRecording(episodes: [BehaviourEpisode(start: 22, stop: 28)],
                                                       window: ObservationWindow(start: 0, end: 70, pauses: [20...30]), widthSeconds: 10, method: .partial))
        #expect(recording.summary.scored == 0)
    }

    /// An episode from 55 s still running at the end (60 s) is occurring at the last sample.
    @Test func aRunningEpisodeIsOccurringAtTheEnd() throws {
        let recording = try #require(IntervalRecording(episodes: [BehaviourEpisode(start: 55, stop: nil)],
                                                       window: ObservationWindow(start: 0, end: 60), widthSeconds: 10, method: .momentary))
        #expect(recording.summary.scores == [false, false, false, false, false, true])
    }

    /// 65 s in 10-s intervals: six whole intervals, 5 s left unscored.
    @Test func aShortRemainderIsNotAnInterval() throws {
        let recording = try #require(IntervalRecording(episodes: [BehaviourEpisode(start: 61, stop: 64)],
                                                       window: ObservationWindow(start: 0, end: 65), widthSeconds: 10, method: .partial))
        #expect(recording.summary.total == 6 && recording.remainderSeconds == 5 && recording.summary.scored == 0)
    }

    /// An instant at 10 s falls in interval 2 (10-20), not 1.
    @Test func anInstantAtABoundaryIsInTheLaterInterval() throws {
        let recording = try #require(IntervalRecording(episodes: [BehaviourEpisode(start: 10, stop: 10)],
                                                       window: ObservationWindow(start: 0, end: 30), widthSeconds: 10, method: .partial))
        #expect(recording.summary.scores == [false, true, false])
    }

    @Test func aWidthOfZeroIsRefused() {
        #expect(IntervalRecording(episodes: [], window: ObservationWindow(start: 0, end: 60), widthSeconds: 0, method: .partial) == nil)
    }

    /// The reference's vector: 30 intervals, 9 scored → 9 ÷ 30 = 30.0 %.
    @Test func nineOfThirtyScored() {
        let summary = IntervalSummary(scores: (0..<30).map { $0 % 10 < 3 })
        #expect(summary.scored == 9 && BehaviourFigures.close(summary.percentScored, 30))
    }
}
