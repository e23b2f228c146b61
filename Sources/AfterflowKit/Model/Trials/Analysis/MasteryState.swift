/// Whether a goal is mastered: the day its criterion was first met (or, when the data never met
/// it, the day the clinician marked it `mastered` in its phases), else how far the current run
/// of counting sessions at the criterion has got.
public enum MasteryState: Sendable, Hashable {
    case mastered(on: LocalDate)
    /// `run` consecutive counting sessions at the criterion's percent so far, of `needed`.
    case notYet(run: Int, needed: Int)

    public var isMastered: Bool {
        if case .mastered = self { return true }
        return false
    }

    /// The day it was mastered, if it was.
    public var day: LocalDate? {
        if case .mastered(let day) = self { return day }
        return nil
    }
}
