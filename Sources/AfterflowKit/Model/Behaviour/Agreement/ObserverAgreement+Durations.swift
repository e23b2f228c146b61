extension ObserverAgreement {
    /// Total duration: shorter total ÷ longer total × 100, in seconds. Both 0: 100 % (no
    /// occurrences); one 0: 0 %. D: 105 ÷ 120 = 87.5 %.
    public static func totalDuration(primary: Double, reliability: Double) -> AgreementFigure {
        let (low, high) = (min(primary, reliability), max(primary, reliability))
        return AgreementFigure(.totalDuration, low, high, notes: high == 0 ? [.noOccurrences] : [], whenEmpty: 100)
    }

    /// Total duration of two records' occurrences (each a span of seconds).
    public static func totalDuration(primary: [ClosedRange<Double>], reliability: [ClosedRange<Double>]) -> AgreementFigure {
        func total(_ spans: [ClosedRange<Double>]) -> Double { spans.reduce(0) { $0 + $1.upperBound - $1.lowerBound } }
        return totalDuration(primary: total(primary), reliability: total(reliability))
    }

    /// Mean duration-per-occurrence with occurrences paired in order (the first with the first):
    /// Σ over pairs of shorter ÷ longer (both 0 = 1; an occurrence without a partner = 0) ÷
    /// (pairs + unmatched) × 100. D: 30/40 + 45/50 + 20/40 = 0.75 + 0.90 + 0.50 = 2.15 ÷ 3 = 71.7 %.
    /// No occurrences in either record: 100 % (no occurrences).
    public static func meanDurationPerOccurrence(primary: [Double], reliability: [Double]) -> AgreementFigure {
        let count = max(primary.count, reliability.count)
        let pairs = (0..<count).map { i in
            (i < primary.count ? primary[i] : nil, i < reliability.count ? reliability[i] : nil, nil as Double?)
        }
        return perOccurrence(pairs, unmatched: (max(0, primary.count - reliability.count), max(0, reliability.count - primary.count)))
    }

    /// Mean duration-per-occurrence with occurrences paired by time overlap (`OccurrencePairing`):
    /// the formula above, each part starting at its occurrence's start.
    public static func meanDurationPerOccurrence(primary: [ClosedRange<Double>], reliability: [ClosedRange<Double>]) -> AgreementFigure {
        func seconds(_ span: ClosedRange<Double>) -> Double { span.upperBound - span.lowerBound }
        let pairing = OccurrencePairing(primary: primary, reliability: reliability)
        let pairs = pairing.pairs.map { pair in
            (pair.primary.map { seconds(primary[$0]) }, pair.reliability.map { seconds(reliability[$0]) },
             pair.primary.map { primary[$0].lowerBound } ?? pair.reliability.map { reliability[$0].lowerBound })
        }
        let unmatchedP = pairing.pairs.filter { $0.reliability == nil }.count
        let unmatchedR = pairing.pairs.filter { $0.primary == nil }.count
        return perOccurrence(pairs, unmatched: (unmatchedP, unmatchedR))
    }

    static func perOccurrence(_ pairs: [(Double?, Double?, Double?)], unmatched: (Int, Int)) -> AgreementFigure {
        let parts = pairs.enumerated().map { i, pair in
            let score = pair.0.flatMap { p in pair.1.map { ratio(p, $0) } } ?? 0
            return AgreementPart(index: i + 1, start: pair.2, primary: pair.0, reliability: pair.1, score: score)
        }
        var notes: [AgreementNote] = parts.isEmpty ? [.noOccurrences] : []
        if unmatched.0 + unmatched.1 > 0 { notes.append(.unmatched(primary: unmatched.0, reliability: unmatched.1)) }
        let sum = parts.reduce(0) { $0 + ($1.score ?? 0) }
        return AgreementFigure(.meanDurationPerOccurrence, sum, Double(parts.count), parts: parts, notes: notes, whenEmpty: 100)
    }
}
