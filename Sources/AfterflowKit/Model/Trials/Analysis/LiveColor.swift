/// The colour of a goal's running percentage while trials are logged (seed 002): green at 70 %
/// correct or more, orange from 40 % to under 70 %, red under 40 %.
///
/// Decided on the exact fraction, as `PerformanceBand` is. With no trials yet it is red (0 %);
/// a logger shows no colour before the first trial.
public enum LiveColor: String, Sendable, CaseIterable, Hashable {
    case green, orange, red

    public init(correct: Int, of total: Int) {
        if total > 0 && correct * 100 >= 70 * total {
            self = .green
        } else if total > 0 && correct * 100 >= 40 * total {
            self = .orange
        } else {
            self = .red
        }
    }
}
