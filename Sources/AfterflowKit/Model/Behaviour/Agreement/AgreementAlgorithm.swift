/// The interobserver agreement algorithms (Cooper, Heron & Heward; Reed & Azulay 2011), each with
/// its name, the data it reads, and its formula.
public enum AgreementAlgorithm: String, Sendable, Hashable, CaseIterable {
    case trialByTrial = "trial-by-trial"
    case totalCount = "total count"
    case meanCountPerInterval = "mean count-per-interval"
    case exactCountPerInterval = "exact count-per-interval"
    case intervalByInterval = "interval-by-interval"
    case scoredInterval = "scored-interval"
    case unscoredInterval = "unscored-interval"
    case totalDuration = "total duration"
    case meanDurationPerOccurrence = "mean duration-per-occurrence"

    /// The name a report shows (Cooper et al.'s).
    public var name: String { rawValue }

    /// Reed & Azulay's name where it differs.
    public var otherName: String? {
        switch self {
        case .meanCountPerInterval: "partial agreement-within-intervals (block-by-block)"
        case .exactCountPerInterval: "exact agreement"
        case .scoredInterval: "occurrence agreement"
        case .unscoredInterval: "non-occurrence agreement"
        case .meanDurationPerOccurrence: "mean duration-per-interval"
        default: nil
        }
    }

    /// The formula, as a report writes it beside the figure.
    public var formula: String {
        switch self {
        case .trialByTrial: "trials scored the same ÷ all trials × 100"
        case .totalCount: "smaller total ÷ larger total × 100"
        case .meanCountPerInterval: "Σ (smaller ÷ larger count per interval; 0 vs 0 = 1) ÷ intervals × 100"
        case .exactCountPerInterval: "intervals with identical counts ÷ all intervals × 100"
        case .intervalByInterval: "intervals scored the same ÷ all intervals × 100"
        case .scoredInterval: "intervals both scored ÷ intervals scored by either × 100"
        case .unscoredInterval: "intervals both unscored ÷ intervals unscored by either × 100"
        case .totalDuration: "shorter total ÷ longer total × 100"
        case .meanDurationPerOccurrence: "Σ (shorter ÷ longer per occurrence; unmatched = 0) ÷ occurrences × 100"
        }
    }
}
