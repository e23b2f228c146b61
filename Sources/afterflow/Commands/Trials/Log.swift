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
            abstract: "Log a trial session live, full screen: a key per trial, the cue after it.",
            discussion: """
                Starts a trial session of the client's active goals (or the goals given) and takes the whole terminal: the session timer, the clock, the client, the current goal with its trials and percentage (green at 70 %+, orange at 40-69 %, red under 40 %), a dot per goal.

                Keys: ↑ or k success, ↓ or j failure, ← → or h l previous/next goal, u undo the last trial, n a note on the last trial, q end the session. After each trial, choose its cue within 3 seconds with 1-4 (or the level's letter); else it is the goal's default cue. Every trial is written to the session file and flushed to disk as soon as its key is pressed, before its cue is chosen; killed at any moment, the file keeps every trial, and --resume goes on with it. q writes the session's end, prints the summary and the session's path. Ctrl-C leaves without ending it.

                Examples:
                  afterflow log maya-t
                  afterflow log maya-t --goal s-initial --goal two-step --location "Room 2"
                  afterflow log maya-t --resume maya-t/2025-01-14
                  afterflow log maya-t --plain           one line per trial, for screen readers
                  afterflow log maya-t --neutral         no green or red, no Success/Failure words
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

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

        func validate() throws {
            if let location, let problem = FieldText.problem(field: "--location", text: location, multiline: false) { throw ValidationError(problem) }
            if resume != nil && location != nil {
                throw ValidationError("--location is for a new session; a resumed one keeps the location: written in its file")
            }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let store = practice.store
            let vault = practice.vault
            let short = try withVaultErrors { try store.resolveClient(client) }
            let record = try withVaultErrors { try store.load(short) }
            let chosen: [GoalRecord]
            if goal.isEmpty {
                chosen = TrialSessionLifecycle.activeGoals(of: record)
                if chosen.isEmpty {
                    throw usageError("\(record.short) has no active goals to log; add one with: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE"), command: "log")
                }
            } else {
                var seen = Swift.Set<String>()
                chosen = try goal.map { try goalRecord($0, in: record, hints: vaultOptions.hints) }.filter { seen.insert($0.short).inserted }
            }
            let cues = store.cues
            let goals = chosen.map { g in
                LiveLogger.Goal(short: g.short, title: (g.goal.title ?? g.short).visible(),
                                defaultCue: g.goal.cue.flatMap(cues.level) ?? cues.independent)
            }
            let zone = vault.timeZone
            let path: String
            if let resume {
                let entry = try practice.trialSession(resume)
                guard PracticePath(entry.path).client == short else {
                    throw usageError("\(entry.path) is not a session of \(short)", command: "log")
                }
                if case .trials(let session) = entry.content, let refusal = TrialSessionLifecycle.refusal(
                    TrialSessionLifecycle.acceptance(of: session, at: Clock.now, in: zone), path: entry.path, client: short) {
                    try withVaultErrors { throw refusal }
                }
                path = entry.path
            } else {
                var start = LocalDate(Clock.now, in: zone)
                start.offset = nil
                path = try withVaultErrors {
                    try store.startTrials(client: record, date: start, location: location, observer: nil, recordedOn: .terminal, now: Clock.now)
                }
            }
            let entry = try withVaultErrors { try store.read(path) }
            guard case .trials(let session) = entry.content else {
                throw usageError("\(path) is not a trial session", command: "log")
            }
            let started = session.date.map { Date(timeIntervalSince1970: TimeInterval($0.epochSeconds(in: zone))) } ?? Clock.now
            let logger = LiveLogger(store: store, path: path, goals: goals, clientName: record.client.displayName,
                                    known: entry.document, started: started, neutral: neutral)
            let term = Terminal.current
            let outcome = (plain || !term.stdinIsTTY || !term.stdoutIsTTY)
                ? LivePlain(logger: logger).run()
                : LiveScreen(logger: logger, term: term).run()
            let shown = vaultOptions.hints.path(path, in: vault)
            switch outcome {
            case .left(let signal):
                if signal != SIGHUP {
                    ErrorStream.current.write("Left the session open with \(counted(logger.trials.count, "trial", "trials")): " + shown)
                    ErrorStream.current.write("Go on with: " + vaultOptions.hints.command("log", short, "--resume", path)
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
                try end(path: path, store: store, zone: zone)
                let ended = try withVaultErrors { try store.read(path) }
                let fresh = try withVaultErrors { try store.load(short) }
                if case .trials(let trials) = ended.content {
                    let summary = TrialSummary(session: trials, record: fresh, cues: cues)
                    emit(Afterflow.Summary.textLines(path: path, trials: trials, summary: summary, record: fresh, client: short,
                                                     hints: vaultOptions.hints, term: plain ? term.plain : term, neutral: neutral).joined(separator: "\n"))
                    emit("")
                }
                emit(shown)
            }
        }

        /// Writes the session's end: now (left as it is when another front end ended it).
        private func end(path: String, store: PracticeStore, zone: TimeZone) throws {
            try withVaultErrors { _ = try store.endTrials(try store.read(path), at: nil, now: Clock.now, ifEnded: .keep) }
        }
    }
}
