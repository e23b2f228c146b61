import Foundation

/// The life of a trial session, one rule for every front end (`trial`, `trials start` and `end`,
/// the terminal logger, the phone page): which goals a new session logs, which session takes a
/// trial now, and what ending one writes.
///
/// **Which session takes a trial.** A trial is written, at `now`, only into a session that is
/// open (no `end`) and started today in the vault's time zone, or started yesterday less than 12
/// hours before `now` (a session that runs past midnight). Any other session is refused with a
/// message naming `trials start`; a command may still add to a past or ended one on purpose
/// (`trial --session`), without this rule.
public enum TrialSessionLifecycle {
    /// A session that started at most this long before `now`, on the day before, still takes
    /// trials: it ran past midnight.
    public static let pastMidnight = 12 * 3600

    /// Whether a session takes a trial now, and if not, why.
    public enum Acceptance: Equatable, Sendable {
        case open
        /// It has an `end`.
        case ended(LocalDate)
        /// It started on another day than today (and not within 12 hours before midnight).
        case otherDay(LocalDate)
        /// Its `date` is missing or unreadable.
        case undated
    }

    /// Whether `session` takes a trial at `now`: see the type's rule.
    public static func acceptance(of session: TrialSession, at now: Date, in zone: TimeZone) -> Acceptance {
        guard let date = session.date else { return .undated }
        if let end = session.end { return .ended(end) }
        let today = LocalDate(now, in: zone)
        if date.year == today.year && date.month == today.month && date.day == today.day { return .open }
        let since = Int(now.timeIntervalSince1970.rounded(.down)) - date.epochSeconds(in: zone)
        return since >= 0 && since < pastMidnight ? .open : .otherDay(date)
    }

    /// The refusal of a trial for `path` (a session of `client`), or nil when it takes one;
    /// `onPurpose`, when given, is the command that adds the trial to that session anyway.
    public static func refusal(_ acceptance: Acceptance, path: String, client: String, onPurpose: String? = nil) -> VaultError? {
        var refusal = refusalText(acceptance, path: path, client: client)
        if let onPurpose, acceptance != .undated { refusal?.details.append("Or add it to that session on purpose: \(onPurpose)") }
        return refusal
    }

    private static func refusalText(_ acceptance: Acceptance, path: String, client: String) -> VaultError? {
        let start = "Start today's session with 'afterflow trials start \(client)'."
        switch acceptance {
        case .open:
            return nil
        case .ended(let end):
            return VaultError(.invalid, "\(path) has ended (\(moment(end))); trials go into an open session started today, so nothing was written",
                              details: [start])
        case .otherDay(let date):
            return VaultError(.invalid, "\(path) started on \(date.weekday) \(date.mediumDay), not today; trials go into an open session started today, so nothing was written",
                              details: [start])
        case .undated:
            return VaultError(.invalid, "\(path) has no readable date, so it cannot be told whether it is today's; nothing was written",
                              details: ["Fix it first ('afterflow check \(path)'), or " + start.prefix(1).lowercased() + start.dropFirst()])
        }
    }

    /// `at 9:30 AM on Mon Oct 20, 2025`.
    static func moment(_ date: LocalDate) -> String {
        (date.clockTime.map { "at \($0) on " } ?? "on ") + "\(date.weekday) \(date.mediumDay)"
    }

    // MARK: - Goals

    /// The goals a new session logs: those in a phase that is worked on (baseline, active,
    /// maintenance), by short name.
    public static func activeGoals(of record: ClientRecord) -> [GoalRecord] {
        record.goals.filter { $0.goal.currentPhase.isWorkedOn }
    }

    // MARK: - Ending

    /// What ending does to a session that has an `end` already.
    public enum IfEnded: Sendable {
        /// Refuse, saying when it ended (`trials end` without `--at`).
        case refuse
        /// Leave it as it is, and say so in `Ending.alreadyEnded` (a logger or the phone page
        /// ending a session another front end ended).
        case keep
        /// Write the new end over it (`trials end --at`: a correction).
        case rewrite
        /// Keep its end and write the billing values given (`trials end --service` after the
        /// end): the session's own start and end give its minutes. Refused, as `refuse`, when
        /// no billing value is given.
        case addBilling
    }

    /// A session's end as written (or found).
    public struct Ending: Sendable {
        /// The file as it now is.
        public var entry: VaultEntry
        public var session: TrialSession
        public var end: LocalDate
        /// Minutes from the start to the end.
        public var minutes: Int
        /// The session had ended before, and was left as it was.
        public var alreadyEnded: Bool
    }

    /// The message for a session that has ended already.
    public static func alreadyEnded(path: String, end: LocalDate) -> VaultError {
        VaultError(.exists, "\(path) has ended already (\(moment(end))); nothing was written",
                   details: ["To write another end time, give it: 'afterflow trials end \(path) --at 15:45'.",
                             "To add its service or place, give them: 'afterflow trials end \(path) --service 97153 --place \"11 Office\"'."])
    }

    /// The refusal to end now a session that has no end and started on another day than
    /// `now`'s (nor within 12 hours before it): its minutes would run to now. Nil when it
    /// takes trials now, or has an end.
    public static func endingLate(_ session: TrialSession, path: String, at now: Date, in zone: TimeZone) -> VaultError? {
        guard case .otherDay(let start) = acceptance(of: session, at: now, in: zone) else { return nil }
        let hours = (Int(now.timeIntervalSince1970.rounded(.down)) - start.epochSeconds(in: zone)) / 3600
        return VaultError(.invalid, "\(path) has no end time and started \(moment(start)); ending it now would make it \(hours) hours long, so nothing was written",
                          details: ["Give the time it ended: 'afterflow trials end \(path) --at 15:45' (with --service and --place to bill it)."])
    }
}

extension TrialSessionLifecycle {
    /// Why a typed end time is refused.
    public enum EndTimeError: Error, Equatable, Sendable {
        /// Neither a time of day nor a date and time `LocalDate.parse(typed:)` reads.
        case unreadable
        /// A year `check` refuses: the problem.
        case year(String)
        /// Before the session's start: the message.
        case beforeStart(String)
    }

    /// The end `text` names for a session that started at `start`: a time on the session's day
    /// (`15:45`, `15:45:10`), or a typed date and time (a day alone is its midnight); refused
    /// when it is before the start.
    public static func end(typed text: String, start: LocalDate, now: Date, timeZone zone: TimeZone) throws(EndTimeError) -> LocalDate {
        let end: LocalDate
        if let time = TimeOfDay.parse(text.trimmingCharacters(in: .whitespaces)) {
            end = LocalDate(year: start.year, month: start.month, day: start.day,
                            time: .init(hour: time.hour, minute: time.minute, second: time.second))
        } else {
            guard let parsed = LocalDate.parse(typed: text, now: now, timeZone: zone) else { throw .unreadable }
            if let problem = parsed.yearProblem { throw .year(problem) }
            end = parsed.isDayOnly ? LocalDate(year: parsed.year, month: parsed.month, day: parsed.day,
                                               time: .init(hour: 0, minute: 0, second: 0)) : parsed
        }
        if end.epochSeconds(in: zone) < start.epochSeconds(in: zone) { throw .beforeStart(endBeforeStart(end, start)) }
        return end
    }

    /// "the end (…) is before the session started (…)".
    static func endBeforeStart(_ end: LocalDate, _ start: LocalDate) -> String {
        "the end (\(end.shortString)) is before the session started (\(start.shortString))"
    }
}

extension DocumentStore {
    /// Ends the trial session `entry`: writes `end` (the moment, or `now`), `billing`'s values and
    /// `updated`, in one atomic replace; refused when the end is before the start, or when the
    /// file changed since it was read. A session that has ended already is treated as `ifEnded`
    /// says (kept as it is, `billing` included, or kept with `billing` added). With
    /// `refusingAnotherDay`, a session without an end that started on another day is not ended
    /// at `now` (`TrialSessionLifecycle.endingLate`): the command line asks for its end instead.
    public func endTrials(_ entry: VaultEntry, at end: LocalDate?, now: Date, ifEnded: TrialSessionLifecycle.IfEnded,
                          billing: SessionBilling = SessionBilling(),
                          refusingAnotherDay: Bool = false) throws(VaultError) -> TrialSessionLifecycle.Ending {
        guard case .trials(let session) = entry.content else {
            throw VaultError(.invalid, "\(entry.path) is not a trial session (its type is \(entry.kind?.rawValue ?? "none"))")
        }
        guard let start = session.date else {
            throw VaultError(.invalid, "\(entry.path) has no readable date; fix it first ('afterflow check \(entry.path)')")
        }
        let zone = vault.timeZone
        if let ended = session.end, ifEnded != .rewrite {
            let adding = ifEnded == .addBilling && !billing.frontMatterLines.isEmpty
            if ifEnded == .refuse || (ifEnded == .addBilling && !adding) { throw TrialSessionLifecycle.alreadyEnded(path: entry.path, end: ended) }
            let minutes = (ended.epochSeconds(in: zone) - start.epochSeconds(in: zone)) / 60
            guard adding else { return .init(entry: entry, session: session, end: ended, minutes: minutes, alreadyEnded: true) }
            let document = try setKeys(billing.frontMatterLines, in: entry, order: TrialSession.keys, now: now)
            return .init(entry: VaultEntry(path: entry.path, bytes: document.bytes), session: TrialSession(document: document), end: ended,
                         minutes: minutes, alreadyEnded: true)
        }
        if end == nil, refusingAnotherDay, let late = TrialSessionLifecycle.endingLate(session, path: entry.path, at: now, in: zone) {
            throw late
        }
        var stamp = end ?? LocalDate(now, in: zone)
        if stamp.epochSeconds(in: zone) < start.epochSeconds(in: zone) {
            throw VaultError(.invalid, TrialSessionLifecycle.endBeforeStart(stamp, start) + "; nothing was written")
        }
        let minutes = (stamp.epochSeconds(in: zone) - start.epochSeconds(in: zone)) / 60
        stamp.offset = nil
        let document = try setKeys([("end", ["end: \(stamp.canonical(in: zone))"])] + billing.frontMatterLines, in: entry, order: TrialSession.keys, now: now)
        let written = VaultEntry(path: entry.path, bytes: document.bytes)
        return .init(entry: written, session: TrialSession(document: document), end: stamp, minutes: minutes, alreadyEnded: false)
    }

    /// Adds one trial to the session at `path` if it takes one at `now` (see
    /// `TrialSessionLifecycle`), decided under the vault's lock with the write; `client` names
    /// the client in the refusal, `onPurpose` the command that would add it anyway. Returns the
    /// file as it now is.
    @discardableResult
    public func append(_ trial: Trial, to path: String, acceptingAt now: Date, client: String,
                       onPurpose: String? = nil) throws(VaultError) -> Document {
        try accepting(path, at: now, client: client, onPurpose: onPurpose) { () throws(VaultError) in try append(trial, to: path) }
    }

    /// Adds behaviour event lines to the session at `path` if it takes them at `now`, as a trial.
    @discardableResult
    public func append(_ events: [BehaviourEvent], to path: String, acceptingAt now: Date, client: String,
                       onPurpose: String? = nil) throws(VaultError) -> Document {
        try accepting(path, at: now, client: client, onPurpose: onPurpose) { () throws(VaultError) in try append(events, to: path) }
    }

    private func accepting(_ path: String, at now: Date, client: String, onPurpose: String?,
                           write: () throws(VaultError) -> Document) throws(VaultError) -> Document {
        try vault.withLock { () throws(VaultError) -> Document in
            let entry = try read(path)
            if case .trials(let session) = entry.content,
               let refusal = TrialSessionLifecycle.refusal(TrialSessionLifecycle.acceptance(of: session, at: now, in: vault.timeZone),
                                                           path: path, client: client, onPurpose: onPurpose) {
                throw refusal
            }
            return try write()
        }
    }
}
