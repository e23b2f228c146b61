import AfterflowKit
import Testing

/// The field's convention (≥ 80 % agreement on ≥ 20 % of sessions), worked out by hand.
@Suite struct AgreementCoverageTests {
    static func sessions(_ figures: [Double?]) -> AgreementCoverage {
        AgreementCoverage(figures.enumerated().map { SessionAgreement(session: "s\($0.offset + 1)", percent: $0.element) })
    }

    /// 8 sessions, checks on s2 (92.5 %) and s6 (75.0 %): share 2 ÷ 8 = 25 %; mean (92.5 + 75) ÷ 2 =
    /// 83.75 → 83.8 %. Both met; s6 flagged.
    static let eight = sessions([nil, 92.5, nil, nil, nil, 75, nil, nil])

    @Test func shareAndMean() {
        #expect(Self.eight.share == 25 && Self.eight.meanAgreement == 83.75 && Self.eight.range == 75...92.5)
    }

    @Test func conventionMet() {
        #expect(Self.eight.meetsShare && Self.eight.meetsAgreement && Self.eight.meetsConvention)
    }

    @Test func aSessionUnderEightyIsFlagged() {
        #expect(Self.eight.flagged.map(\.session) == ["s6"])
    }

    /// 1 check in 10 sessions: 10 % < 20 %, though the check agreed 100 %.
    @Test func tooFewChecksMissTheConvention() {
        let coverage = Self.sessions([100] + Array(repeating: nil, count: 9))
        #expect(!coverage.meetsShare && coverage.meetsAgreement && !coverage.meetsConvention)
    }

    /// 1 in 5 is exactly 20 %: enough.
    @Test func exactlyOneInFiveIsEnough() {
        #expect(Self.sessions([90, nil, nil, nil, nil]).meetsShare)
    }

    /// 79.96 rounds to 80.0 (not flagged); 79.94 to 79.9 (flagged); mean 79.95 rounds to 80.0 (met).
    @Test func theThresholdIsOnTheRoundedFigure() {
        let coverage = Self.sessions([79.96, 79.94])
        #expect(coverage.flagged.map(\.session) == ["s2"] && coverage.meetsAgreement)
    }

    @Test func noChecksMeetNothing() {
        let coverage = Self.sessions([nil, nil])
        #expect(coverage.share == 0 && coverage.meanAgreement == nil && !coverage.meetsAgreement && coverage.flagged.isEmpty)
    }
}
