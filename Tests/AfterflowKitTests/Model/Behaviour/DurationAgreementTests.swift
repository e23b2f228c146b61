import AfterflowKit
import Testing

/// Total duration and mean duration-per-occurrence against the reference's worked examples.
@Suite struct DurationAgreementTests {
    /// D: primary 30, 50, 40 s (120 s); reliability 40, 45, 20 s (105 s) → 105 ÷ 120 = 87.5 %.
    @Test func setDTotalDuration() {
        let figure = ObserverAgreement.totalDuration(primary: 120, reliability: 105)
        #expect(figure.numerator == 105 && figure.denominator == 120 && figure.rounded == 87.5)
    }

    /// D: 30/40 = 0.75, 45/50 = 0.90, 20/40 = 0.50 → 2.15 ÷ 3 = 71.7 %.
    @Test func setDMeanDurationPerOccurrence() {
        let figure = ObserverAgreement.meanDurationPerOccurrence(primary: [30, 50, 40], reliability: [40, 45, 20])
        #expect(figure.parts.map(\.score) == [0.75, 0.9, 0.5] && BehaviourFigures.close(figure.numerator, 2.15) && figure.rounded == 71.7)
    }

    /// Figure 3: per-occurrence 99.7, 2.3, 69.2, 92.7 % (as 99.7 s of 100 s, …) → 263.9 ÷ 4 =
    /// 65.975, rounded half up to 66.0 %.
    @Test func figure3RoundsHalfUp() {
        let figure = ObserverAgreement.meanDurationPerOccurrence(primary: [100, 100, 100, 100], reliability: [99.7, 2.3, 69.2, 92.7])
        #expect(BehaviourFigures.close(figure.percent, 65.975) && figure.rounded == 66.0)
    }

    /// Timed occurrences paired by overlap. Primary 0-30, 100-150, 200-240; reliability 5-45,
    /// 98-143, 300-310. Pairs (0-30, 5-45) 30 ÷ 40 = 0.75 and (100-150, 98-143) 45 ÷ 50 = 0.90;
    /// 200-240 and 300-310 unmatched, 0 each. (0.75 + 0.90) ÷ 4 = 41.25, half up 41.3 %.
    @Test func timedOccurrencesPairByOverlap() {
        let figure = ObserverAgreement.meanDurationPerOccurrence(primary: [0...30, 100...150, 200...240], reliability: [5...45, 98...143, 300...310])
        #expect(figure.parts.map(\.score) == [0.75, 0.9, 0, 0] && figure.parts.map(\.start) == [0, 100, 200, 300])
        #expect(figure.denominator == 4 && figure.rounded == 41.3 && figure.notes == [.unmatched(primary: 1, reliability: 1)])
    }

    /// Primary 0-100 overlaps reliability 0-10 (10 s) and 20-100 (80 s): the longer overlap pairs,
    /// 80 ÷ 100 = 0.8; 0-10 is unmatched → 0.8 ÷ 2 = 40.0 %.
    @Test func theLongestOverlapPairsFirst() {
        let figure = ObserverAgreement.meanDurationPerOccurrence(primary: [0...100], reliability: [0...10, 20...100])
        #expect(figure.parts.map(\.reliability) == [80, 10] && figure.rounded == 40)
    }

    /// Spans summed: 30 + 50 + 40 = 120 against 40 + 45 + 20 = 105 → 87.5 %.
    @Test func totalDurationOfSpans() {
        let figure = ObserverAgreement.totalDuration(primary: [0...30, 100...150, 200...240], reliability: [0...40, 100...145, 200...220])
        #expect(figure.rounded == 87.5)
    }

    @Test func noOccurrencesEitherSideIsFullAgreement() {
        let figures = [ObserverAgreement.totalDuration(primary: 0, reliability: 0), ObserverAgreement.meanDurationPerOccurrence(primary: [Double](), reliability: [])]
        #expect(figures.map(\.percent) == [100, 100] && figures.allSatisfy { $0.notes == [.noOccurrences] })
    }

    @Test func oneTotalZeroIsNoAgreement() {
        #expect(ObserverAgreement.totalDuration(primary: 0, reliability: 30).percent == 0)
    }
}
