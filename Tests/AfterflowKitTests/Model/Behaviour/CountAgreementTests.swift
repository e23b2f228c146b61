import AfterflowKit
import Testing

/// Total count, mean count-per-interval and exact count-per-interval against the reference's
/// worked examples.
@Suite struct CountAgreementTests {
    /// Reed & Azulay, figure 1: fifteen 1-minute intervals. Observer 1: 1, 1, 1, 2, then 0 (total
    /// 5); observer 2: 0, 0, 0, 1, 0 × 10, 4 (total 5).
    static let figure1 = (primary: [1, 1, 1, 2] + Array(repeating: 0, count: 11), reliability: [0, 0, 0, 1] + Array(repeating: 0, count: 10) + [4])
    /// Own set A: five 1-minute intervals.
    static let setA = (primary: [2, 0, 1, 3, 0], reliability: [2, 1, 0, 2, 0])

    /// Figure 1: 5 ÷ 5 = 100 %, though the observers agree on little.
    @Test func figure1TotalCount() {
        let figure = ObserverAgreement.totalCount(primary: Self.figure1.primary.reduce(0, +), reliability: Self.figure1.reliability.reduce(0, +))
        #expect(figure.numerator == 5 && figure.denominator == 5 && figure.rounded == 100)
    }

    /// Figure 1: minutes 1-3 → 0 ÷ 1 = 0; minute 4 → 1 ÷ 2 = 0.5; minutes 5-14 → 0 vs 0 = 1 each
    /// (10); minute 15 → 0 ÷ 4 = 0. 10.5 ÷ 15 = 70.0 %.
    @Test func figure1MeanCountPerInterval() throws {
        let figure = try ObserverAgreement.meanCountPerInterval(primary: Self.figure1.primary, reliability: Self.figure1.reliability)
        #expect(figure.parts.map(\.score) == [0, 0, 0, 0.5] + Array(repeating: 1, count: 10) + [0])
        #expect(figure.numerator == 10.5 && figure.denominator == 15 && figure.rounded == 70.0)
    }

    /// Figure 1: minutes 5-14 match (0 vs 0 is a match) → 10 ÷ 15 = 66.7 %.
    @Test func figure1ExactCountPerInterval() throws {
        let figure = try ObserverAgreement.exactCountPerInterval(primary: Self.figure1.primary, reliability: Self.figure1.reliability)
        #expect(figure.numerator == 10 && figure.denominator == 15 && figure.rounded == 66.7)
    }

    /// A: 5 ÷ 6 = 83.3 %.
    @Test func setATotalCount() {
        let figure = ObserverAgreement.totalCount(primary: 6, reliability: 5)
        #expect(figure.algorithm == .totalCount && figure.numerator == 5 && figure.denominator == 6 && figure.rounded == 83.3)
    }

    /// A: 2/2 = 1, 0/1 = 0, 0/1 = 0, 2/3 = 0.667, 0 vs 0 = 1 → 2.667 ÷ 5 = 53.3 %.
    @Test func setAMeanCountPerInterval() throws {
        let figure = try ObserverAgreement.meanCountPerInterval(primary: Self.setA.primary, reliability: Self.setA.reliability)
        #expect(figure.parts.map(\.score) == [1, 0, 0, 2.0 / 3, 1] && BehaviourFigures.close(figure.numerator, 8.0 / 3) && figure.rounded == 53.3)
    }

    /// A: intervals 1 and 5 → 2 ÷ 5 = 40.0 %.
    @Test func setAExactCountPerInterval() throws {
        let figure = try ObserverAgreement.exactCountPerInterval(primary: Self.setA.primary, reliability: Self.setA.reliability)
        #expect(figure.numerator == 2 && figure.denominator == 5 && figure.rounded == 40)
    }

    /// E: five intervals, both all zero → 100 % by each count algorithm.
    @Test func setEAllZeroIsFullAgreement() throws {
        let zero = Array(repeating: 0, count: 5)
        let figures = [ObserverAgreement.totalCount(primary: 0, reliability: 0),
                       try ObserverAgreement.meanCountPerInterval(primary: zero, reliability: zero),
                       try ObserverAgreement.exactCountPerInterval(primary: zero, reliability: zero)]
        #expect(figures.map(\.percent) == [100, 100, 100] && figures[0].notes == [.noOccurrences])
    }

    @Test func oneTotalZeroIsNoAgreement() {
        #expect(ObserverAgreement.totalCount(primary: 0, reliability: 4).percent == 0)
    }

    /// Five intervals against six: refused, never padded.
    @Test func unequalIntervalsAreRefused() {
        #expect(throws: AgreementError.unequalIntervals(primary: 5, reliability: 6)) {
            try ObserverAgreement.meanCountPerInterval(primary: Self.setA.primary, reliability: Self.setA.reliability + [0])
        }
    }

    @Test func everyFigureNamesItsFormula() {
        #expect(ObserverAgreement.totalCount(primary: 6, reliability: 5).algorithm.formula == "smaller total ÷ larger total × 100")
    }
}
