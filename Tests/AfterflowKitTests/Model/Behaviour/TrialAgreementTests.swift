import AfterflowKit
import Testing

/// Trial-by-trial agreement against the reference's set B.
@Suite struct TrialAgreementTests {
    /// B: primary + + − + + − + + + −; reliability + + − + − − + + + +.
    static let primary = [true, true, false, true, true, false, true, true, true, false]
    static let reliability = [true, true, false, true, false, false, true, true, true, true]

    /// Disagreements on trials 5 and 10 → 8 ÷ 10 = 80.0 %, which meets the convention.
    @Test func setB() {
        let figure = ObserverAgreement.trialByTrial(primary: Self.primary, reliability: Self.reliability)
        #expect(figure.parts.compactMap { $0.score == 0 ? $0.index : nil } == [5, 10] && figure.numerator == 8 && figure.rounded == 80 && figure.reaches() == true)
    }

    /// An eleventh reliability trial (+) has no partner: a disagreement, 8 ÷ 11 = 72.7 %.
    @Test func setBWithAnEleventhTrial() {
        let figure = ObserverAgreement.trialByTrial(primary: Self.primary, reliability: Self.reliability + [true])
        #expect(figure.denominator == 11 && figure.rounded == 72.7 && figure.notes == [.unmatched(primary: 0, reliability: 1)])
    }

    /// Cue levels by rank: 0 0 1 2 against 0 1 1 2 → 3 ÷ 4 = 75.0 %.
    @Test func cueLevelsAsASecondFigure() {
        #expect(ObserverAgreement.trialByTrial(primaryLevels: [0, 0, 1, 2], reliabilityLevels: [0, 1, 1, 2]).rounded == 75)
    }

    @Test func noTrialsNoFigure() {
        #expect(ObserverAgreement.trialByTrial(primary: [], reliability: []).percent == nil)
    }
}
