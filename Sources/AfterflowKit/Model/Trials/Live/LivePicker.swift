import Foundation

/// What the live logger is asking while an ABC goal's picker or a task goal's step list is open:
/// the stage, what was chosen so far, the highlighted choice and a word being typed.
///
/// An ABC incident is chosen in three stages, antecedent then behaviour then consequence (a
/// number 1-9, or ↑ ↓ and Enter; a behaviour may also be typed), and written when the
/// consequence is chosen; Esc cancels, writing nothing. A task run goes step by step, each
/// step written as its level (or n/a) is chosen; Esc ends the run there. `0` asks which goal
/// did not occur this session (`noneGoal`), and `q` asks it of each goal with no line before the
/// session ends (`endNone`): see `LiveTrialSession+None`.
public struct LivePicker: Sendable, Equatable {
    public enum Stage: Sendable, Equatable {
        case antecedent, behaviour, consequence
        /// Step `n` (1-based) of the task.
        case step(Int)
        /// Which goal to mark `none` (observed, did not occur): a number 1-9 or ↑ ↓ and Enter.
        case noneGoal
        /// Before the session ends: did `goal` not occur this session? `y` or `n`.
        case endNone
    }

    /// The goal's short name.
    public var goal: String
    public var stage: Stage
    /// The antecedent and the behaviour, once chosen.
    public var chosen: [String] = []
    /// The index of the highlighted choice.
    public var highlighted = 0
    /// A behaviour being typed.
    public var typed = ""
    /// When the picker was opened: an incident's time.
    public var time: TimeOfDay

    public init(goal: String, stage: Stage, time: TimeOfDay) {
        self.goal = goal
        self.stage = stage
        self.time = time
    }

    /// The question of the stage, in words.
    public var question: String {
        switch stage {
        case .antecedent: return "antecedent?"
        case .behaviour: return "behaviour?"
        case .consequence: return "consequence?"
        case .step(let n): return "step \(n)"
        case .noneGoal: return "which goal did not occur this session?"
        case .endNone: return "observed all session and did not occur? y writes none, n leaves it without a day"
        }
    }
}
