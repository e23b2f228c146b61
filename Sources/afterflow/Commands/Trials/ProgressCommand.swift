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

                With --due, the clients whose progress report is due or late instead, each with the command that writes it: when reports are due is the client's progress_every: (10 visits, 30 days) or report_periods: (a school's reporting periods), else the vault's, and the reports given are the days in their progress_reports:. A report is late 7 days after it was due, or, with a number of visits, once another visit followed the one it was due at.

                A behaviour goal (measure: count, duration, latency, interval, abc or task) shows one row a day with the day's figure: a count's rate per hour (the day's counts over its summed observed time; --log-rate draws it on a log scale in the report and fits its trend on the logarithm), minutes of a duration and the share of the time, the percent of intervals scored, a latency's mean, ABC incidents, the percent of a task's steps done independently. Same-day sessions are joined, never averaged.

                With second observers' records (role: reliability), the client's sessions in the range are held against the field's convention (at least 80 % agreement on at least 20 % of sessions), and the sessions under 80 % are named; --format json gives it per goal under reliability.

                Below each goal, what its chart's lines show: a trend line per phase (split-middle, or least squares with --trend least-squares or the goal's trend: key; none under 4 sessions that count) and, when the goal has a target_date:, the aim line from the baseline level to the criterion by that day, with the four-point rule.

                Examples:
                  afterflow progress maya-t
                  afterflow progress maya-t --goal s-initial --since 2025-02-01
                  afterflow progress maya-t --format csv > maya.csv
                  afterflow progress maya-t --trend least-squares
                  afterflow progress sam-r --goal hitting --log-rate --format json
                  afterflow progress --due
                  afterflow progress --due --format json | jq -r '.[].command'
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name (with --due, optional: every client).", valueName: "client"))
        var client: String?

        @Flag(help: "List the progress reports that are due or late instead.")
        var due = false

        @Option(help: ArgumentHelp("Only this goal (short name).", valueName: "goal"))
        var goal: String?

        @Option(help: ArgumentHelp("From this day on, inclusive.", valueName: "when"))
        var since: String?

        @Option(help: ArgumentHelp("Up to this day, inclusive.", valueName: "when"))
        var until: String?

        @Option(help: ArgumentHelp("How trend lines are fitted: split-middle or least-squares (default: the goal's trend:, else split-middle).", valueName: "method"))
        var trend: TrendMethod?

        @Flag(help: "Fit a count goal's rate on a log scale (a ratio chart: the trend is a factor a week).")
        var logRate = false

        @Option(help: ArgumentHelp("table, json or csv.", valueName: "format"))
        var format: ProgressFormat = .table

        enum ProgressFormat: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

        func validate() throws {
            if due {
                if goal != nil || since != nil || until != nil || trend != nil || logRate {
                    throw ValidationError("--due lists the reports due; it takes no --goal, --since, --until, --trend or --log-rate")
                }
                if format == .csv { throw ValidationError("--due prints a table, or json with --format json") }
            } else if client == nil {
                throw ValidationError("name a client, like 'afterflow progress maya-t', or list the reports due with 'afterflow progress --due'")
            }
        }

        func run() throws {
            if due {
                try ProgressDue(vaultOptions: vaultOptions, client: client, json: format == .json).run()
                return
            }
            guard let client else { return }
            let vault = try vaultOptions.open()
            let store = DocumentStore(vault: vault)
            let short = try withVaultErrors { try store.resolveClient(client) }
            let record = try withVaultErrors { try store.load(short) }
            if let goal { _ = try goalRecord(goal, in: record, hints: vaultOptions.hints) }
            let range = try dayRange(since: since, until: until, zone: vault.timeZone)
            if let leftOut = LeftOutTrials.of(record, cues: store.cues).message { ErrorStream.current.write("Note: " + leftOut.visible()) }
            let since = range.since.flatMap(LocalDate.parse), until = range.until.flatMap(LocalDate.parse)
            let progress = GoalProgress.make(record: record, cues: store.cues, goal: goal?.lowercased(), since: since, until: until)
            switch format {
            case .json:
                emit(GoalProgress.json(progress, record: record, trend: trend, logRate: logRate).serialized(pretty: true))
            case .csv:
                emit(GoalProgress.csv(progress, record: record, cues: store.cues).map(CSVWriter.guardedRow).joined(separator: "\n"))
            case .table:
                let term = Terminal.current
                var lines = [term.bold(record.client.displayName.visible()) + (record.client.age(on: CommandClock.today(in: vault.timeZone)).map { ", \($0)" } ?? "") + term.dim("  (\(record.short))")]
                if progress.isEmpty { lines.append("No goals yet. Add one with: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE")) }
                if let coverage = record.reliabilityCoverage(since: since, until: until) {
                    let text = coverage.textLines
                    lines.append(term.bold("Reliability") + "  " + text[0] + term.dim(" (each session's lowest figure)"))
                    lines += text.dropFirst().map { "             " + $0 }
                }
                for item in progress {
                    lines.append("")
                    lines.append(term.bold(item.goal.short.visible()) + "  " + (item.goal.goal.title ?? "").visible() + term.dim("  (\(item.goal.goal.currentPhase.rawValue))"))
                    if item.goal.goal.measure != .trials {
                        let behaviour = BehaviourProgress(goal: item.goal, record: record, cues: store.cues, since: since, until: until, logRate: logRate)
                        lines += Self.behaviourLines(behaviour, trend: trend, term: term)
                        continue
                    }
                    lines += Self.trialLines(item, trend: trend, term: term)
                }
                emit(lines.joined(separator: "\n"))
            }
        }

        /// A trial goal's table (a row a day, and a row for the day's probe sessions), trend and
        /// mastery state. The KIND column shows only when the goal has probe sessions, the COLD
        /// PROBE column (each session's first trial) only with `cold_probe: true`.
        static func trialLines(_ item: GoalProgress, trend: TrendMethod?, term: Terminal) -> [String] {
            guard !item.rows.isEmpty else { return ["  no trials yet"] }
            let probes = !item.probeRows.isEmpty, cold = item.rule.coldProbe
            var lines: [String] = []
            var rows = [["DAY"] + (probes ? ["KIND"] : []) + ["TRIALS", "% CORRECT", "% INDEP."] + (cold ? ["COLD PROBE"] : []) + ["BAND", "PHASE"]]
            for row in item.rows {
                let band = row.counts ? row.band.rawValue : "under \(item.minTrials) trials"
                rows.append([row.day.dayString] + (probes ? [row.probe ? "probe" : "teaching"] : [])
                            + [String(row.trials), Percent.text(row.correct, of: row.trials), Percent.text(row.independent, of: row.trials)]
                            + (cold ? ["\(row.firstTrials.correct) of \(row.firstTrials.trials)"] : []) + [band, row.phase.rawValue])
            }
            // TRIALS, % CORRECT, % INDEP. and COLD PROBE are numbers, after DAY and KIND.
            let first = probes ? 2 : 1
            let right = Set(first..<(first + (cold ? 4 : 3)))
            for (i, line) in TextTable.lines(rows, rightAligned: right).enumerated() {
                lines.append("  " + (i == 0 ? term.bold(line) : line))
            }
            if probes {
                for (label, part) in [("probes", item.rows.filter(\.probe)), ("teaching", item.rows.filter { !$0.probe })] where !part.isEmpty {
                    var tally = TrialCounts()
                    for row in part { tally.add(row.tally) }
                    lines.append("  \(label): \(counted(part.count, "day", "days")), \(tally.correct) of \(tally.trials) correct (\(Percent.text(tally.correct, of: tally.trials)))")
                }
            }
            lines.append("  trend " + item.sparkline)
            for fact in ChartSeries(progress: item, trend: trend).facts { lines.append("  " + fact.visible()) }
            lines.append("  " + item.description.visible())
            return lines
        }

        /// A behaviour goal's figure each day (same-day sessions joined), its phase, and what its
        /// chart's lines show.
        static func behaviourLines(_ behaviour: BehaviourProgress, trend: TrendMethod?, term: Terminal) -> [String] {
            guard !behaviour.rows.isEmpty else {
                return ["  nothing recorded yet (afterflow record \(behaviour.client) \(behaviour.goal.short) …)"]
            }
            var rows = [["DAY", behaviour.measure.rawValue.uppercased(), "PHASE"]]
            rows += behaviour.rows.map { row in
                [row.day.dayString + (row.sessions.count > 1 ? " (\(row.sessions.count))" : ""), row.text(measure: behaviour.measure), row.phase.rawValue]
            }
            var lines = TextTable.lines(rows).enumerated().map { "  " + ($0.offset == 0 ? term.bold($0.element) : $0.element) }
            if let baseline = behaviour.baseline {
                lines.append("  baseline " + behaviour.scale.text(baseline.value) + " (\(baseline.how))")
            }
            for fact in ChartSeries(behaviour: behaviour, trend: trend).facts { lines.append("  " + fact.visible()) }
            return lines
        }
    }
}
