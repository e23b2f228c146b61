/// Comparing computed figures with hand-worked ones: equal within 1e-9 (the hand figures are
/// exact; the computed ones may carry a binary rounding error).
enum BehaviourFigures {
    static func close(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) < 1e-9
    }
}
