import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct TrialCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trial",
            abstract: "Log one trial: a success or failure on a goal, with its cue level.",
            discussion: """
                Appends one line to the session's ## Trials and flushes it to disk before it returns: '- 15:02:31 s-initial - minimal  said /th/ for /s/'. For scripts and other front ends; the cue is the goal's default (independent unless the goal says otherwise) when not given. Cue levels may be given by name, first letter or number (1 = independent).

                The session must be open (not ended) and started today (or less than 12 hours ago, past midnight); else start one with 'afterflow trials start'. To add a trial to a past or ended session on purpose, name it with --session.

                Examples:
                  afterflow trial maya-t s-initial success
                  afterflow trial maya-t s-initial failure --cue minimal --note "said /th/"
                  afterflow trial maya-t two-step + --cue mod --at 15:03:40
                  afterflow trial maya-t two-step + --cue mod --session maya-t/2025-01-14
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Argument(help: ArgumentHelp("The goal's short name.", valueName: "goal"))
        var goal: String

        @Argument(help: ArgumentHelp("success or failure (also + or -, s or f, y or n).", valueName: "result"))
        var result: String

        @Option(help: ArgumentHelp("The cue level (default: the goal's).", valueName: "level"))
        var cue: String?

        @Option(help: ArgumentHelp("A note on this trial.", valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp("The time of day of the trial (default now), like 15:02:10.", valueName: "time"))
        var at: String?

        @Option(name: .customLong("session"),
                help: ArgumentHelp("Add to this session on purpose, even past or ended (client/day, id prefix, path); the first argument names its client.", valueName: "session"))
        var onPurpose: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        static func success(_ text: String) -> Bool? {
            switch text.lowercased() {
            case "success", "s", "+", "y", "yes", "correct", "1": return true
            case "failure", "f", "-", "n", "no", "incorrect", "0": return false
            default: return nil
            }
        }

        func validate() throws {
            guard Self.success(result) != nil else {
                throw ValidationError("the result must be success or failure (or + and -), found \"\(result.visible())\"")
            }
            if let note, let problem = FieldText.problem(field: "--note", text: note, multiline: false) { throw ValidationError(problem) }
            if let at, TimeOfDay.parse(at) == nil { throw ValidationError("--at must be a time of day like 15:02:10, found \"\(at.visible())\"") }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let (entry, client) = try practice.loggingTarget(session, onPurpose: onPurpose, command: "trial")
            let store = practice.store
            let goalView = try practice.goal(goal, of: client)
            if goalView.measure != .trials {
                throw usageError("\(goal.lowercased()) is a goal of measure: \(goalView.measure.rawValue), not of trials; log it with '\(vaultOptions.hints.command("record", client, goal.lowercased()))' and the words its measure takes", command: "trial")
            }
            let cues = store.cues
            guard let level = cues.choose(cue, for: goalView) else {
                throw usageError("--cue must be one of \(cues.expectedList) (or a first letter that names one level, or 1-\(cues.names.count)), found \"\((cue ?? "").visible())\"", command: "trial")
            }
            let time = practice.timeOfDay(at)
            let trial = Trial(time: time, goal: goal.lowercased(), success: Self.success(result) ?? true, cue: level,
                              note: (note ?? "").trimmingCharacters(in: .whitespaces))
            let written = try appended(trial, to: entry.path, client: client, store: store)
            let session = TrialSession(valuesOf: written)
            let mine = session.trials.filter { $0.goal == trial.goal }
            let done = mine.filter(\.success).count
            if format == .json {
                emit(JSONValue.object([
                    ("path", .string(entry.path)), ("line", .string(trial.lineText)), ("goal", .string(trial.goal)),
                    ("trials", .int(mine.count)), ("successes", .int(done)),
                ]).serialized(pretty: true))
                return
            }
            emit("\(trial.lineText.dropFirst(2))   \(trial.goal): \(done) of \(mine.count) (\(Percent.text(done, of: mine.count)))".visible())
        }

        /// Writes the trial: into a session that takes one now, or into the one --session names.
        private func appended(_ trial: Trial, to path: String, client: String, store: DocumentStore) throws -> Document {
            if onPurpose != nil { return try withVaultErrors { try store.append(trial, to: path) } }
            let anyway = vaultOptions.hints.command("trial", client, trial.goal, result, "--session", path)
            return try withVaultErrors { try store.append(trial, to: path, acceptingAt: CommandClock.now, client: client, onPurpose: anyway) }
        }
    }
}
