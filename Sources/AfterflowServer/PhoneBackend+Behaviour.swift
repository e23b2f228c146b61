import AfterflowKit
import Foundation

/// The phone page's behaviour measures (count, duration, latency, interval, ABC, task): each
/// event the page sends is made by the goal's `EventEntry` from the words `afterflow record`
/// takes, so the line is the one `record` and the terminal logger write, and appended and
/// fsync'd (`DocumentStore.append`) before the answer. Like a trial, an event carries the page's
/// id, kept in the session's ledger (`ID + LINE`), so that one sent again is written once.
extension PhoneBackend {
    /// One event of a behaviour goal: the words `record` takes after the goal's name (`start`,
    /// `stop`, `cue`, `response`, `no-response`, `+` or `-` for the next interval, an ABC's three
    /// names, a step's number and result; nothing for a count; `none` for a count, duration or abc
    /// goal that did not occur), at `millis` (milliseconds since
    /// 1970); `cue` a task step's level. One line a request. On disk, fsync'd, when this returns.
    public func event(path: String, id: String, time millis: Double, goal: String, words: [String], cue: String?) throws(PhoneError) -> JSONValue {
        try Self.check(id: id)
        guard words.count <= 8, words.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 }) else {
            throw .bad("an event takes at most 8 words of 1 to 64 bytes; nothing was written")
        }
        let path = try Self.canonical(path)
        return try serialized { () throws(PhoneError) -> JSONValue in
            try locked { () throws(VaultError) -> Result<JSONValue, PhoneError> in
                var ledger = try Ledger(store: store, session: path)
                let session: TrialSession, record: ClientRecord
                switch Result(catching: { () throws(PhoneError) in try open(path) }) {
                case .success(let opened): (_, session, record) = opened
                case .failure(let error): return .failure(error)
                }
                if let known = ledger.current[id] {
                    // Sent again: written already, unless the server stopped between the lines.
                    if let text = known, Self.count(text, in: session) < ledger.liveCount(text) {
                        try appendAgain(text, to: path)
                    }
                    return reopen(path, duplicate: true)
                }
                let made: BehaviourEvent
                switch plan(goal: goal, words: words, cue: cue, at: millis, in: session, record: record) {
                case .success(let event): made = event
                case .failure(let error): return .failure(error)
                }
                if let refusal = TrialSessionLifecycle.refusal(TrialSessionLifecycle.acceptance(of: session, at: Date(), in: store.vault.timeZone),
                                                               path: path, client: record.short) {
                    return .failure(PhoneError(409, refusal.message))
                }
                // The id first, as for a trial: a server stopped between the two lines writes
                // the event when the page sends it again, and never twice.
                try ledger.add(id, "+", made.lineText)
                let written = try store.append([made], to: path)
                return .success(ack(path: path, session: TrialSession(document: written), record: record, duplicate: false))
            }
        }
    }

    /// The one line `words` mean for `goal` at `millis`, after the session's events; or why not.
    private func plan(goal: String, words: [String], cue: String?, at millis: Double, in session: TrialSession,
                      record: ClientRecord) -> Result<BehaviourEvent, PhoneError> {
        guard let goalRecord = record.goal(goal) else {
            return .failure(PhoneError(422, "\(record.client.displayName) has no goal \(goal); nothing was written"))
        }
        guard goalRecord.goal.measure != .trials else {
            return .failure(PhoneError(422, "\(goal) is a goal of discrete trials: log it with the trial buttons; nothing was written"))
        }
        let time: TimeOfDay
        switch moment(millis, of: session, what: "event") {
        case .success(let t): time = t
        case .failure(let error): return .failure(error)
        }
        let entry = EventEntry(goal: goalRecord.short, of: goalRecord.goal, config: store.vault.config)
        switch entry.events(words, cue: cue, at: time, after: session.events) {
        case .failure(let problem):
            return .failure(PhoneError(422, problem.message + "; nothing was written"))
        case .success(let made):
            guard made.count == 1, let event = made.first else {
                return .failure(PhoneError(422, "the page sends one event at a time; these words make \(made.count) lines; nothing was written"))
            }
            return .success(event)
        }
    }

    /// The time of day in the vault's zone of `millis`, a trial's or an event's time as the page
    /// sent it: refused when it is no time, ahead of this machine's clock (beyond `clockSlack`),
    /// or on another day than the session's.
    func moment(_ millis: Double, of session: TrialSession, what: String) -> Result<TimeOfDay, PhoneError> {
        let zone = store.vault.timeZone
        guard millis.isFinite, millis > 0, millis < 1e15 else {
            return .failure(.bad("the \(what)'s time must be milliseconds since 1970; nothing was written"))
        }
        let date = Date(timeIntervalSince1970: millis / 1000)
        if date.timeIntervalSinceNow > Self.clockSlack {
            return .failure(PhoneError(422, "the \(what)'s time is in the future (\(Self.clock(date, zone)), it is \(Self.clock(Date(), zone)) here); check the phone's clock; nothing was written"))
        }
        let local = LocalDate(date, in: zone)
        if let day = session.date?.dayString, local.dayString != day {
            return .failure(PhoneError(422, "the \(what)'s time is on \(local.dayString), the session is on \(day); nothing was written"))
        }
        return .success(TimeOfDay(local))
    }

    // MARK: - The session's behaviour goals, as the page shows them

    /// `behaviours` (each goal of another measure than trials: its measure, what it needs to be
    /// logged and where it stands), `abc` (the vault's antecedents and consequences) and `pauses`
    /// (the session's, in milliseconds since 1970), for the session's state.
    func behaviourJSON(session: TrialSession, record: ClientRecord) -> [(String, JSONValue)] {
        var goals = activeGoals(record).filter { $0.goal.measure != .trials }
        for event in session.events where !goals.contains(where: { $0.short == event.goal }) {
            if let g = record.goal(event.goal), g.goal.measure != .trials { goals.append(g) }
        }
        let start = session.date.map { $0.epochSeconds(in: store.vault.timeZone) }
        func millis(_ seconds: Int) -> JSONValue { start.map { .int(($0 + seconds) * 1000) } ?? .null }
        let config = store.vault.config
        return [
            ("behaviours", .array(goals.map { behaviourGoalJSON($0, session: session, millis: millis) })),
            ("abc", .object([("antecedents", .array(config.abcAntecedents.map { .string($0) })),
                             ("consequences", .array(config.abcConsequences.map { .string($0) }))])),
            ("pauses", .array(session.pauseOffsets.map { .array([millis($0.lowerBound), millis($0.upperBound)]) })),
        ]
    }

    private func behaviourGoalJSON(_ goal: GoalRecord, session: TrialSession, millis: (Int) -> JSONValue) -> JSONValue {
        let state = BehaviourGoalState(goal: goal.short, measure: goal.goal.measure, events: session.events)
        let open = state.open.flatMap(session.secondsFromStart).map(millis) ?? .null
        return .object([
            ("short", .string(goal.short)), ("title", .string(goal.goal.title ?? goal.short)),
            ("measure", .string(goal.goal.measure.rawValue)), ("cue", .string(defaultCue(goal))),
            ("interval", .int(goal.goal.intervalSeconds ?? 10)), ("steps", .array(goal.goal.steps.map { .string($0) })),
            ("events", .int(state.events)), ("open", open), ("last_interval", .int(state.lastInterval)),
            ("scored", .int(state.scored)), ("behaviours", .array(state.behaviours.map { .string($0) })),
            ("last_step", .int(state.lastStep)),
            // Whether the goal takes none (observed, did not occur), and whether a none is written.
            ("takes_none", .bool(BehaviourEvent.Kind.noOccurrence.fits(goal.goal.measure))), ("none", .bool(state.none)),
        ])
    }
}
