/// The trial lines that summaries, notes and progress leave out: those `check` rejects, naming a
/// goal that is not in the client's `goals/` or a cue level that is not one of the vault's. Such a
/// line is counted nowhere; this says how many there are and where, for the commands to tell.
public struct LeftOutTrials: Sendable, Equatable {
    /// Each left-out line: the session's vault-relative path and the 1-based line.
    public var places: [Place]

    public struct Place: Sendable, Equatable {
        public var path: String
        public var line: Int
    }

    public init(places: [Place] = []) {
        self.places = places
    }

    public var count: Int { places.count }
    public var isEmpty: Bool { places.isEmpty }

    /// Whether `check` accepts the trial in a session of `record`: its goal is one of the client's,
    /// of `measure: trials`, and its cue level one of `cues`.
    public static func accepts(_ trial: Trial, record: ClientRecord, cues: CueLevels) -> Bool {
        cues.rank(of: trial.cue) != nil && record.goalIndex(trial.goal).map { record.goals[$0].goal.measure == .trials } == true
    }

    /// The lines of `session` (at `path`) that `check` rejects.
    public static func of(_ session: TrialSession, path: String, record: ClientRecord, cues: CueLevels) -> LeftOutTrials {
        LeftOutTrials(places: session.trials.compactMap { trial in
            accepts(trial, record: record, cues: cues) ? nil : trial.line.map { Place(path: path, line: $0 + 1) }
        })
    }

    /// The lines of all of the client's sessions that `check` rejects.
    public static func of(_ record: ClientRecord, cues: CueLevels) -> LeftOutTrials {
        LeftOutTrials(places: record.sessions.flatMap { of($0.session, path: $0.path, record: record, cues: cues).places })
    }

    /// `left out 2 trial lines that 'afterflow check' rejects (a goal or cue level not known):
    /// clients/leo-o/sessions/2025/2025-01-09-1030.md:14, :15`; nil when none was.
    public var message: String? {
        guard !places.isEmpty else { return nil }
        var parts: [String] = []
        var lastPath: String?
        for place in places.prefix(10) {
            parts.append(place.path == lastPath ? ":\(place.line)" : "\(place.path):\(place.line)")
            lastPath = place.path
        }
        let more = places.count > 10 ? ", and \(places.count - 10) more" : ""
        let lines = places.count == 1 ? "1 trial line" : "\(places.count) trial lines"
        return "left out \(lines) that 'afterflow check' rejects (a goal or cue level it does not know): "
            + parts.joined(separator: ", ") + more
    }
}
