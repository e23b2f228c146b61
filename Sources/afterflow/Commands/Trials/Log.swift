import AfterflowKit
import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Afterflow {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Log a session live, full screen: a key per trial or behaviour, clocks for durations and intervals.",
            discussion: """
                Starts a trial session of the client's active goals (or the goals given) and takes the whole terminal: the session timer, the clock, the client, the current goal with its trials and percentage (green at 70 %+, orange at 40-69 %, red under 40 %), a dot per goal.

                Keys: ↑ or k success, ↓ or j failure, ← → or h l previous/next goal, u undo the last trial or event, n a note on the last trial, q end the session. After each trial, choose its cue within 3 seconds with 1-4 (or the level's letter); else it is the goal's default cue. Every trial is written to the session file and flushed to disk as soon as its key is pressed, before its cue is chosen; killed at any moment, the file keeps every trial, and --resume goes on with it. q writes the session's end, prints the summary and the session's path. Ctrl-C leaves without ending it; q before any trial keeps no session at all.

                Behaviour goals (measure: count, duration, latency, interval, abc, task) are listed each with its key: a count goal's key adds an occurrence; a duration goal's key starts and stops it, its clock running on the screen (several may run at once); a latency goal's key gives the cue, then the response (its capital letter: no response); an interval goal shows the current interval's countdown, and + or - scores the intervals in order (an interval that ended unscored is asked for; interval_signal: bell or flash in .afterflow/config.yml signals each end; the clock stops during the session's pauses:, and intervals that ended while no logger ran are skipped, the next line marking them not observed); an ABC goal's key opens a picker (antecedent, behaviour, consequence: 1-9 or ↑ ↓ and Enter, Esc cancels); a task goal's key opens its step list (each step's cue level 1-9, Enter its cue, - not done, n n/a); 0 marks a count, duration or abc goal none (observed, did not occur: a day at 0 on its graph). Before q ends the session it asks, of each count, duration and abc goal with no line yet, whether it was observed and did not occur: y writes its none, n leaves it without a day. Each event is written and flushed before the screen shows it; a duration still running when the session ends is closed at its end in the summary, its start kept.

                When the client has a session from today that was never ended (a crash, Ctrl-C), you are asked whether to go on with it instead of starting another. --resume goes on with a given one; the client is then taken from it.

                Examples:
                  afterflow log maya-t
                  afterflow log maya-t --goal s-initial --goal two-step --location Clinic
                  afterflow log --resume maya-t/2025-01-14
                  afterflow log maya-t --plain           one line per trial, for screen readers
                  afterflow log maya-t --neutral         no green or red, no Success/Failure
                  afterflow log leo-o --probe            a probe session: tested, not taught
                  afterflow log sam-r                    counts, durations, intervals, ABC
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name (with --resume, taken from the session).", valueName: "client"))
        var client: String?

        @Option(help: ArgumentHelp("A goal to log (repeat for several; default: the client's active goals).", valueName: "goal"))
        var goal: [String] = []

        @Option(help: ArgumentHelp("Where the session takes place.", valueName: "place"))
        var location: String?

        @Option(help: ArgumentHelp("Go on with this session instead of starting one: client/day, id prefix, path, or last.", valueName: "session"))
        var resume: String?

        @Flag(help: "No full screen: one line per trial, for screen readers and logs.")
        var plain = false

        @Flag(help: "No green or red, no Success/Failure words: neutral symbols (▲ ▼).")
        var neutral = false

        @Flag(help: "A new session is a probe: the goals are tested, not taught (probe: true).")
        var probe = false

        func validate() throws {
            if let location, let problem = FieldText.problem(field: "--location", text: location, multiline: false) { throw ValidationError(problem) }
            if client == nil && resume == nil {
                throw ValidationError("give the client's short name (afterflow log maya-t), or --resume SESSION to go on with a session")
            }
            if resume != nil && location != nil {
                throw ValidationError("--location is for a new session; a resumed one keeps the location: written in its file")
            }
            if resume != nil && probe {
                throw ValidationError("--probe is for a new session; a resumed one is a probe when its file says probe: true")
            }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let store = practice.store
            let vault = practice.vault
            let (short, resumed) = try resumeTarget(practice)
            let record = try withVaultErrors { try store.load(short) }
            let cues = store.cues
            let (goals, behaviours) = try chosenGoals(record, cues: cues, config: vault.config)
            let zone = vault.timeZone
            let path: String
            var isNew = false
            if let resumed {
                path = resumed
            } else if let open = offerOpenSession(record, vault: vault) {
                path = open
            } else {
                var start = LocalDate(CommandClock.now, in: zone)
                start.offset = nil
                path = try withVaultErrors {
                    try store.startTrials(client: record, date: start, location: location, observer: nil, recordedOn: .terminal, probe: probe, now: CommandClock.now)
                }
                isNew = true
            }
            let entry = try withVaultErrors { try store.read(path) }
            guard case .trials(let session) = entry.content else {
                throw usageError("\(path.visible()) is not a trial session", command: "log")
            }
            let started = session.date.map { Date(timeIntervalSince1970: TimeInterval($0.epochSeconds(in: zone))) } ?? CommandClock.now
            let logger = LiveLogger(store: store, path: path, goals: goals, behaviours: behaviours, clientName: record.client.displayName,
                                    known: entry.document, started: started, neutral: neutral)
            let term = Terminal.current
            let outcome = (plain || !term.stdinIsTTY || !term.stdoutIsTTY)
                ? LivePlain(logger: logger).run()
                : LiveScreen(logger: logger, term: term).run()
            let shown = vaultOptions.hints.path(path, in: vault)
            switch outcome {
            case .left(let signal):
                if signal != SIGHUP {
                    let events = logger.events.isEmpty ? "" : " and \(counted(logger.events.count, "event", "events"))"
                    ErrorStream.current.write("Left the session open with \(counted(logger.trials.count, "trial", "trials"))\(events): " + shown)
                    ErrorStream.current.write("Go on with: " + vaultOptions.hints.command("log", "--resume", path)
                                              + "  or end it: " + vaultOptions.hints.command("trials", "end", path))
                }
                // Ended by a signal: ended by it, as the shell expects. Input that ran out (a pipe)
                // is no failure: every trial is written, and the session can go on.
                if let signal {
                    Glibc.signal(signal, SIG_DFL)
                    raise(signal)
                    throw ExitCode(128 + signal)
                }
            case .ended:
                if isNew, logger.trials.isEmpty, logger.events.isEmpty, try withVaultErrors({ try store.discardUnusedSession(path, expecting: logger.known) }) {
                    emit("No trials logged: the session was not kept (\(shown) removed).")
                    return
                }
                try end(path: path, store: store, zone: zone)
                let ended = try withVaultErrors { try store.read(path) }
                let fresh = try withVaultErrors { try store.load(short) }
                if case .trials(let trials) = ended.content {
                    let summary = TrialSummary(session: trials, record: fresh, cues: cues)
                    emit(summary.text(of: trials, path: path, on: plain ? term.plain : term, neutral: neutral,
                                      firstTrial: vaultOptions.hints.command("trial", short, fresh.goals.first?.short ?? "GOAL", "success")))
                    emit("")
                }
                emit(shown)
            }
        }

        /// The goals to log: those given, or the client's active ones; trial goals, then the
        /// goals of a behaviour measure with their keys.
        private func chosenGoals(_ record: ClientRecord, cues: CueLevels, config: VaultConfig) throws -> ([LiveGoal], [LiveBehaviour]) {
            let chosen: [GoalRecord]
            if goal.isEmpty {
                chosen = TrialSessionLifecycle.activeGoals(of: record)
                if chosen.isEmpty {
                    throw usageError("\(record.short) has no active goals to log; add one with: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE"), command: "log")
                }
            } else {
                var seen = Set<String>()
                chosen = try goal.map { try goalRecord($0, in: record, hints: vaultOptions.hints) }.filter { seen.insert($0.short).inserted }
            }
            let trials = chosen.filter { $0.goal.measure == .trials }.map { LiveGoal($0, cues: cues) }
            return (trials, LiveBehaviour.of(chosen.filter { $0.goal.measure != .trials }, config: config))
        }

        /// The client, and the session to go on with (--resume): the client is taken from it, and
        /// must be the one given, if one is.
        private func resumeTarget(_ practice: QuickPractice) throws -> (short: String, path: String?) {
            guard let resume else {
                return (try withVaultErrors { try practice.store.resolveClient(client ?? "") }, nil)
            }
            let entry = try practice.trialSession(resume)
            guard case .trials(let session) = entry.content, let owner = PracticePath(entry.path).client else {
                throw usageError("\(entry.path.visible()) is not a trial session in a client's folder", command: "log")
            }
            if let client {
                let short = try withVaultErrors { try practice.store.resolveClient(client) }
                guard owner == short else { throw usageError("\(entry.path.visible()) is not a session of \(short.visible())", command: "log") }
            }
            // Only a session that takes trials now: open, and started today.
            if let refusal = TrialSessionLifecycle.refusal(
                TrialSessionLifecycle.acceptance(of: session, at: CommandClock.now, in: practice.vault.timeZone), path: entry.path, client: owner) {
                try withVaultErrors { throw refusal }
            }
            return (owner, entry.path)
        }

        /// The client's session of today that was never ended, when the person at the terminal
        /// chooses to go on with it. Without a terminal to ask on, a new session is started, and
        /// the open one named.
        private func offerOpenSession(_ record: ClientRecord, vault: Vault) -> String? {
            guard let open = record.openSession(at: CommandClock.now, in: vault.timeZone) else { return nil }
            let shown = vaultOptions.hints.path(open.path, in: vault)
            let at = open.session.date?.time.map { $0.hour.zeroPadded(2) + ":" + $0.minute.zeroPadded(2) } ?? "today"
            let events = open.session.events.isEmpty ? "" : " and " + counted(open.session.events.count, "event", "events")
            let what = "\(record.client.displayName.visible())'s session from \(at) today is still open, with \(counted(open.session.trials.count, "trial", "trials"))\(events) (\(shown))."
            guard Terminal.current.isInteractive else {
                ErrorStream.current.write("Note: \(what) Starting a new one; go on with it instead with: " + vaultOptions.hints.command("log", "--resume", open.path))
                return nil
            }
            return Prompt.confirm(what + " Go on with it?", defaultYes: true) ? open.path : nil
        }

        /// Writes the session's end: now (left as it is when another front end ended it).
        private func end(path: String, store: DocumentStore, zone: TimeZone) throws {
            try withVaultErrors { _ = try store.endTrials(try store.read(path), at: nil, now: CommandClock.now, ifEnded: .keep) }
        }
    }
}
