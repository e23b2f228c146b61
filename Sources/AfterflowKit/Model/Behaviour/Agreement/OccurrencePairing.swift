/// Occurrences of two records paired for mean duration-per-occurrence.
///
/// Pairs by time overlap: of all pairs that overlap, the one with the longest overlap is taken
/// first, then the next longest among occurrences still unpaired (ties by the earlier primary,
/// then the earlier reliability occurrence). An occurrence that overlaps none left is unmatched.
/// Pairs and unmatched occurrences are in order of start.
struct OccurrencePairing {
    /// Indices into the primary and reliability lists; nil where unmatched.
    let pairs: [(primary: Int?, reliability: Int?)]

    init(primary: [ClosedRange<Double>], reliability: [ClosedRange<Double>]) {
        var candidates: [(overlap: Double, p: Int, r: Int)] = []
        for (p, a) in primary.enumerated() {
            for (r, b) in reliability.enumerated() {
                let overlap = min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound)
                let touches = a.lowerBound == a.upperBound || b.lowerBound == b.upperBound ? overlap >= 0 : overlap > 0
                if touches { candidates.append((overlap, p, r)) }
            }
        }
        candidates.sort { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : ($0.p, $0.r) < ($1.p, $1.r) }
        var pairedP: [Int: Int] = [:], pairedR = Set<Int>()
        for c in candidates where pairedP[c.p] == nil && !pairedR.contains(c.r) {
            pairedP[c.p] = c.r
            pairedR.insert(c.r)
        }
        var all: [(start: Double, primary: Int?, reliability: Int?)] = primary.indices.map { (primary[$0].lowerBound, $0, pairedP[$0]) }
        all += reliability.indices.filter { !pairedR.contains($0) }.map { (reliability[$0].lowerBound, nil, $0) }
        pairs = all.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }.map { ($0.element.primary, $0.element.reliability) }
    }
}
