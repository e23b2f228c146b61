import AfterflowKit
import ArgumentParser
import Foundation

extension TrendMethod: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension Afterflow {
    struct ProgressCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "progress",
            abstract: "A client's progress per goal: one row per session day, the trend and the mastery state.",
            discussion: """
                Per goal, one row per day with trials, percent correct, percent independent, band and phase, a sparkline of the trend, and whether the mastery criterion is met (mastered on 2025-03-02: 80 %+ in 3 consecutive sessions of 10+ trials) or how far it is. Sessions with fewer trials than the goal's min_trials are shown and marked, and do not count. Two sessions of one goal on the same day are combined (the percent of all the day's trials).

                Below each goal, what its chart's lines show: a trend line per phase (split-middle, or least squares with --trend least-squares or the goal's trend: key; none under 4 sessions that count) and, when the goal has a target_date:, the aim line from the baseline level to the criterion by that day, with the four-point rule.

                Examples:
                  afterflow progress maya-t
                  afterflow progress maya-t --goal s-initial --since 2025-02-01
                  afterflow progress maya-t --format csv > maya.csv
                  afterflow progress maya-t --trend least-squares
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Option(help: ArgumentHelp("Only this goal (short name).", valueName: "goal"))
        var goal: String?

        @Option(help: ArgumentHelp("From this day on, inclusive.", valueName: "when"))
        var since: String?

        @Option(help: ArgumentHelp("Up to this day, inclusive.", valueName: "when"))
        var until: String?

        @Option(help: ArgumentHelp("How trend lines are fitted: split-middle or least-squares (default: the goal's trend:, else split-middle).", valueName: "method"))
        var trend: TrendMethod?

        @Option(help: ArgumentHelp("table, json or csv.", valueName: "format"))
        var format: ProgressFormat = .table

        enum ProgressFormat: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

        func run() throws {
            let vault = try vaultOptions.open()
            let store = DocumentStore(vault: vault)
            let short = try withVaultErrors { try store.resolveClient(client) }
            let record = try withVaultErrors { try store.load(short) }
            if let goal { _ = try goalRecord(goal, in: record, hints: vaultOptions.hints) }
            let range = try dayRange(since: since, until: until, zone: vault.timeZone)
            if let leftOut = LeftOutTrials.of(record, cues: store.cues).message { ErrorStream.current.write("Note: " + leftOut.visible()) }
            let progress = GoalProgress.make(record: record, cues: store.cues, goal: goal?.lowercased(),
                                             since: range.since.flatMap(LocalDate.parse), until: range.until.flatMap(LocalDate.parse))
            switch format {
            case .json:
                emit(JSONValue.array(progress.map { $0.json(trend: trend) }).serialized(pretty: true))
            case .csv:
                let rows = [GoalProgress.csvHeader(cues: store.cues)] + progress.flatMap(\.csvRows)
                emit(rows.map(CSVWriter.guardedRow).joined(separator: "\n"))
            case .table:
                let term = Terminal.current
                var lines = [term.bold(record.client.displayName.visible()) + (record.client.age(on: CommandClock.today(in: vault.timeZone)).map { ", \($0)" } ?? "") + term.dim("  (\(record.short))")]
                if progress.isEmpty { lines.append("No goals yet. Add one with: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE")) }
                if let coverage = record.reliabilityCoverage() {
                    let text = coverage.textLines
                    lines.append(term.bold("Reliability") + "  " + text[0] + term.dim(" (each session's lowest figure)"))
                    lines += text.dropFirst().map { "             " + $0 }
                }
                for item in progress {
                    lines.append("")
                    lines.append(term.bold(item.goal.short.visible()) + "  " + (item.goal.goal.title ?? "").visible() + term.dim("  (\(item.goal.goal.currentPhase.rawValue))"))
                    if item.goal.goal.measure != .trials {
                        lines += Self.behaviourLines(item.goal, record: record, cues: store.cues, term: term)
                        continue
                    }
                    if item.rows.isEmpty {
                        lines.append("  no trials yet")
                        continue
                    }
                    var rows = [["DAY", "TRIALS", "% CORRECT", "% INDEP.", "BAND", "PHASE"]]
                    for row in item.rows {
                        rows.append([row.day.dayString, String(row.trials), Percent.text(row.correct, of: row.trials),
                                     Percent.text(row.independent, of: row.trials), row.counts ? row.band.rawValue : "under \(item.goal.goal.effectiveMinTrials) trials",
                                     row.phase.rawValue])
                    }
                    for (i, line) in TextTable.lines(rows, rightAligned: [1, 2, 3]).enumerated() {
                        lines.append("  " + (i == 0 ? term.bold(line) : line))
                    }
                    lines.append("  trend " + item.sparkline)
                    for fact in ChartSeries(progress: item, trend: trend).facts { lines.append("  " + fact.visible()) }
                    lines.append("  " + item.description.visible())
                }
                emit(lines.joined(separator: "\n"))
            }
        }

        /// A behaviour goal's figure in each session with its lines.
        static func behaviourLines(_ goal: GoalRecord, record: ClientRecord, cues: CueLevels, term: Terminal) -> [String] {
            let history = BehaviourGoalFigures.history(of: goal, in: record, cues: cues)
            guard !history.isEmpty else { return ["  nothing recorded yet (afterflow record \(record.short) \(goal.short) …)"] }
            var rows = [["DAY", goal.goal.measure.rawValue.uppercased()]]
            rows += history.map { [$0.day.dayString, $0.figures.headline] }
            return TextTable.lines(rows).enumerated().map { "  " + ($0.offset == 0 ? term.bold($0.element) : $0.element) }
        }
    }
}
