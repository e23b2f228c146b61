import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow.GoalCommand {
    struct DueCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "due",
            abstract: "List goals whose data met their criterion, and maintenance checks that are due, with the command that records each.",
            discussion: """
                Nothing changes a phase by itself: each line names the command to run once you agree. A goal in baseline or active whose data met its mastery criterion (and its options: first_trial_independent, cold_probe, min_observers) is listed with 'goal phase … mastered --date DAY', the day of the session that met it. A goal marked mastered that has a maintenance: schedule is listed with 'goal phase … maintenance --date DAY', the day it was mastered. A goal in maintenance with a maintenance: schedule (weekly x 2, monthly x 2, counted from the day it entered maintenance) is listed when a check is due (run a probe session), when a check fell under the criterion ('goal phase … active') and when every check passed ('goal phase … closed').

                Examples:
                  afterflow goal due
                  afterflow goal due maya-t
                  afterflow goal due --format json | jq -r '.[].command'
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name (default: every client).", valueName: "client"))
        var client: String?

        @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
        var format: ListFormat = .table

        func run() throws {
            let practice = try Practice(vaultOptions)
            let records = try client.map { [try practice.client($0)] } ?? practice.store.clientShorts().map { short in
                try withVaultErrors { try practice.store.load(short) }
            }
            let items = records.flatMap { GoalDue.items(of: $0, cues: practice.store.cues, today: practice.today) }
            let hints = vaultOptions.hints
            if format == .json {
                emit(JSONValue.array(items.map { $0.json(command: hints.command($0.arguments)) }).serialized(pretty: true))
                return
            }
            guard !items.isEmpty else {
                emit("Nothing due on \(practice.today.dayString): no goal has met its criterion unmarked, and no maintenance check is due.")
                return
            }
            var rows = [["CLIENT", "GOAL", "DUE", "RUN"]]
            rows += items.map { [$0.client, $0.goal, $0.text, hints.command($0.arguments)] }
            let term = Terminal.current
            for (i, line) in TextTable.lines(rows).enumerated() { emit(i == 0 ? term.bold(line.visible()) : line.visible()) }
        }
    }
}
