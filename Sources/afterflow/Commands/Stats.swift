import AfterflowKit
import ArgumentParser
import Foundation

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of the journal: moods, treatments, rhythm.",
        discussion: """
            Sessions by treatment and status, mood before and after on average and the average lift per treatment, sessions per month, the longest gap between sessions, and the reflections still owed; a line on the mood check-ins when there are any. The drafts waiting in .afterflow/drafts/ do not count. Charts use Unicode blocks on a terminal and plain text when piped or with NO_COLOR.

            Examples:
              afterflow stats
              afterflow stats --since this-year --treatment psilocybin
              afterflow stats --format json | jq .by_treatment
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
    var format: DataFormat = .text

    func run() throws {
        let (store, report) = try vaultOptions.index()
        try filters.checkTreatments(in: store.vault.config, command: "stats")
        let journal = try withVaultErrors { try store.statistics(filters.filter(timeZone: store.vault.timeZone, treatments: store.vault.config.treatments)) }
        let range = try dayRange(since: filters.since, until: filters.until, zone: store.vault.timeZone)
        let practice = try withVaultErrors { try store.practiceStatistics(since: range.since, until: range.until) }
        let moods = try withVaultErrors { try store.moodCheckIns(since: range.since, until: range.until) }
        var stats = StatsReport(journal: journal, practice: practice, moods: MoodTrend(checkIns: moods, timeZone: store.vault.timeZone))
        stats.treatments = store.vault.config.treatments
        if format == .json {
            emit(stats.json.serialized(pretty: true))
        } else {
            let term = Terminal.current
            emit(stats.text(style: TextStyle(colors: term.colors, unicode: term.colors)))
        }
        try store.warnProblems(report, hints: vaultOptions.hints)
    }
}
