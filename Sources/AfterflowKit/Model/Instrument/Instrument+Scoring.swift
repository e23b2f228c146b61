import Foundation

/// The scores of one set of answers to an instrument: the total, each subscale, the band of the
/// total and each threshold's verdict. A part with a missing answer has no score, and a threshold
/// that needs it no verdict (no prorating rule is known for these instruments).
public struct InstrumentScore: Sendable, Hashable {
    /// One scored group of items: the total or a subscale.
    public struct Part: Sendable, Hashable {
        public var name: String
        public var itemCount: Int
        /// The items added up (reverse-scored items turned first).
        public var sum: Int
        /// `sum ÷ items`, on the scale's range.
        public var mean: Double
        /// `(sum − items × minimum) ÷ (items × (maximum − minimum)) × 100`.
        public var percentOfMax: Double
        /// The value the instrument's scoring names (`sum`, `mean` or `percent_of_max`).
        public var score: Double
        /// The most `score` can be.
        public var maximumScore: Double
    }

    /// A threshold's verdict: nil when a part it needs has no score.
    public struct Verdict: Sendable, Hashable {
        public var name: String
        public var met: Bool?
    }

    public var total: Part?
    /// In the instrument's order; nil where an answer of the subscale is missing.
    public var subscales: [(name: String, part: Part?)] { zip(subscaleNames, subscaleParts).map { ($0, $1) } }
    var subscaleNames: [String]
    var subscaleParts: [Part?]
    /// The band the total falls in, when it falls in one.
    public var band: String?
    public var thresholds: [Verdict]

    public static func == (a: InstrumentScore, b: InstrumentScore) -> Bool {
        a.total == b.total && a.subscaleNames == b.subscaleNames && a.subscaleParts == b.subscaleParts
            && a.band == b.band && a.thresholds == b.thresholds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        hasher.combine(subscaleParts)
    }

    /// The named subscale's part.
    public func subscale(_ name: String) -> Part? {
        subscaleNames.firstIndex(of: name).flatMap { subscaleParts[$0] }
    }
}

extension Instrument {
    /// The scores of `answers`, one an item in order (nil for an item not answered). Answers
    /// outside the scale count as given (the file's check reports them).
    public func score(answers: [Int?]) -> InstrumentScore {
        let all = items.map(\.number)
        let total = part("total", items: all, answers: answers)
        let parts = subscales.map { part($0.name, items: $0.items, answers: answers) }
        let band = total.flatMap { total in bands.first { $0.lower <= total.score && total.score <= $0.upper }?.name }
        var score = InstrumentScore(total: total, subscaleNames: subscales.map(\.name), subscaleParts: parts, band: band, thresholds: [])
        score.thresholds = thresholds.map { InstrumentScore.Verdict(name: $0.name, met: verdict($0, score)) }
        return score
    }

    /// `score(answers:)` of answers all given.
    public func score(answers: [Int]) -> InstrumentScore { score(answers: answers.map { Optional($0) }) }

    private func part(_ name: String, items numbers: [Int], answers: [Int?]) -> InstrumentScore.Part? {
        guard !numbers.isEmpty else { return nil }
        var sum = 0
        for number in numbers {
            guard number >= 1, number <= answers.count, let answer = answers[number - 1] else { return nil }
            let reversed = items.first { $0.number == number }?.reverse ?? false
            sum += reversed ? minimum + maximum - answer : answer
        }
        let n = Double(numbers.count)
        let span = Double(maximum - minimum)
        let mean = Double(sum) / n
        let percent = span > 0 ? (Double(sum) - n * Double(minimum)) / (n * span) * 100 : 0
        let value: Double, top: Double
        switch scoring {
        case .sum: (value, top) = (Double(sum), n * Double(maximum))
        case .mean: (value, top) = (mean, Double(maximum))
        case .percentOfMax: (value, top) = (percent, 100)
        }
        return InstrumentScore.Part(name: name, itemCount: numbers.count, sum: sum, mean: mean, percentOfMax: percent,
                                    score: value, maximumScore: top)
    }

    private func verdict(_ threshold: Threshold, _ score: InstrumentScore) -> Bool? {
        let parts: [InstrumentScore.Part?]
        switch threshold.target {
        case .total: parts = [score.total]
        case .everySubscale: parts = score.subscaleParts
        case .subscale(let name): parts = [score.subscale(name)]
        }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        // A hair of tolerance for division: 9 ÷ 15 × 100 must reach 60.
        return parts.compactMap { $0 }.allSatisfy { part in
            (threshold.percent ? part.percentOfMax : part.score) >= threshold.minimum - 1e-9
        }
    }
}

/// `110`, `73.3`: a score as afterflow shows it, one decimal unless whole.
public func scoreText(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : rounded.oneDecimal
}

extension InstrumentScore.Part {
    /// `73.3%` for a percentage, `12/20` for a sum, `45/100` for a mean: the score as shown.
    public func shown(_ scoring: Instrument.Scoring) -> String {
        scoring == .percentOfMax ? scoreText(score) + "%" : scoreText(score) + "/" + scoreText(maximumScore)
    }
}
