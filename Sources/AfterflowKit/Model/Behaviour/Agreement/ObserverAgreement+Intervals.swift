extension ObserverAgreement {
    /// Interval-by-interval: intervals scored the same (both scored or both unscored) ÷ all
    /// intervals × 100. C: disagreements on intervals 2 and 7, 8 ÷ 10 = 80.0 %. Records of
    /// different lengths are refused; no figure without intervals.
    public static func intervalByInterval(primary: [Bool], reliability: [Bool]) throws(AgreementError) -> AgreementFigure {
        try sameLength(primary.count, reliability.count)
        return intervals(.intervalByInterval, primary, reliability, counts: { _, _ in true }, agree: { $0 == $1 }, empty: nil)
    }

    /// Scored-interval (occurrence): intervals both scored ÷ intervals scored by at least one ×
    /// 100. C: scored by either in 1, 2, 5, 7, 9, both in 1, 5, 9, 3 ÷ 5 = 60.0 %. Not computable
    /// (n/a, never 100 %) when neither scored any interval.
    public static func scoredInterval(primary: [Bool], reliability: [Bool]) throws(AgreementError) -> AgreementFigure {
        try sameLength(primary.count, reliability.count)
        return intervals(.scoredInterval, primary, reliability, counts: { $0 || $1 }, agree: { $0 && $1 }, empty: .noIntervalScored)
    }

    /// Unscored-interval (non-occurrence): intervals both unscored ÷ intervals left unscored by at
    /// least one × 100. C: unscored by either in 2, 3, 4, 6, 7, 8, 10, both in 3, 4, 6, 8, 10,
    /// 5 ÷ 7 = 71.4 %. Not computable (n/a) when both scored every interval.
    public static func unscoredInterval(primary: [Bool], reliability: [Bool]) throws(AgreementError) -> AgreementFigure {
        try sameLength(primary.count, reliability.count)
        return intervals(.unscoredInterval, primary, reliability, counts: { !$0 || !$1 }, agree: { !$0 && !$1 }, empty: .noIntervalUnscored)
    }

    /// Interval-by-interval over two timed records' shared intervals.
    public static func intervalByInterval(_ aligned: AlignedIntervals) -> AgreementFigure {
        intervals(.intervalByInterval, aligned.primary, aligned.reliability, counts: { _, _ in true }, agree: { $0 == $1 }, empty: nil,
                  notes: aligned.notes, span: aligned.span)
    }

    /// Scored-interval over two timed records' shared intervals.
    public static func scoredInterval(_ aligned: AlignedIntervals) -> AgreementFigure {
        intervals(.scoredInterval, aligned.primary, aligned.reliability, counts: { $0 || $1 }, agree: { $0 && $1 }, empty: .noIntervalScored,
                  notes: aligned.notes, span: aligned.span)
    }

    /// Unscored-interval over two timed records' shared intervals.
    public static func unscoredInterval(_ aligned: AlignedIntervals) -> AgreementFigure {
        intervals(.unscoredInterval, aligned.primary, aligned.reliability, counts: { !$0 || !$1 }, agree: { !$0 && !$1 }, empty: .noIntervalUnscored,
                  notes: aligned.notes, span: aligned.span)
    }

    static func intervals(_ algorithm: AgreementAlgorithm, _ primary: [Bool], _ reliability: [Bool], counts: (Bool, Bool) -> Bool,
                          agree: (Bool, Bool) -> Bool, empty: AgreementNote?, notes: [AgreementNote] = [],
                          span: ClosedRange<Double>? = nil) -> AgreementFigure {
        let parts = zip(primary, reliability).enumerated().map { i, pair in
            AgreementPart(index: i + 1, primary: pair.0 ? 1 : 0, reliability: pair.1 ? 1 : 0,
                          score: counts(pair.0, pair.1) ? (agree(pair.0, pair.1) ? 1 : 0) : nil)
        }
        let compared = parts.filter { $0.score != nil }
        let agreed = compared.filter { $0.score == 1 }.count
        let notComputable = compared.isEmpty && !parts.isEmpty ? empty.map { [$0] } ?? [] : []
        return AgreementFigure(algorithm, Double(agreed), Double(compared.count), parts: parts, notes: notComputable + notes, span: span)
    }
}
