import Foundation

/// The live logger's behaviour goals: a key per count (an occurrence), duration (start/stop) and
/// latency goal (cue/response; its capital: no response), `+` and `-` for the intervals, a picker
/// for an ABC incident, a step list for a task run, `0` a goal that did not occur (`none`). Every event is made by the goal's
/// `EventEntry` (as `record` makes it) and appended and fsync'd before the key returns.
extension LiveTrialSession {
    // MARK: - The session's clock

    /// Now on the session's clock: the monotonic time since `launched`, from the wall time then
    /// (the wall clock alone when `launched` is nil).
    public func clockNow(at moment: LiveMoment) -> Date {
        guard let launched else { return moment.wall }
        return launched.wall.addingTimeInterval(moment.monotonic - launched.monotonic)
    }

    /// Seconds since the session started, on its clock.
    public func sessionSeconds(at moment: LiveMoment) -> Double {
        clockNow(at: moment).timeIntervalSince(started)
    }

    func timeOfDay(_ date: Date) -> TimeOfDay { TimeOfDay(LocalDate(date, in: store.vault.timeZone)) }

    public func behaviour(_ short: String) -> LiveBehaviour? { behaviours.first { $0.short == short } }

    public func events(of goal: String) -> [BehaviourEvent] { events.filter { $0.goal == goal } }

    // MARK: - Keys

    /// Applies a key that a behaviour goal takes: true when it was one (then nothing else reads it).
    mutating func pressBehaviour(_ key: LiveKey, at moment: LiveMoment) -> Bool {
        if picker != nil {
            pressPicker(key, at: moment)
            return true
        }
        guard case .character(let c) = key, !behaviours.isEmpty else { return false }
        if c == "+" || c == "-", behaviours.contains(where: { $0.measure == .interval }) {
            settle()
            scoreInterval(c == "+", at: moment)
            return true
        }
        if c == "0", behaviours.contains(where: { BehaviourEvent.Kind.noOccurrence.fits($0.measure) }) {
            settle()
            openNoneGoal(at: moment)
            return true
        }
        let lower = Character(c.lowercased())
        guard let goal = behaviours.first(where: { $0.key == lower }) else { return false }
        settle()
        act(goal, capital: c != lower, at: moment)
        return true
    }

    private mutating func act(_ goal: LiveBehaviour, capital: Bool, at moment: LiveMoment) {
        let now = timeOfDay(clockNow(at: moment))
        switch goal.measure {
        case .latency where capital:
            write(["no-response"], for: goal, at: now, moment: moment)
        case .abc:
            picker = LivePicker(goal: goal.short, stage: .antecedent, time: now)
        case .task:
            guard !goal.steps.isEmpty else {
                problem("\(goal.short) has no steps: list them in its file (steps: [...]) to log a run", at: moment)
                return
            }
            picker = LivePicker(goal: goal.short, stage: .step(1), time: now)
        default:
            write([], for: goal, at: now, moment: moment)
        }
    }

    /// Writes what `words` mean for `goal` (the words `record` takes) at `time`; the events are
    /// on disk (fsync'd) before this returns. False, with the problem shown, when not written.
    @discardableResult
    mutating func write(_ words: [String], cue: String? = nil, for goal: LiveBehaviour, at time: TimeOfDay, moment: LiveMoment) -> Bool {
        switch goal.entry.events(words, cue: cue, at: time, after: events) {
        case .failure(let refusal):
            problem(refusal.message, at: moment)
            return false
        case .success(let made):
            do {
                known = try store.append(made, to: path)
                let session = TrialSession(document: known)
                trials = session.trials
                events = session.events
                flash(status(of: made, for: goal), at: moment)
                return true
            } catch {
                problem("NOT WRITTEN: \(error)", at: moment)
                return false
            }
        }
    }

    /// What the screen says of events just written: `record`'s status line, with the key that
    /// ends a running duration or a waiting cue.
    private func status(of made: [BehaviourEvent], for goal: LiveBehaviour) -> String {
        let key = goal.key.map(String.init) ?? ""
        switch made.last?.kind {
        case .start?: return "\(goal.short) started: \(key) stops it"
        case .cue?: return "\(goal.short) cue given: \(key) when the response begins, \(key.uppercased()) if none comes"
        default: return EventStatus.text(of: made, in: events)
        }
    }

    // MARK: - Intervals

    /// Where an interval goal stands: the interval to score next (1-based), the seconds left in
    /// it (0 once it has ended), how many intervals have ended unscored, and the intervals that
    /// ended while no logger ran (skipped: not asked for), if any.
    public struct IntervalState: Equatable, Sendable {
        public var number: Int
        public var secondsLeft: Int
        public var behind: Int
        public var scored: Int
        public var total: Int
        public var skipped: ClosedRange<Int>? = nil
    }

    /// The intervals of `goal` on the session's interval clock, which stops during the session's
    /// pauses: interval k runs over observed seconds (k-1)·w to k·w, w the goal's `interval:`.
    /// Intervals that had ended unscored when the logger began (`launched`) are skipped.
    public func intervalState(of goal: LiveBehaviour, at moment: LiveMoment) -> IntervalState {
        let width = Double(max(1, goal.entry.intervalSeconds))
        var last = 0, scored = 0, total = 0
        for event in events(of: goal.short) {
            guard case .interval(let n, let s) = event.kind else { continue }
            last = max(last, n)
            total += 1
            if s { scored += 1 }
        }
        let observed = observedClock.observed(at: sessionSeconds(at: moment))
        let ended = Int((observed / width + 1e-9).rounded(.down))
        let missed = endedAtLaunch[goal.short] ?? 0
        let next = max(last, missed) + 1
        let left = Int((Double(next) * width - observed).rounded(.up))
        return IntervalState(number: next, secondsLeft: max(0, left), behind: max(0, ended - next + 1), scored: scored, total: total,
                             skipped: missed > last ? (last + 1)...missed : nil)
    }

    /// How many intervals of `goal` have ended at `moment`, on the interval clock.
    func intervalsEnded(_ goal: LiveBehaviour, at moment: LiveMoment) -> Int {
        let observed = observedClock.observed(at: sessionSeconds(at: moment))
        return Int((observed / Double(max(1, goal.entry.intervalSeconds)) + 1e-9).rounded(.down))
    }

    /// Scores the next interval of the interval goal whose next interval ends first: at its end
    /// when it has ended (the line's time is the interval's end), else now. The first after
    /// skipped intervals is numbered on from them, and its note marks them not observed.
    mutating func scoreInterval(_ scored: Bool, at moment: LiveMoment) {
        let goals = behaviours.filter { $0.measure == .interval }
        guard let goal = goals.min(by: { nextEnd($0, moment) < nextEnd($1, moment) }) else { return }
        let state = intervalState(of: goal, at: moment)
        let end = started.addingTimeInterval(observedClock.elapsed(at: nextEnd(goal, moment)))
        let now = clockNow(at: moment)
        let sign = scored ? "+" : "-"
        write(state.skipped == nil ? [sign] : ["\(state.number)", sign], for: goal, at: timeOfDay(min(end, now)), moment: moment)
    }

    /// The observed second at which `goal`'s next interval ends.
    private func nextEnd(_ goal: LiveBehaviour, _ moment: LiveMoment) -> Double {
        Double(intervalState(of: goal, at: moment).number * max(1, goal.entry.intervalSeconds))
    }

    /// Whether an interval of any interval goal has ended since the last call: the moment for
    /// the vault's bell or flash. The first call only takes note of where the intervals stand.
    public mutating func intervalEnded(at moment: LiveMoment) -> Bool {
        var ended = false
        for goal in behaviours where goal.measure == .interval {
            let count = intervalsEnded(goal, at: moment)
            if let before = signalled[goal.short], count > before { ended = true }
            signalled[goal.short] = count
        }
        return ended
    }

    // MARK: - Running clocks

    /// Seconds since `goal`'s running start (duration) or waiting cue (latency); nil when none runs.
    public func running(_ goal: LiveBehaviour, at moment: LiveMoment) -> Int? {
        let mine = events(of: goal.short)
        let open: BehaviourEvent?
        switch goal.measure {
        case .duration: open = mine.last { $0.kind == .start || $0.kind == .stop }.flatMap { $0.kind == .start ? $0 : nil }
        case .latency: open = mine.last { [.cue, .response, .noResponse].contains($0.kind) }.flatMap { $0.kind == .cue ? $0 : nil }
        default: open = nil
        }
        guard let open else { return nil }
        let now = timeOfDay(clockNow(at: moment))
        return (now.secondsOfDay - open.time.secondsOfDay + 86_400) % 86_400
    }
}
