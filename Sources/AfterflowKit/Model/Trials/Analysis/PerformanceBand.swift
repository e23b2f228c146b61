/// How a goal did in a session, in seed 002's words: Excellent at 85 % correct or more, Good from
/// 70 % to under 85 %, Needs Work under 70 %.
///
/// The band is decided on the exact fraction (`correct × 100 ≥ 85 × total`), never on a rounded
/// percentage: 84.9 % is Good, however it is shown.
public enum PerformanceBand: String, Sendable, CaseIterable, Hashable {
    case excellent = "Excellent"
    case good = "Good"
    case needsWork = "Needs Work"

    /// The band of `correct` of `total` trials; Needs Work when there are no trials.
    public init(correct: Int, of total: Int) {
        if total > 0 && correct * 100 >= 85 * total {
            self = .excellent
        } else if total > 0 && correct * 100 >= 70 * total {
            self = .good
        } else {
            self = .needsWork
        }
    }

    /// `excellent`, `good`, `needs-work`: for JSON, CSV and a page's CSS classes.
    public var slug: String {
        switch self {
        case .excellent: return "excellent"
        case .good: return "good"
        case .needsWork: return "needs-work"
        }
    }
}
