import Foundation

/// A goal the live logger logs: its short name, its title as shown, and the cue a trial gets
/// until another is chosen.
public struct LiveGoal: Equatable, Sendable {
    public var short: String
    public var title: String
    public var defaultCue: String

    public init(short: String, title: String, defaultCue: String) {
        self.short = short
        self.title = title
        self.defaultCue = defaultCue
    }

    /// A goal of the client's, as logged: its title made visible (or its short name), and its
    /// `cue:` when that names one of `cues`, else the independent level.
    public init(_ record: GoalRecord, cues: CueLevels) {
        self.init(short: record.short, title: (record.goal.title ?? record.short).visible(),
                  defaultCue: cues.defaultLevel(for: record.goal))
    }
}

/// When something happens to a live session: the wall clock (a trial's time, the session's
/// timer) and a monotonic clock in seconds (the cue's countdown, how long a message stays). The
/// front end reads both clocks; the session reads none.
public struct LiveMoment: Sendable {
    public var wall: Date
    public var monotonic: Double

    public init(wall: Date, monotonic: Double) {
        self.wall = wall
        self.monotonic = monotonic
    }
}

/// A live trial session's state and its rules, for every live front end (the full screen and
/// `--plain` of `afterflow log`): the goals, the current one, the trial whose cue is being
/// chosen, and the session file as last written.
///
/// Every trial is appended with its goal's default cue and fsync'd (`DocumentStore.append`)
/// before `log` returns, so before any screen shows it; choosing another cue, or a note, rewrites
/// that line; undo removes it. A write that fails becomes a problem message, never silently
/// dropped.
public struct LiveTrialSession {
    /// A trial on disk whose cue can still be chosen, until `deadline` (monotonic seconds).
    public struct Pending: Equatable, Sendable {
        public var trial: Trial
        public var deadline: Double
    }

    /// How long the cue of a trial just logged can be chosen.
    public static let cueSeconds = 3.0

    public let store: DocumentStore
    public let path: String
    public let goals: [LiveGoal]
    public let cues: CueLevels
    public let clientName: String
    /// No Success/Failure words and no green or red: ▲ and ▼.
    public let neutral: Bool
    /// The levels the picker offers, with the letter that chooses each.
    public let cueKeys: [(level: String, key: Character)]
    public let started: Date
    public internal(set) var known: Document
    public internal(set) var trials: [Trial]
    /// The goals of a behaviour measure, logged by their keys (none for a trials-only session).
    public let behaviours: [LiveBehaviour]
    /// The session's behaviour events, as on disk.
    public internal(set) var events: [BehaviourEvent]
    /// The ABC picker or task step list being filled in, nil when none is open.
    public internal(set) var picker: LivePicker?
    /// What the vault asks at each interval's end (`interval_signal:`).
    public let intervalSignal: IntervalSignal
    /// When the front end began, by both clocks: the session's clock (intervals, running
    /// durations) runs on the monotonic clock from it. Nil: the wall clock alone.
    public let launched: LiveMoment?
    /// The intervals each interval goal had ended when last asked (`intervalEnded`).
    var signalled: [String: Int] = [:]
    /// The interval clock: seconds since the start less the session's pauses (`pauses:`).
    var observedClock: ObservedClock
    /// The intervals each interval goal had ended when the front end began (`launched`): those
    /// not scored by then ended while no logger ran, and are skipped, not asked for one by one.
    var endedAtLaunch: [String: Int] = [:]
    /// The index in `goals` of the goal a key logs on.
    public private(set) var current = 0
    public private(set) var pending: Pending?
    /// A short message shown until `messageUntil` (a flash, a problem).
    public private(set) var message: String?
    public private(set) var messageIsProblem = false
    public private(set) var messageUntil = 0.0
    /// Counts the messages, so that a front end that prints them prints each once.
    public private(set) var messageSerial = 0
    private var lastLook = 0.0

    /// `goals` and `behaviours` must not both be empty. `known` is the session file as read;
    /// `started` its start; `launched` the moment the front end began (see `launched`).
    public init(store: DocumentStore, path: String, goals: [LiveGoal], clientName: String, known: Document, started: Date, neutral: Bool,
                behaviours: [LiveBehaviour] = [], launched: LiveMoment? = nil) {
        precondition(!goals.isEmpty || !behaviours.isEmpty, "a live session logs at least one goal")
        self.behaviours = behaviours
        let read = TrialSession(document: known)
        self.events = read.events
        self.observedClock = ObservedClock(pauses: read.pauseOffsets)
        self.intervalSignal = store.vault.config.intervalSignal
        self.launched = launched
        self.store = store
        self.path = path
        self.goals = goals
        self.cues = store.cues
        self.clientName = clientName
        self.known = known
        self.trials = TrialSession(document: known).trials
        self.started = started
        self.neutral = neutral
        cueKeys = LiveLoggerKeys.cueKeys(for: Array(store.cues.names.prefix(9)))
        if let launched {
            for goal in behaviours where goal.measure == .interval {
                endedAtLaunch[goal.short] = intervalsEnded(goal, at: launched)
            }
        }
    }

    /// The trial goal keys log on; a session of behaviour goals only has a placeholder that no
    /// key logs on (`log(success:)` refuses it).
    public var goal: LiveGoal { goals.isEmpty ? LiveGoal(short: "", title: "", defaultCue: cues.independent) : goals[current] }

    public func trials(of goal: String) -> [Trial] { trials.filter { $0.goal == goal } }

    // MARK: - Actions

    /// Logs a trial on the current goal, on disk (fsync'd) before this returns. Settles a cue still open.
    public mutating func log(success: Bool, at moment: LiveMoment) {
        settle()
        guard !goals.isEmpty else {
            problem("no trial goals in this session: press a goal's key as listed", at: moment)
            return
        }
        let zone = store.vault.timeZone
        let trial = Trial(time: TimeOfDay(LocalDate(moment.wall, in: zone)), goal: goal.short, success: success, cue: goal.defaultCue)
        do {
            let before = known
            known = try store.append(trial, to: path)
            // A plain append of this line to the file as known: the list grows by it, without
            // reading the whole session again (a long session's trials stay quick).
            let line = Array((trial.lineText + "\n").utf8)
            if known.bytes.count == before.bytes.count + line.count, known.bytes.starts(with: before.bytes), known.bytes.suffix(line.count).elementsEqual(line) {
                trials.append(trial)
            } else {
                trials = TrialSession(document: known).trials
            }
            pending = Pending(trial: trial, deadline: moment.monotonic + Self.cueSeconds)
            flash(neutral ? "+1 \(success ? "▲" : "▼")" : (success ? "+1 Success" : "+1 Failure"), at: moment)
        } catch {
            problem("NOT WRITTEN: \(error)", at: moment)
        }
    }

    /// Chooses the cue of the trial just logged (by number, name or letter); false when the key names none.
    @discardableResult
    public mutating func choose(_ key: Character, at moment: LiveMoment) -> Bool {
        guard let open = pending else { return false }
        let level: String
        if let n = key.wholeNumberValue, n >= 1, n <= cueKeys.count {
            level = cueKeys[n - 1].level
        } else if let found = cueKeys.first(where: { $0.key == Character(key.lowercased()) }) {
            level = found.level
        } else {
            return false
        }
        pending = nil
        guard level != open.trial.cue else {
            flash("cue: \(level)", at: moment)
            return true
        }
        // Another front end may have logged a trial since: only this one's line is rewritten.
        guard let last = trials.last, last.time == open.trial.time, last.goal == open.trial.goal,
              last.success == open.trial.success, last.cue == open.trial.cue, last.note == open.trial.note else {
            problem("cue not changed: another trial was logged after it (\(path))", at: moment)
            return true
        }
        var trial = open.trial
        trial.cue = level
        rewrite(trial, said: "cue: \(level)", at: moment)
        return true
    }

    /// Ends the cue's choice, keeping what is on disk (the goal's default cue, unless chosen).
    public mutating func settle() { pending = nil }

    /// Reads the file again when it changed size on disk (another front end logging into the
    /// same session), at most once a second; true when it did.
    public mutating func follow(at monotonic: Double) -> Bool {
        guard monotonic - lastLook >= 1 else { return false }
        lastLook = monotonic
        guard let absolute = try? store.vault.path(path) else { return false }
        var info = stat()
        guard stat(absolute, &info) == 0, Int(info.st_size) != known.bytes.count,
              let entry = try? store.read(path) else { return false }
        known = entry.document
        let session = TrialSession(document: known)
        trials = session.trials
        events = session.events
        observedClock = ObservedClock(pauses: session.pauseOffsets)
        return true
    }

    /// Whether the cue's time ran out; settles it then.
    public mutating func tick(at moment: LiveMoment) -> Bool {
        _ = follow(at: moment.monotonic)
        // The 0 of the countdown is shown for a moment; the default is on disk already.
        guard let open = pending, moment.monotonic >= open.deadline + 0.3 else { return false }
        pending = nil
        flash("cue: \(open.trial.cue)", at: moment)
        return true
    }

    /// The countdown's second to show: 3, 2, 1, 0; nil when no cue is being chosen.
    public func countdown(at monotonic: Double) -> Int? {
        guard let open = pending else { return nil }
        return max(0, Int((open.deadline - monotonic).rounded(.up)))
    }

    /// Removes the last trial or behaviour event from the file, whichever was written later;
    /// an undone trial's goal becomes the current one.
    public mutating func undo(at moment: LiveMoment) {
        settle()
        let before = TrialSession(document: known)
        let trialLine = before.trials.last?.line ?? -1, eventLine = before.events.last?.line ?? -1
        guard trialLine >= 0 || eventLine >= 0 else {
            problem("nothing to undo", at: moment)
            return
        }
        do {
            known = try store.removeLastEntry(in: path, expecting: known)
            let session = TrialSession(document: known)
            trials = session.trials
            events = session.events
            if eventLine > trialLine, let last = before.events.last {
                flash("undone: \(String(last.lineText.dropFirst(2)).visible())", at: moment)
            } else if let last = before.trials.last {
                if let index = goals.firstIndex(where: { $0.short == last.goal }) { current = index }
                flash("undone: \(describe(last))", at: moment)
            }
        } catch {
            problem("not undone: \(error)", at: moment)
        }
    }

    /// Puts `text` as the note of the last trial.
    public mutating func note(_ text: String, at moment: LiveMoment) {
        settle()
        guard var last = trials.last else {
            problem("no trial to add a note to", at: moment)
            return
        }
        let text = text.trimmingCharacters(in: .whitespaces)
        if let issue = FieldText.problem(field: "the note", text: text, multiline: false) {
            problem(issue, at: moment)
            return
        }
        last.note = text
        last.line = nil
        rewrite(last, said: text.isEmpty ? "note removed" : "note added", at: moment)
    }

    /// Goes `step` goals on, round the list.
    public mutating func move(by step: Int) {
        settle()
        guard !goals.isEmpty else { return }
        current = (current + step + goals.count) % goals.count
    }

    private mutating func rewrite(_ trial: Trial, said: String, at moment: LiveMoment) {
        do {
            known = try store.replaceLastTrial(in: path, expecting: known, with: trial)
            trials = TrialSession(document: known).trials
            flash(said, at: moment)
        } catch {
            problem("not changed: \(error)", at: moment)
        }
    }

    mutating func flash(_ text: String, at moment: LiveMoment) {
        message = text
        messageSerial += 1
        messageIsProblem = false
        messageUntil = moment.monotonic + 1.5
    }

    mutating func problem(_ text: String, at moment: LiveMoment) {
        message = text
        messageSerial += 1
        messageIsProblem = true
        messageUntil = moment.monotonic + 6
    }

    // MARK: - What is shown

    /// What the trial was, in words or in neutral symbols.
    public func describe(_ trial: Trial) -> String {
        "\(trial.time.text) \(trial.goal) \(symbol(trial.success)) \(trial.cue)" + (trial.note.isEmpty ? "" : "  \(trial.note)")
    }

    public func symbol(_ success: Bool) -> String {
        neutral ? (success ? "▲" : "▼") : (success ? "✓" : "✗")
    }

    /// The message to show at `monotonic`, if any.
    public func shownMessage(at monotonic: Double) -> (text: String, problem: Bool)? {
        guard let message, monotonic < messageUntil else { return nil }
        return (message, messageIsProblem)
    }

    /// MM:SS since the session started (H:MM:SS from an hour on, as a resumed session may be).
    public func timer(at wall: Date) -> String {
        LiveLoggerKeys.timer(seconds: Int(wall.timeIntervalSince(started)))
    }

    /// HH:MM of the vault's time zone.
    public func clock(at wall: Date) -> String {
        let t = LocalDate(wall, in: store.vault.timeZone).time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        return String(format: "%02d:%02d", t.hour, t.minute)
    }

    /// The line `--plain` prints for a trial just logged, with its goal's figure today.
    public func loggedLine(for trial: Trial) -> String {
        let mine = trials(of: trial.goal)
        let done = mine.filter(\.success).count
        let what = neutral ? "+1 \(trial.success ? "▲" : "▼")" : (trial.success ? "+1 Success" : "+1 Failure")
        return "\(what)  \(trial.time.text) \(trial.goal) \(trial.cue)   \(trial.goal): \(done) of \(mine.count) (\(Percent.text(done, of: mine.count)))"
    }
}
