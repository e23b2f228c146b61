import Foundation

/// A client's whole folder as read: `client.md`, the goals in `goals/` and the trial sessions in
/// `sessions/`. What summaries, progress, notes and reports are made from.
public struct ClientRecord: Sendable {
    /// The folder's name: the client's short name (`maya-t`).
    public var short: String
    /// `clients/maya-t`, vault-relative.
    public var folder: String
    public var client: Client
    /// Sorted by short name.
    public var goals: [GoalRecord]
    /// The client's sessions, sorted by date, then path: their own records, not a second
    /// observer's (those are `reliabilityRecords`), so that no trial or event counts twice.
    public var sessions: [TrialSessionRecord]
    /// Second observers' records (`role: reliability`), sorted as `sessions`.
    public var reliabilityRecords: [TrialSessionRecord]

    public init(short: String, folder: String, client: Client, goals: [GoalRecord], sessions: [TrialSessionRecord]) {
        self.short = short
        self.folder = folder
        self.client = client
        self.goals = goals.sorted { $0.short < $1.short }
        let sorted = sessions.sorted { a, b in
            let x = a.session.date?.wallClockSeconds ?? 0, y = b.session.date?.wallClockSeconds ?? 0
            return x != y ? x < y : a.path < b.path
        }
        self.sessions = sorted.filter { $0.session.role != .reliability }
        reliabilityRecords = sorted.filter { $0.session.role == .reliability }
    }

    /// The second observers' records of the session whose id is `id`.
    public func reliabilityRecords(of id: UUID) -> [TrialSessionRecord] {
        reliabilityRecords.filter { $0.session.primary == id }
    }

    public func goal(_ short: String) -> GoalRecord? { goalIndex(short).map { goals[$0] } }

    /// Where the goal `short` (as written, or lowercased) is in `goals`: for a caller that asks
    /// of every trial and wants one field, not a copy of the whole goal.
    func goalIndex(_ short: String) -> Int? {
        let lower = short.lowercased()
        return goals.firstIndex { $0.short == lower || $0.short == short }
    }
}

/// A goal with its short name (its file's name without `.md`) and path.
public struct GoalRecord: Sendable {
    public var short: String
    public var path: String
    public var goal: Goal

    public init(short: String, path: String, goal: Goal) {
        self.short = short
        self.path = path
        self.goal = goal
    }
}

/// A trial session with its vault-relative path.
public struct TrialSessionRecord: Sendable {
    public var path: String
    public var session: TrialSession

    public init(path: String, session: TrialSession) {
        self.path = path
        self.session = session
    }
}
