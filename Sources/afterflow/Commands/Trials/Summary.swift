import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary",
            abstract: "The summary of a trial session: trials, success rate, cue levels, and each goal's rate and band.",
            discussion: """
                As the watch showed it after a session: the client (first name and last initial), duration, successes, failures, total trials, success rate, the cue-level breakdown, and per goal its trials, percent correct (successes at the cue levels the goal counts as correct), percent independent, and band: Excellent 85 %+, Good 70-84 %, Needs Work under 70 %. The last line says who signed the note and when ('afterflow sign'), or that it is a draft.

                Examples:
                  afterflow summary maya-t                 the newest session of maya-t
                  afterflow summary maya-t/2025-01-14
                  afterflow summary last --format json | jq '.goals[].percent_correct'
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            guard case .trials(let trials) = entry.content, let client = PracticePath(entry.path).client else {
                throw usageError("\(entry.path.visible()) is not a trial session in a client's folder", command: "summary")
            }
            let record = try withVaultErrors { try practice.store.load(client) }
            let summary = TrialSummary(session: trials, record: record, cues: practice.store.cues, path: entry.path)
            if let leftOut = summary.leftOut.message { ErrorStream.current.write("Note: " + leftOut.visible()) }
            if format == .json {
                emit(summary.json.serialized(pretty: true))
                return
            }
            emit(summary.text(of: trials, path: entry.path, on: Terminal.current,
                              firstTrial: vaultOptions.hints.command("trial", client, record.goals.first?.short ?? "GOAL", "success")))
            emit("\n" + summary.signatureLine.visible())
        }
    }
}

extension TrialSummary {
    /// The summary as this terminal shows it: what `summary` prints and `log` shows when the
    /// session ends; the goals' lines cut to the terminal's width. `firstTrial` is the command
    /// that logs one, for a session without trials.
    func text(of session: TrialSession, path: String, on term: Terminal, neutral: Bool = false, firstTrial: String) -> String {
        textLines(of: session, path: path, style: TextStyle(colors: term.colors, unicode: term.colors),
                  width: term.stdoutIsTTY ? term.width : nil, neutral: neutral, firstTrial: firstTrial).joined(separator: "\n")
    }
}
