import AfterflowKit
import Testing

/// Timed count records binned over the span both observers observed, worked out by hand.
@Suite struct BinnedCountsTests {
    /// Primary 0-60 s, occurrences at 2, 7, 14, 15, 33, 59; reliability 5-62 s, at 6, 16, 34, 38,
    /// 61. Shared span 5-60 s (55 s): 10-s bins from 5 — 5-15, 15-25, 25-35, 35-45, 45-55,
    /// 55-60 (the last 5 s). 2 is before the span, 61 after it: left out, one each.
    /// Primary: 7, 14 → bin 1; 15 (on the boundary) → bin 2; 33 → 3; 59 → 6: 2, 1, 1, 0, 0, 1.
    /// Reliability: 6 → 1; 16 → 2; 34 → 3; 38 → 4: 1, 1, 1, 1, 0, 0.
    static func bins() throws -> BinnedCounts {
        try BinnedCounts(primary: CountRecord(start: 0, end: 60, times: [2, 7, 14, 15, 33, 59]),
                         reliability: CountRecord(start: 5, end: 62, times: [6, 16, 34, 38, 61]))
    }

    @Test func binsFromTheSharedStart() throws {
        let bins = try Self.bins()
        #expect(bins.primary == [2, 1, 1, 0, 0, 1] && bins.reliability == [1, 1, 1, 1, 0, 0])
        #expect(bins.span == 5...60 && bins.spanSeconds == 55 && bins.starts == [0, 10, 20, 30, 40, 50])
    }

    @Test func occurrencesOutsideTheSpanAreLeftOutAndSaid() throws {
        let bins = try Self.bins()
        let figure = ObserverAgreement.totalCount(bins)
        #expect(figure.notes == [.outsideSharedSpan(primary: 1, reliability: 1)] && figure.span == 5...60)
    }

    /// Within the span: 5 against 4 → 80.0 %.
    @Test func totalCountWithinTheSpan() throws {
        let bins = try Self.bins()
        #expect(ObserverAgreement.totalCount(bins).rounded == 80)
    }

    /// 1 ÷ 2 = 0.5, 1, 1, 0 ÷ 1 = 0, 0 vs 0 = 1, 0 ÷ 1 = 0 → 3.5 ÷ 6 = 58.3 %.
    @Test func meanCountPerBin() throws {
        let bins = try Self.bins()
        let figure = ObserverAgreement.meanCountPerInterval(bins)
        #expect(figure.numerator == 3.5 && figure.denominator == 6 && figure.rounded == 58.3)
    }

    /// Bins 2, 3 and 5 identical (5 is 0 vs 0) → 3 ÷ 6 = 50.0 %.
    @Test func exactCountPerBin() throws {
        let bins = try Self.bins()
        let figure = ObserverAgreement.exactCountPerInterval(bins)
        #expect(figure.parts.compactMap { $0.score == 1 ? $0.index : nil } == [2, 3, 5] && figure.rounded == 50)
    }

    @Test func recordsThatShareNoTimeAreRefused() {
        #expect(throws: AgreementError.noSharedSpan) {
            try BinnedCounts(primary: CountRecord(start: 0, end: 60, times: []), reliability: CountRecord(start: 60, end: 90, times: []))
        }
    }

    @Test func aBinOfZeroSecondsIsRefused() {
        #expect(throws: AgreementError.binWidth(0)) {
            try BinnedCounts(primary: CountRecord(start: 0, end: 60, times: []), reliability: CountRecord(start: 0, end: 60, times: []), binSeconds: 0)
        }
    }

    /// 0-60 s in 20-s bins: three, an occurrence at the end (60) in the last.
    @Test func anOccurrenceAtTheEndIsInTheLastBin() throws {
        let bins = try BinnedCounts(primary: CountRecord(start: 0, end: 60, times: [60]), reliability: CountRecord(start: 0, end: 60, times: []), binSeconds: 20)
        #expect(bins.primary == [0, 0, 1])
    }
}
