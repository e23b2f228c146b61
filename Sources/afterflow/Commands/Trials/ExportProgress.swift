import AfterflowKit
import ArgumentParser
import Foundation

struct ExportProgress: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Write a client's progress report, HTML or PDF, to file or hand to a family or school team.",
        discussion: """
            A cover (the client as first name, last initial and age, the date range, the clinician and practice from the vault's settings: clinician: and practice: in .afterflow/config.yml), then per goal: its definition, where it stands (mastered, or how far from the criterion), a chart of percent correct per session with the criterion as a line, phase changes as vertical lines, sessions under min_trials marked and left out of the lines, a trend line per phase (split-middle unless --trend or the goal's trend: says least-squares), an aim line from the baseline level to the criterion by the goal's target_date:, and the day mastered ringed, the cue levels over time, and a table of the sessions. A behaviour goal (count, duration, latency, interval, abc, task) is charted in its own unit, with the same phase lines, broken path and trend: a count as its rate per hour (--log-rate for a log scale), a duration in minutes, intervals and task steps in percent, a latency in seconds, ABC incidents; with a table of its days. When the client has second observers' records, the cover holds the sessions against the convention (80 % agreement on 20 % of sessions) and names those under 80 %. --notes adds the session notes. The full name and date of birth appear only with --full-names.

            With --period, the report of the period since the last one: from the day after the client's last progress_reports: day (or the first visit) to today, with per goal the baseline, the current level, the change, the criterion, a sentence on progress and, for a goal with a target_date: or a client with report_periods:, whether the trend reaches the criterion by then. Today's day is then added to progress_reports: in client.md, which is what progress --due counts from; --dry-run writes the report without recording it.

            The page is self-contained (CSS inline, no script, nothing fetched), prints on Letter or A4, and reads on a phone and with a screen reader. The layout is the vault's Templates/progress.html when there is one, else the built-in one. PDF is printed by headless Chromium (or Chrome, or WeasyPrint) with no network, as for export pdf.

            Examples:
              afterflow export progress maya-t -o ~/Documents/
              afterflow export progress maya-t --format pdf --since 2025-01 -o maya.pdf
              afterflow export progress leo-o --goal requests --notes --page a4 -o leo.html
              afterflow export progress maya-t --period -o ~/Documents/
              afterflow export progress sam-r --log-rate --format pdf -o sam.pdf
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
    var client: String

    @Option(help: ArgumentHelp("html (default) or pdf.", valueName: "format"))
    var format: ReportFormat = .html

    @Option(help: ArgumentHelp("Only this goal (short name).", valueName: "goal"))
    var goal: String?

    @Option(help: ArgumentHelp("From this day on, inclusive.", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Up to this day, inclusive.", valueName: "when"))
    var until: String?

    @Option(help: ArgumentHelp("How trend lines are fitted: split-middle or least-squares (default: the goal's trend:, else split-middle).", valueName: "method"))
    var trend: TrendMethod?

    @Flag(help: "Draw a count goal's rate per hour on a log scale (a ratio chart).")
    var logRate = false

    @Flag(help: "The report of the period since the last one, recorded in the client's progress_reports:.")
    var period = false

    @Flag(help: "With --period: write the report without recording its day.")
    var dryRun = false

    @Flag(help: "Add the session notes.")
    var notes = false

    @Flag(help: "Show the client's full name and date of birth.")
    var fullNames = false

    @Option(help: ArgumentHelp("letter (default) or a4.", valueName: "size"))
    var page: PageSizeOption = .letter

    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case html, pdf }

    func validate() throws {
        if period && (since != nil || until != nil) { throw ValidationError("--period covers the days since the last report; it takes no --since or --until") }
        if dryRun && !period { throw ValidationError("--dry-run goes with --period: it writes the period's report without recording it") }
    }

    func run() throws {
        if format == .pdf && output.output == nil && Terminal.current.stdoutIsTTY {
            throw usageError("a PDF is not for the terminal; write it to a file with -o PATH, or redirect standard output", command: "export progress")
        }
        let now = CommandClock.now
        let vault = try vaultOptions.open()
        let store = DocumentStore(vault: vault)
        let short = try withVaultErrors { try store.resolveClient(client) }
        // The report shows no problems (`check` does): the sessions are read for their values.
        let record = try withVaultErrors { try store.load(short, checking: false, cores: ProcessInfo.processInfo.activeProcessorCount) }
        if let goal { _ = try goalRecord(goal, in: record, hints: vaultOptions.hints) }
        let range = try dayRange(since: since, until: until, zone: vault.timeZone)
        let today = CommandClock.today(in: vault.timeZone)
        let span = period ? reportPeriod(of: record, config: vault.config, cues: store.cues, today: today) : nil
        let progress = GoalProgress.make(record: record, cues: store.cues, goal: goal?.lowercased(),
                                         since: span?.start ?? range.since.flatMap(LocalDate.parse), until: span?.end ?? range.until.flatMap(LocalDate.parse))
        if let leftOut = LeftOutTrials.of(record, cues: store.cues).message { ErrorStream.current.write("Note: " + leftOut.visible()) }
        let destination = try output.destination(in: vault, extension: format.rawValue, now: now)
        let html = try withVaultErrors {
            try ProgressReport.html(record: record, progress: progress, cues: store.cues, clinician: vault.config.clinician,
                                    practice: vault.config.practice, includeNotes: notes, fullNames: fullNames,
                                    today: CommandClock.today(in: vault.timeZone),
                                    template: try ProgressReport.template(of: vault), pageSize: page.size, trend: trend, period: span,
                                    logRate: logRate)
        }
        let sessions = GoalProgress.sessionCount(progress, record: record, cues: store.cues)
        var extra = ""
        var bytes = Array(html.utf8)
        if format == .pdf {
            let engine = try pdfEngine(orInstead: ["Or write the report as HTML (--format html), open it in any browser and print it from there."])
            bytes = try withVaultErrors { try engine.render(html, environment: ProcessInfo.processInfo.environment, temporaryBase: ProcessInfo.processInfo.environment["TMPDIR"]) }
            extra = " (printed with \(engine.executable))"
        }
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: vault, now: now, what: "sessions in a progress report", count: sessions,
                                                      clients: [short], to: .output(destination))
        if let path = try writeOutput(bytes, to: destination, logging: disclosure) {
            ErrorStream.current.write("Wrote the progress report of \(record.client.displayName.visible()): \(progress.count) goal\(progress.count == 1 ? "" : "s"), \(sessions) session\(sessions == 1 ? "" : "s"), to \(path)\(extra)")
        }
        if period { try recordReport(of: record, today: today, now: now, store: store) }
    }
}
