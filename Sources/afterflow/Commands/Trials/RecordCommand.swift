import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct RecordCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Log a behaviour: a count, a start or stop, a cue or response, intervals, an ABC incident, task steps, or none.",
            discussion: """
                Appends the event's line(s) to the session's ## Trials and flushes them to disk before it returns, as 'trial' does. The words after the goal follow its measure (measure: in the goal's file):

                  count     nothing (one occurrence), or how many
                  duration  start or stop (nothing switches it)
                  latency   cue, response, no-response (nothing switches), or 4s
                  interval  each interval's score in order: + or - (a number
                            first skips to that interval: 12 +)
                  abc       antecedent behaviour consequence (--abc: the
                            client's one abc goal)
                  task      a step and + - or n/a (--cue LEVEL), or a level
                            or n/a for every step in order

                none (count, duration, abc): the goal was observed the whole session and the behaviour did not occur, a 0 on its graph; record it once, at the end (a goal with no line has no day at all). Refused beside an occurrence of the goal, or for another measure.

                The session must be open, as for 'trial': start one with 'afterflow trials start'; --session adds to a past one on purpose.

                A second observer checking a session (interobserver agreement) logs into their own record with --observer INITIALS --reliability-of SESSION; the goal and its words come first. The record is made beside the session the first time (its start, end and place, role: reliability, primary: the session's id) and added to after; 'afterflow agreement SESSION' then compares the two, and 'progress' counts the check.

                Examples:
                  afterflow record maya-t hitting
                  afterflow record maya-t tantrum start
                  afterflow record maya-t on-task + - +
                  afterflow record maya-t name-response 4s
                  afterflow record maya-t --abc demand hitting escape
                  afterflow record maya-t handwash 3 + --cue gestural
                  afterflow record maya-t handwash i i gestural n/a i
                  afterflow record maya-t hitting none
                  afterflow record hitting --observer JD --reliability-of sam-r/2025-03-10
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Argument(help: ArgumentHelp("The goal's short name, then the words its measure takes.", valueName: "goal and words"))
        var words: [String] = []

        @Flag(help: "An ABC incident of the client's one goal of measure: abc (its name may be left out).")
        var abc = false

        @Option(help: ArgumentHelp("A task step's cue level (default: the goal's).", valueName: "level"))
        var cue: String?

        @Option(help: ArgumentHelp("A note on this event.", valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp("The time of day (default now), like 15:02:10.", valueName: "time"))
        var at: String?

        @Option(name: .customLong("session"),
                help: ArgumentHelp("Add to this session on purpose, even past or ended (client/day, id prefix, path); the first argument names its client.", valueName: "session"))
        var onPurpose: String?

        @Option(help: ArgumentHelp("With --reliability-of: the second observer's initials.", valueName: "initials"))
        var observer: String?

        @Option(help: ArgumentHelp("Log into the second observer's record of this session (client/day, id prefix, path) instead; the goal comes first.", valueName: "session"))
        var reliabilityOf: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            if (observer == nil) != (reliabilityOf == nil) {
                throw ValidationError("--observer and --reliability-of go together, like 'afterflow record hitting --observer JD --reliability-of sam-r/2025-03-10'")
            }
            if reliabilityOf != nil && onPurpose != nil { throw ValidationError("--reliability-of names the session already; leave out --session") }
            if let observer, let problem = FieldText.problem(field: "--observer", text: observer, multiline: false) { throw ValidationError(problem) }
            if reliabilityOf == nil && !abc && words.isEmpty { throw ValidationError("name the goal after the session, like 'afterflow record maya-t hitting'") }
            if let note, let problem = FieldText.problem(field: "--note", text: note, multiline: false) { throw ValidationError(problem) }
            if let at, TimeOfDay.parse(at) == nil { throw ValidationError("--at must be a time of day like 15:02:10, found \"\(at.visible())\"") }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            var (entry, client) = try practice.loggingTarget(reliabilityOf ?? session, onPurpose: onPurpose, command: "record")
            let store = practice.store
            // With --reliability-of every argument is the goal and its words.
            let given = reliabilityOf == nil ? words : [session] + words
            let (goal, definition, rest) = try goalAndWords(given, client: client, practice: practice)
            if let observer {
                entry = try secondObserversRecord(of: entry, client: client, observer: observer, store: store)
            }
            let time = practice.timeOfDay(at)
            let before = TrialSession(document: entry.document).events
            let planned = EventEntry(goal: goal, of: definition, config: practice.vault.config)
                .events(rest, cue: cue, at: time, note: (note ?? "").trimmingCharacters(in: .whitespaces), after: before)
            let events: [BehaviourEvent]
            switch planned {
            case .success(let made): events = made
            case .failure(let problem): throw usageError(problem.message, command: "record")
            }
            let written: Document
            if onPurpose != nil || reliabilityOf != nil {
                written = try withVaultErrors { try store.append(events, to: entry.path) }
            } else {
                let anyway = vaultOptions.hints.command(["record", client] + (abc ? ["--abc"] : []) + words + ["--session", entry.path])
                written = try withVaultErrors { try store.append(events, to: entry.path, acceptingAt: CommandClock.now, client: client, onPurpose: anyway) }
            }
            let status = EventStatus.text(of: events, in: TrialSession(document: written).events)
            if format == .json {
                emit(JSONValue.object([
                    ("path", .string(entry.path)), ("goal", .string(goal)), ("measure", .string(definition.measure.rawValue)),
                    ("lines", .array(events.map { .string($0.lineText) })), ("status", .string(status)),
                ]).serialized(pretty: true))
                return
            }
            for event in events { emit(String(event.lineText.dropFirst(2)).visible()) }
            emit("  \(status)".visible())
        }

        /// The second observer's record of the session `primary` (made the first time, said on
        /// standard error), read.
        private func secondObserversRecord(of primary: VaultEntry, client: String, observer: String, store: DocumentStore) throws -> VaultEntry {
            guard case .trials(let session) = primary.content else {
                throw usageError("\(primary.path) is not a trial session", command: "record")
            }
            let record = try withVaultErrors { try store.load(client) }
            let (path, created) = try withVaultErrors {
                try store.reliabilityRecord(of: TrialSessionRecord(path: primary.path, session: session), in: record, observer: observer,
                                            recordedOn: .script, now: CommandClock.now)
            }
            if created { ErrorStream.current.write("Made \(vaultOptions.hints.path(path, in: store.vault)): \(observer.visible())'s record of \(primary.path) (role: reliability).") }
            return try withVaultErrors { try store.read(path) }
        }

        /// The goal (named, or with --abc the client's one abc goal) and the words after it.
        private func goalAndWords(_ words: [String], client: String, practice: QuickPractice) throws -> (String, Goal, [String]) {
            if abc, words.count == 3 {
                let record = try withVaultErrors { try practice.store.load(client) }
                let abcGoals = record.goals.filter { $0.goal.measure == .abc }
                guard abcGoals.count == 1 else {
                    let fix = abcGoals.isEmpty
                        ? "add one: a goal file in clients/\(client)/goals/ with measure: abc"
                        : "name one first: 'afterflow record \(client) \(abcGoals[0].short) --abc \(words.joined(separator: " "))' (its goals of measure abc: \(abcGoals.map(\.short).joined(separator: ", ")))"
                    throw usageError("\(client) has \(abcGoals.isEmpty ? "no goal" : "\(abcGoals.count) goals") of measure: abc; \(fix)", command: "record")
                }
                return (abcGoals[0].short, abcGoals[0].goal, words)
            }
            guard let name = words.first else { throw usageError("--abc takes the antecedent, the behaviour and the consequence, like --abc demand hitting escape", command: "record") }
            let goal = name.lowercased()
            let definition = try practice.goal(name, of: client)
            if abc, definition.measure != .abc {
                throw usageError("--abc records an incident of a goal of measure: abc; \(goal) is of measure: \(definition.measure.rawValue)", command: "record")
            }
            return (goal, definition, Array(words.dropFirst()))
        }
    }
}
