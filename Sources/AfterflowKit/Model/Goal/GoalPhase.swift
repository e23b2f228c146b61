import Foundation

/// Where a goal (a target) stands, in the order of its life cycle: baseline, active teaching
/// (acquisition), mastered, maintenance (checked at widening intervals), closed (no more data);
/// or on hold, or retired.
public enum GoalPhase: String, Sendable, CaseIterable, Hashable {
    case baseline, active, mastered, maintenance, closed
    case onHold = "on-hold"
    case retired

    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether sessions of this phase are taught and logged (baseline, active, maintenance).
    public var isWorkedOn: Bool { self == .baseline || self == .active || self == .maintenance }

    /// Whether the goal is being taught towards its criterion (baseline or active): the phases
    /// whose data can meet it.
    public var isAcquisition: Bool { self == .baseline || self == .active }

    public init?(parsing text: String) {
        let t = text.trimmingASCIIWhitespace().lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        self.init(rawValue: t == "onhold" ? "on-hold" : t)
    }
}

/// One change of phase with its day: `active 2025-01-21` in a goal's `phases` list.
public struct PhaseChange: Sendable, Hashable {
    public var phase: GoalPhase
    public var day: LocalDate

    public init(phase: GoalPhase, day: LocalDate) {
        self.phase = phase
        self.day = day
    }

    public var text: String { "\(phase.rawValue) \(day.dayString)" }

    /// `active 2025-01-21`.
    public static func parse(_ text: String) -> PhaseChange? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, let phase = GoalPhase(parsing: String(words[0])),
              let day = LocalDate.parse(String(words[1])), day.isDayOnly, day.yearProblem == nil else { return nil }
        return PhaseChange(phase: phase, day: day)
    }
}

/// A mastery criterion: at least `percent` % correct in `sessions` consecutive sessions that each
/// have at least the goal's `min_trials`. Written `80% x 3`.
public struct MasteryCriterion: Sendable, Hashable {
    public var percent: Int
    public var sessions: Int

    public init(percent: Int, sessions: Int) {
        self.percent = percent
        self.sessions = sessions
    }

    public static let standard = MasteryCriterion(percent: 80, sessions: 3)

    public var text: String { "\(percent)% x \(sessions)" }

    /// `80% x 3`, `80 % x 3`, `80%x3`, `90% × 2`.
    public static func parse(_ text: String) -> MasteryCriterion? {
        let compact = text.lowercased().filter { $0 != " " && $0 != "\t" }.replacingOccurrences(of: "×", with: "x")
        let parts = compact.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasSuffix("%"), let percent = Int(parts[0].dropLast()), let sessions = Int(parts[1]),
              (1...100).contains(percent), (1...100).contains(sessions) else { return nil }
        return MasteryCriterion(percent: percent, sessions: sessions)
    }
}
