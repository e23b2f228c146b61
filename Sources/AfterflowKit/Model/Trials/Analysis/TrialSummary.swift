/// The summary of one trial session (seed 002): the client as first name and last initial, the
/// duration, successes, failures, total trials, the success rate, the cue-level breakdown, and
/// per goal its trials, percent correct and band.
///
/// The session's success rate is successes over all trials, whatever each goal's
/// `counts_correct`; a goal's percent correct uses its `counts_correct`, so a success at a level
/// the goal does not count is incorrect there. The independent figure is reported beside it.
public struct TrialSummary: Sendable {
    /// `Maya T.`; never the full name.
    public var clientDisplayName: String
    public var date: LocalDate?
    public var end: LocalDate?
    /// From `date` to `end`; nil while the session has no `end`.
    public var minutes: Int?
    public var successes: Int
    public var failures: Int
    public var total: Int
    /// Successes over all trials in percent (0 to 100), exact; nil without trials.
    public var successRate: Double?
    /// Every level of the vault's cue levels in order (zero where none was given), then any level
    /// the trials name that the vault does not know.
    public var cueLevels: [CueCount]
    /// One per goal, in the order of each goal's first trial.
    public var goals: [GoalSummary]
    /// The trial lines `check` rejects (an unknown goal or cue level): counted nowhere above.
    public var leftOut: LeftOutTrials
    /// The figures of each behaviour goal (count, duration, … measures) with event lines.
    public var behaviour: [BehaviourGoalFigures]
    /// The session's event lines, in the file's order.
    public var events: [BehaviourEvent]
    /// Whether the session is a probe (`probe: true`): its trials test the goals, not teach them.
    public var probe: Bool
    /// Who signed the note and when; nil for a draft.
    public var signature: Signature?
    /// The number of addenda below the signed note.
    public var addenda: Int
    /// The measure of each goal the events name (lower case), for a `none` line's JSON.
    private var eventMeasures: [String: GoalMeasure] = [:]

    /// `path` is the session's, to say where left-out lines are.
    public init(session: TrialSession, record: ClientRecord, cues: CueLevels, path: String = "") {
        clientDisplayName = record.client.displayName
        date = session.date
        end = session.end
        minutes = session.minutes
        probe = session.probe
        signature = session.signature
        addenda = session.addenda.count
        let trials = session.trials.filter { LeftOutTrials.accepts($0, record: record, cues: cues) }
        leftOut = LeftOutTrials.of(session, path: path, record: record, cues: cues)
        behaviour = BehaviourGoalFigures.of(session, record: record, cues: cues)
        events = session.events
        for event in events where eventMeasures[event.goal.lowercased()] == nil {
            if let goal = record.goal(event.goal) { eventMeasures[event.goal.lowercased()] = goal.goal.measure }
        }
        total = trials.count
        successes = trials.reduce(0) { $0 + ($1.success ? 1 : 0) }
        failures = total - successes
        successRate = Percent.value(successes, of: total)
        cueLevels = CueCount.tally(trials, cues: cues)
        var order: [String] = []
        var counts: [String: TrialCounts] = [:]
        var goalsByName: [String: GoalRecord] = [:]
        for trial in trials {
            let name = trial.goal.lowercased()
            if counts[name] == nil {
                order.append(name)
                counts[name] = TrialCounts()
                if let goal = record.goal(name) { goalsByName[name] = goal }
            }
            counts[name]?.add(trial, goal: goalsByName[name]?.goal, cues: cues)
        }
        goals = order.map { name in
            let goal = goalsByName[name]
            return GoalSummary(short: goal?.short ?? name, title: goal?.goal.title ?? name, known: goal != nil,
                               counts: counts[name] ?? TrialCounts())
        }
    }

    /// `{"client": "Maya T.", "date": …, "minutes": 45, "successes": …, "success_rate": 80,
    /// "cue_levels": […], "goals": […], "behaviour": […], "events": […], …}`; rates are
    /// percentages to one decimal.
    public var json: JSONValue {
        guard case .object(var pairs) = figuresJSON else { return figuresJSON }
        // The event lines, each with its words (`BehaviourEvent.json`), after the behaviour figures.
        let events: JSONValue = .array(self.events.map { $0.json(goalMeasure: eventMeasures[$0.goal.lowercased()]) })
        let at = (pairs.firstIndex { $0.0 == "behaviour" } ?? pairs.count - 1) + 1
        pairs.insert(("events", events), at: at)
        return .object(pairs)
    }

    private var figuresJSON: JSONValue {
        .object([
            ("client", .string(clientDisplayName)),
            ("date", date.map { .string($0.wallClockText) } ?? .null),
            ("end", end.map { .string($0.wallClockText) } ?? .null),
            ("minutes", minutes.map { .int($0) } ?? .null),
            ("successes", .int(successes)),
            ("failures", .int(failures)),
            ("total", .int(total)),
            ("success_rate", Percent.json(successes, of: total)),
            ("cue_levels", .array(cueLevels.map(\.json))),
            ("goals", .array(goals.map(\.json))),
            ("behaviour", .array(behaviour.map(\.json))),
            ("probe", .bool(probe)),
            ("status", .string(signature == nil ? "draft" : "signed")),
            ("signed", signature.map { .string($0.atText) } ?? .null),
            ("signed_by", signature.map { .string($0.by) } ?? .null),
            ("addenda", .int(addenda)),
        ])
    }

    /// `Signed Thu Mar 13, 2025 at 11:02 AM by J. Rivera, CCC-SLP, 1 addendum`, or
    /// `Draft: not signed`.
    public var signatureLine: String {
        guard let signature else { return Signature.draftLine }
        return signature.line + (addenda == 0 ? "" : addenda == 1 ? "; 1 addendum" : "; \(addenda) addenda")
    }
}
