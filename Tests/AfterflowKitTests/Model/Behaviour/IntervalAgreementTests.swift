import AfterflowKit
import Testing

/// Interval-by-interval, scored-interval and unscored-interval against the reference's worked
/// examples.
@Suite struct IntervalAgreementTests {
    /// Own set C: ten 10-s intervals. Primary X X − − X − − − X −; reliability X − − − X − X − X −.
    static let setC = (primary: [true, true, false, false, true, false, false, false, true, false],
                       reliability: [true, false, false, false, true, false, true, false, true, false])
    /// Reed & Azulay, figure 2: seven intervals; disagreements on 1 and 7, both unscored 2-4, both
    /// scored 5 and 6.
    static let figure2 = (primary: [true, false, false, false, true, true, false],
                          reliability: [false, false, false, false, true, true, true])

    /// C: disagreements on 2 and 7 → 8 ÷ 10 = 80.0 %.
    @Test func setCIntervalByInterval() throws {
        let figure = try ObserverAgreement.intervalByInterval(primary: Self.setC.primary, reliability: Self.setC.reliability)
        #expect(figure.parts.compactMap { $0.score == 0 ? $0.index : nil } == [2, 7] && figure.numerator == 8 && figure.denominator == 10 && figure.rounded == 80)
    }

    /// C: at least one scored in 1, 2, 5, 7, 9; both in 1, 5, 9 → 3 ÷ 5 = 60.0 %.
    @Test func setCScoredInterval() throws {
        let figure = try ObserverAgreement.scoredInterval(primary: Self.setC.primary, reliability: Self.setC.reliability)
        #expect(figure.parts.compactMap { $0.score == nil ? nil : $0.index } == [1, 2, 5, 7, 9] && figure.numerator == 3 && figure.rounded == 60)
    }

    /// C: at least one unscored in 2, 3, 4, 6, 7, 8, 10; both in 3, 4, 6, 8, 10 → 5 ÷ 7 = 71.4 %.
    @Test func setCUnscoredInterval() throws {
        let figure = try ObserverAgreement.unscoredInterval(primary: Self.setC.primary, reliability: Self.setC.reliability)
        #expect(figure.parts.compactMap { $0.score == nil ? nil : $0.index } == [2, 3, 4, 6, 7, 8, 10] && figure.numerator == 5 && figure.denominator == 7 && figure.rounded == 71.4)
    }

    /// Figure 2: 5 ÷ 7 = 71.4 %; scored in 1, 5, 6, 7 → 2 ÷ 4 = 50.0 %; unscored in 1, 2, 3, 4, 7
    /// → 3 ÷ 5 = 60.0 %.
    @Test func figure2ByEachAlgorithm() throws {
        let (p, r) = Self.figure2
        let figures = [try ObserverAgreement.intervalByInterval(primary: p, reliability: r),
                       try ObserverAgreement.scoredInterval(primary: p, reliability: r),
                       try ObserverAgreement.unscoredInterval(primary: p, reliability: r)]
        #expect(figures.map(\.rounded) == [71.4, 50.0, 60.0])
    }

    /// Figure 2 with the observers swapped on 1 and 7: the same figures.
    @Test func figure2WhoScoredTheDisagreementsDoesNotMatter() throws {
        let (p, r) = Self.figure2
        let swapped = [try ObserverAgreement.intervalByInterval(primary: r, reliability: p),
                       try ObserverAgreement.scoredInterval(primary: r, reliability: p),
                       try ObserverAgreement.unscoredInterval(primary: r, reliability: p)]
        #expect(swapped.map(\.rounded) == [71.4, 50.0, 60.0])
    }

    /// E: five intervals, neither scored any → interval-by-interval 100 %, unscored 100 %,
    /// scored n/a (never 100 %).
    @Test func setENothingScored() throws {
        let none = Array(repeating: false, count: 5)
        let figures = [try ObserverAgreement.intervalByInterval(primary: none, reliability: none),
                       try ObserverAgreement.unscoredInterval(primary: none, reliability: none),
                       try ObserverAgreement.scoredInterval(primary: none, reliability: none)]
        #expect(figures.map(\.percent) == [100, 100, nil] && figures[2].notes == [.noIntervalScored] && figures[2].reaches() == nil)
    }

    @Test func everyIntervalScoredByBothLeavesUnscoredNotComputable() throws {
        let all = Array(repeating: true, count: 4)
        let figure = try ObserverAgreement.unscoredInterval(primary: all, reliability: all)
        #expect(figure.percent == nil && figure.notes == [.noIntervalUnscored])
    }

    @Test func unequalIntervalsAreRefused() {
        #expect(throws: AgreementError.unequalIntervals(primary: 10, reliability: 9)) {
            try ObserverAgreement.scoredInterval(primary: Self.setC.primary, reliability: Array(Self.setC.reliability.dropLast()))
        }
    }
}
