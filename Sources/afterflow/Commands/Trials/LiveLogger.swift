import AfterflowKit
import Foundation

/// The live logger's state and writes, shared by the full screen and `--plain`: the goals, the
/// current one, the trial whose cue is being chosen, and the session file as last written.
///
/// Every trial is appended with its goal's default cue and fsync'd as soon as its key is read;
/// choosing another cue, or a note, rewrites that line; undo removes it. A write that fails is
/// told on screen, never silently dropped.
final class LiveLogger {
    struct LoggedGoal {
        var short: String
        var title: String
        var defaultCue: String
    }

    /// A trial on disk whose cue can still be chosen, until `deadline` (monotonic seconds).
    struct Pending {
        var trial: Trial
        var deadline: Double
    }

    static let cueSeconds = 3.0

    let store: DocumentStore
    let path: String
    let goals: [LoggedGoal]
    let cues: CueLevels
    let clientName: String
    let neutral: Bool
    /// The levels the picker offers, with the letter that chooses each.
    let cueKeys: [(level: String, key: Character)]
    private(set) var known: Document
    private(set) var trials: [Trial]
    var current = 0
    private(set) var pending: Pending?
    /// A short message shown until `messageUntil` (a flash, a problem).
    private(set) var message: String?
    private(set) var messageIsProblem = false
    private(set) var messageUntil = 0.0
    /// Counts the messages, so that a front end that prints them prints each once.
    private(set) var messageSerial = 0
    let started: Date

    init(store: DocumentStore, path: String, goals: [LoggedGoal], clientName: String, known: Document, started: Date, neutral: Bool) {
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
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    var goal: LoggedGoal { goals[current] }

    func trials(of goal: String) -> [Trial] { trials.filter { $0.goal == goal } }

    // MARK: - Actions

    /// Logs a trial on the current goal, on disk before this returns. Settles a cue still open.
    func log(success: Bool) {
        settle()
        let zone = store.vault.timeZone
        let trial = Trial(time: TimeOfDay(LocalDate(CommandClock.now, in: zone)), goal: goal.short, success: success, cue: goal.defaultCue)
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
            pending = Pending(trial: trial, deadline: LiveLogger.now() + LiveLogger.cueSeconds)
            flash(neutral ? "+1 \(success ? "▲" : "▼")" : (success ? "+1 Success" : "+1 Failure"))
        } catch {
            problem("NOT WRITTEN: \(error)")
        }
    }

    /// Chooses the cue of the trial just logged (by number, name or letter); false when the key names none.
    @discardableResult
    func choose(_ key: Character) -> Bool {
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
            flash("cue: \(level)")
            return true
        }
        // Another front end may have logged a trial since: only this one's line is rewritten.
        guard let last = trials.last, last.time == open.trial.time, last.goal == open.trial.goal,
              last.success == open.trial.success, last.cue == open.trial.cue, last.note == open.trial.note else {
            problem("cue not changed: another trial was logged after it (\(path))")
            return true
        }
        var trial = open.trial
        trial.cue = level
        rewrite(trial, said: "cue: \(level)")
        return true
    }

    /// Ends the cue's choice, keeping what is on disk (the goal's default cue, unless chosen).
    func settle() { pending = nil }

    private var lastLook = 0.0

    /// Reads the file again when it changed size on disk (another front end logging into the
    /// same session), at most once a second; true when it did.
    func follow() -> Bool {
        let now = LiveLogger.now()
        guard now - lastLook >= 1 else { return false }
        lastLook = now
        guard let absolute = try? store.vault.path(path) else { return false }
        var info = stat()
        guard stat(absolute, &info) == 0, Int(info.st_size) != known.bytes.count,
              let entry = try? store.read(path) else { return false }
        known = entry.document
        trials = TrialSession(document: known).trials
        return true
    }

    /// Whether the cue's time ran out; settles it then.
    func tick() -> Bool {
        _ = follow()
        // The 0 of the countdown is shown for a moment; the default is on disk already.
        guard let open = pending, LiveLogger.now() >= open.deadline + 0.3 else { return false }
        pending = nil
        flash("cue: \(open.trial.cue)")
        return true
    }

    /// The countdown's second to show: 3, 2, 1, 0.
    var countdown: Int? {
        guard let open = pending else { return nil }
        return max(0, Int((open.deadline - LiveLogger.now()).rounded(.up)))
    }

    func undo() {
        settle()
        guard let last = trials.last else {
            problem("nothing to undo")
            return
        }
        do {
            known = try store.removeLastTrial(in: path, expecting: known)
            trials = TrialSession(document: known).trials
            if let index = goals.firstIndex(where: { $0.short == last.goal }) { current = index }
            flash("undone: \(describe(last))")
        } catch {
            problem("not undone: \(error)")
        }
    }

    /// Puts `text` as the note of the last trial.
    func note(_ text: String) {
        settle()
        guard var last = trials.last else {
            problem("no trial to add a note to")
            return
        }
        let text = text.trimmingCharacters(in: .whitespaces)
        if let issue = FieldText.problem(field: "the note", text: text, multiline: false) {
            problem(issue)
            return
        }
        last.note = text
        last.line = nil
        rewrite(last, said: text.isEmpty ? "note removed" : "note added")
    }

    func move(by step: Int) {
        settle()
        current = (current + step + goals.count) % goals.count
    }

    private func rewrite(_ trial: Trial, said: String) {
        do {
            known = try store.replaceLastTrial(in: path, expecting: known, with: trial)
            trials = TrialSession(document: known).trials
            flash(said)
        } catch {
            problem("not changed: \(error)")
        }
    }

    /// What the trial was, in words or in neutral symbols.
    func describe(_ trial: Trial) -> String {
        "\(trial.time.text) \(trial.goal) \(symbol(trial.success)) \(trial.cue)" + (trial.note.isEmpty ? "" : "  \(trial.note)")
    }

    func symbol(_ success: Bool) -> String {
        neutral ? (success ? "▲" : "▼") : (success ? "✓" : "✗")
    }

    private func flash(_ text: String) {
        message = text
        messageSerial += 1
        messageIsProblem = false
        messageUntil = LiveLogger.now() + 1.5
    }

    private func problem(_ text: String) {
        message = text
        messageSerial += 1
        messageIsProblem = true
        messageUntil = LiveLogger.now() + 6
    }

    /// The message to show now, if any.
    var shownMessage: (text: String, problem: Bool)? {
        guard let message, LiveLogger.now() < messageUntil else { return nil }
        return (message, messageIsProblem)
    }

    /// MM:SS since the session started (H:MM:SS from an hour on, as a resumed session may be).
    var timer: String {
        LiveLoggerKeys.timer(seconds: Int(CommandClock.now.timeIntervalSince(started)))
    }

    var clock: String {
        let t = LocalDate(CommandClock.now, in: store.vault.timeZone).time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        return String(format: "%02d:%02d", t.hour, t.minute)
    }
}
