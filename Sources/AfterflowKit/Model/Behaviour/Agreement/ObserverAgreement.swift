/// Interobserver agreement between a primary and a reliability record of one session, by every
/// algorithm of the reference (`AgreementAlgorithm`). Each function returns the figure with the
/// numbers it came from; the formulas are on each function.
public enum ObserverAgreement {
    /// Trial-by-trial: trials scored the same ÷ all trials × 100, on the trials' outcomes
    /// (+ true). Trials are aligned by order; a trial only one record has is a disagreement and
    /// the denominator is the larger count. B: + + − + + − + + + − against + + − + − − + + + +
    /// disagree on trials 5 and 10, 8 ÷ 10 = 80.0 %; with an eleventh reliability trial, 8 ÷ 11 =
    /// 72.7 %. No figure without trials.
    public static func trialByTrial(primary: [Bool], reliability: [Bool]) -> AgreementFigure {
        byTrial(primary.map { $0 ? 1 : 0 }, reliability.map { $0 ? 1 : 0 })
    }

    /// Trial-by-trial on the cue level of each trial (its rank, 0 for independent), the second
    /// figure for trials: trials given the same level ÷ all trials × 100, aligned as above.
    public static func trialByTrial(primaryLevels: [Int], reliabilityLevels: [Int]) -> AgreementFigure {
        byTrial(primaryLevels.map(Double.init), reliabilityLevels.map(Double.init))
    }

    static func byTrial(_ primary: [Double], _ reliability: [Double]) -> AgreementFigure {
        let count = max(primary.count, reliability.count)
        let parts = (0..<count).map { i in
            let p = i < primary.count ? primary[i] : nil, r = i < reliability.count ? reliability[i] : nil
            return AgreementPart(index: i + 1, primary: p, reliability: r, score: p != nil && p == r ? 1 : 0)
        }
        let agreed = parts.filter { $0.score == 1 }.count
        let unmatched = primary.count == reliability.count ? [] :
            [AgreementNote.unmatched(primary: max(0, primary.count - reliability.count), reliability: max(0, reliability.count - primary.count))]
        return AgreementFigure(.trialByTrial, Double(agreed), Double(count), parts: parts, notes: unmatched)
    }

    /// Total count: smaller total ÷ larger total × 100. Both 0: 100 % (no occurrences); one 0:
    /// 0 %. A: 5 ÷ 6 = 83.3 %.
    public static func totalCount(primary: Int, reliability: Int) -> AgreementFigure {
        let (low, high) = (min(primary, reliability), max(primary, reliability))
        return AgreementFigure(.totalCount, Double(low), Double(high), notes: high == 0 ? [.noOccurrences] : [], whenEmpty: 100)
    }

    /// Mean count-per-interval: Σ over intervals of smaller ÷ larger count (0 vs 0 = 1) ÷
    /// intervals × 100. A: 2, 0, 1, 3, 0 against 2, 1, 0, 2, 0 → 1 + 0 + 0 + 0.667 + 1 = 2.667 ÷ 5 =
    /// 53.3 %. Records of different lengths are refused; no figure without intervals.
    public static func meanCountPerInterval(primary: [Int], reliability: [Int]) throws(AgreementError) -> AgreementFigure {
        try sameLength(primary.count, reliability.count)
        return perInterval(.meanCountPerInterval, primary, reliability, starts: nil) { ratio(Double($0), Double($1)) }
    }

    /// Exact count-per-interval: intervals with identical counts (0 vs 0 included) ÷ all
    /// intervals × 100. A: intervals 1 and 5, 2 ÷ 5 = 40.0 %. Records of different lengths are
    /// refused; no figure without intervals.
    public static func exactCountPerInterval(primary: [Int], reliability: [Int]) throws(AgreementError) -> AgreementFigure {
        try sameLength(primary.count, reliability.count)
        return perInterval(.exactCountPerInterval, primary, reliability, starts: nil) { $0 == $1 ? 1 : 0 }
    }

    /// Total count over the bins of two timed records (their shared span only).
    public static func totalCount(_ bins: BinnedCounts) -> AgreementFigure {
        let plain = totalCount(primary: bins.primary.reduce(0, +), reliability: bins.reliability.reduce(0, +))
        return AgreementFigure(.totalCount, plain.numerator, plain.denominator, notes: plain.notes + bins.notes, span: bins.span, whenEmpty: 100)
    }

    /// Mean count-per-interval over the bins of two timed records.
    public static func meanCountPerInterval(_ bins: BinnedCounts) -> AgreementFigure {
        perInterval(.meanCountPerInterval, bins.primary, bins.reliability, starts: bins.starts, notes: bins.notes, span: bins.span) {
            ratio(Double($0), Double($1))
        }
    }

    /// Exact count-per-interval over the bins of two timed records.
    public static func exactCountPerInterval(_ bins: BinnedCounts) -> AgreementFigure {
        perInterval(.exactCountPerInterval, bins.primary, bins.reliability, starts: bins.starts, notes: bins.notes, span: bins.span) {
            $0 == $1 ? 1 : 0
        }
    }

    static func perInterval(_ algorithm: AgreementAlgorithm, _ primary: [Int], _ reliability: [Int], starts: [Double]?,
                            notes: [AgreementNote] = [], span: ClosedRange<Double>? = nil,
                            score: (Int, Int) -> Double) -> AgreementFigure {
        let parts = zip(primary, reliability).enumerated().map { i, pair in
            AgreementPart(index: i + 1, start: starts?[i], primary: Double(pair.0), reliability: Double(pair.1), score: score(pair.0, pair.1))
        }
        let sum = parts.reduce(0) { $0 + ($1.score ?? 0) }
        return AgreementFigure(algorithm, sum, Double(parts.count), parts: parts, notes: notes, span: span)
    }

    /// Smaller ÷ larger; 1 when both are 0.
    static func ratio(_ a: Double, _ b: Double) -> Double {
        let high = max(a, b)
        return high > 0 ? min(a, b) / high : 1
    }

    static func sameLength(_ primary: Int, _ reliability: Int) throws(AgreementError) {
        if primary != reliability { throw .unequalIntervals(primary: primary, reliability: reliability) }
    }
}
