import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary",
            abstract: "The summary of a trial session: trials, success rate, cue levels, and each goal's rate and band.",
            discussion: """
                As the watch showed it after a session: the client (first name and last initial), duration, successes, failures, total trials, success rate, the cue-level breakdown, and per goal its trials, percent correct (successes at the cue levels the goal counts as correct), percent independent, and band: Excellent 85 %+, Good 70-84 %, Needs Work under 70 %.

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
            emit(Self.textLines(path: entry.path, trials: trials, summary: summary, record: record, client: client,
                                hints: vaultOptions.hints, term: Terminal.current).joined(separator: "\n"))
        }

        /// The summary as text: what `summary` prints and `log` shows when the session ends.
        static func textLines(path: String, trials: TrialSession, summary: TrialSummary, record: ClientRecord, client: String,
                              hints: Hints, term: Terminal, neutral: Bool = false) -> [String] {
            var lines: [String] = []
            let when = trials.date.map { "\($0.weekday) \($0.mediumDay)" + ($0.clockTime.map { ", \($0)" } ?? "") } ?? "no date"
            lines.append(term.bold(summary.clientDisplayName.visible()) + "  " + when + (summary.minutes.map { "  \($0) min" } ?? ""))
            lines.append(term.dim(path.visible()))
            lines.append("")
            let rate = summary.total == 0 ? "–" : Percent.text(summary.successes, of: summary.total)
            if neutral {
                // No word a child could read as praise or blame (log --neutral).
                lines.append(term.bold("Trials") + "      \(summary.total): \(summary.successes) ▲, \(summary.failures) ▼, \(rate) ▲")
            } else {
                lines.append(term.bold("Trials") + "      \(summary.total): \(counted(summary.successes, "success", "successes")), \(counted(summary.failures, "failure", "failures")), \(rate) success rate")
            }
            if summary.total > 0 {
                let cues = summary.cueLevels.filter { $0.trials > 0 }.map { "\($0.level) \($0.trials)" }.joined(separator: ", ")
                lines.append(term.bold("Cue levels") + "  \(cues)")
                lines.append("")
                var rows = neutral ? [["GOAL", "TRIALS", "▲", "%", "INDEPENDENT", "TITLE"]] : [["GOAL", "TRIALS", "CORRECT", "%", "INDEPENDENT", "BAND", "TITLE"]]
                for goal in summary.goals {
                    var row = [goal.short, String(goal.trials), String(goal.correct), Percent.text(goal.correct, of: goal.trials),
                               Percent.text(goal.independent, of: goal.trials), goal.band.rawValue, goal.title]
                    if neutral { row.remove(at: 5) }
                    rows.append(row)
                }
                for (i, whole) in TextTable.lines(rows, rightAligned: [1, 2, 3, 4]).enumerated() {
                    // On a terminal the last column (the title) is cut, not wrapped under the first.
                    var line = whole
                    if term.stdoutIsTTY && DisplayWidth.of(line) > term.width {
                        line = String(DisplayWidth.prefix(line, fitting: max(1, term.width - 1)).text) + "…"
                    }
                    lines.append(i == 0 ? term.bold(line) : line)
                }
            } else {
                lines.append(term.dim("No trials yet: ") + hints.command("trial", client, record.goals.first?.short ?? "GOAL", "success"))
            }
            return lines
        }
    }
}

/// `1 failure`, `3 failures`.
func counted(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
