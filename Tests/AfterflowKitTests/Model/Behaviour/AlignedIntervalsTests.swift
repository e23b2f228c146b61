import AfterflowKit
import Testing

/// Timed interval records of unequal lengths compared over the intervals both observed, worked
/// out by hand.
@Suite struct AlignedIntervalsTests {
    /// The primary record is set C's (0-100 s): X X − − X − − − X −. The reliability observer
    /// started 20 s later and stopped 20 s later (20-120 s): set C's intervals 3-10, − − X − X − X −,
    /// then X X. Shared: 20-100 s, the primary's intervals 3-10 against the reliability's 1-8:
    ///
    /// primary     − − X − − − X −
    /// reliability − − X − X − X −
    ///
    /// Interval-by-interval: one disagreement (the 5th shared) → 7 ÷ 8 = 87.5 %. Scored: either in
    /// shared 3, 5, 7, both in 3, 7 → 2 ÷ 3 = 66.7 %. Unscored: either in 1, 2, 4, 5, 6, 8, both in
    /// 1, 2, 4, 6, 8 → 5 ÷ 6 = 83.3 %. Left out: 2 primary intervals, 2 reliability intervals.
    static func aligned() throws -> AlignedIntervals {
        try AlignedIntervals(
            primary: IntervalRecord(start: 0, widthSeconds: 10, scores: [true, true, false, false, true, false, false, false, true, false]),
            reliability: IntervalRecord(start: 20, widthSeconds: 10, scores: [false, false, true, false, true, false, true, false, true, true]))
    }

    @Test func theSharedIntervalsOnly() throws {
        let aligned = try Self.aligned()
        #expect(aligned.span == 20...100 && aligned.primary.count == 8 && aligned.primaryLeftOut == 2 && aligned.reliabilityLeftOut == 2)
    }

    @Test func eachAlgorithmOverTheSharedSpan() throws {
        let aligned = try Self.aligned()
        let figures = [ObserverAgreement.intervalByInterval(aligned), ObserverAgreement.scoredInterval(aligned), ObserverAgreement.unscoredInterval(aligned)]
        #expect(figures.map(\.rounded) == [87.5, 66.7, 83.3])
    }

    @Test func theLeftOutIntervalsAreSaid() throws {
        let figure = ObserverAgreement.intervalByInterval(try Self.aligned())
        #expect(figure.notes == [.outsideSharedSpan(primary: 2, reliability: 2)] && figure.span == 20...100)
    }

    /// Starts 25 s apart with 10-s intervals: the intervals are different stretches of time.
    @Test func intervalsOutOfStepAreRefused() {
        #expect(throws: AgreementError.intervalGrids(primary: 10, reliability: 10, offset: 25)) {
            try AlignedIntervals(primary: IntervalRecord(start: 0, widthSeconds: 10, scores: [true, false, true]),
                                 reliability: IntervalRecord(start: 25, widthSeconds: 10, scores: [true, false, true]))
        }
    }

    @Test func differentWidthsAreRefused() {
        #expect(throws: AgreementError.intervalGrids(primary: 10, reliability: 15, offset: 0)) {
            try AlignedIntervals(primary: IntervalRecord(start: 0, widthSeconds: 10, scores: [true]),
                                 reliability: IntervalRecord(start: 0, widthSeconds: 15, scores: [true]))
        }
    }

    /// The primary's three intervals end at 30 s, where the reliability record starts.
    @Test func recordsWithNoIntervalInCommonAreRefused() {
        #expect(throws: AgreementError.noSharedSpan) {
            try AlignedIntervals(primary: IntervalRecord(start: 0, widthSeconds: 10, scores: [true, false, true]),
                                 reliability: IntervalRecord(start: 30, widthSeconds: 10, scores: [true]))
        }
    }
}
