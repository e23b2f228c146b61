import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct MoodsCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "moods",
            abstract: "List the mood check-ins, newest first.",
            discussion: """
                One line a check-in: date, score with its word, kind, labels (those suggested from the score and not chosen in parentheses), associations and the notes' first line. Filters combine. From the index, brought up to date with the files first.

                Examples:
                  afterflow moods --since last-month
                  afterflow moods --label anxious --association work
                  afterflow moods --format csv > moods.csv
                  afterflow moods --trend --since 2025-01-01

                --trend shows the daily averages of the last 30 days and the weekly averages of the last 12 weeks as sparklines, the most frequent labels, each association with the average score of its check-ins, and around each therapy session the average check-in score in the 7 days before it and the 7 days after it (--window), with each treatment's average change.
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Option(help: ArgumentHelp("Only check-ins on or after this day (2025-01-01, last-month, …).", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Only check-ins on or before this day.", valueName: "date"))
        var until: String?

        @Option(help: ArgumentHelp("Only check-ins with this label.", valueName: "label"))
        var label: String?

        @Option(help: ArgumentHelp("Only check-ins with this association.", valueName: "association"))
        var association: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("At most this many check-ins.", valueName: "n"))
        var limit: Int?

        @Flag(help: "The trend instead: daily and weekly averages, frequent labels and associations, and the moods around each session.")
        var trend = false

        @Option(help: ArgumentHelp("With --trend: the days before and after each session (default 7).", valueName: "days"))
        var window: Int = 7

        @Option(help: ArgumentHelp("With --trend: also this instrument's scores over time (phq9, meq30, …; afterflow instrument list).", valueName: "id"))
        var instrument: String?

        @Option(help: ArgumentHelp("table (for people), json, csv, or paths.", valueName: "format"))
        var format: OutputFormat = .table

        func validate() throws {
            if instrument != nil && !trend { throw ValidationError("--instrument goes with --trend; for the instruments alone, use 'afterflow assessments --kind ID'") }
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
            if window < 1 || window > 365 { throw ValidationError("--window must be a number of days from 1 to 365, found \(window)") }
            if trend && (format == .csv || format == .paths) { throw ValidationError("--trend is shown as a table or --format json") }
        }

        func run() throws {
            let labelName = try label.map {
                try MoodCommand.names([$0], option: "label", from: MoodVocabulary.labels, what: "labels", command: "moods").first
            } ?? nil
            let associationName = try association.map {
                try MoodCommand.names([$0], option: "association", from: MoodVocabulary.associations, what: "associations", command: "moods").first
            } ?? nil
            if trend {
                return try MoodTrendOutput(vaultOptions: vaultOptions, since: since, until: until, label: labelName, association: associationName,
                                           window: window, json: format == .json, instrument: instrument).run()
            }
            try MoodListingOutput(vaultOptions: vaultOptions, since: since, until: until, label: labelName, association: associationName,
                                  limit: limit, format: format).run()
        }
    }
}

/// The check-ins as `moods` and `list --kind mood` show them.
struct MoodListingOutput {
    let vaultOptions: VaultOptions
    var since: String?
    var until: String?
    var label: String?
    var association: String?
    var limit: Int?
    let format: OutputFormat

    func run() throws {
        let (index, report) = try vaultOptions.index()
        let zone = index.vault.timeZone
        let range = try dayRange(since: since, until: until, zone: zone)
        let moods = try withVaultErrors {
            try index.moodCheckIns(since: range.since, until: range.until, label: label, association: association, limit: limit)
        }
        let term = Terminal.current
        switch format {
        case .json:
            emit(JSONValue.array(moods.map { $0.json(in: zone) }).serialized(pretty: true))
        case .csv:
            emit(([CSVWriter.row(MoodListing.csvHeader)] + moods.map { CSVWriter.row($0.csvRow(in: zone)) }).joined(separator: "\n"))
        case .paths:
            if !moods.isEmpty { emit(moods.map { Terminal.current.stdoutIsTTY ? $0.path.visible() : $0.path }.joined(separator: "\n")) }
        case .table:
            let filtered = since != nil || until != nil || label != nil || association != nil
            for line in MoodListing.tableLines(moods, filtered: filtered, style: term.textStyle) { emit(line) }
        }
        try index.warnProblems(report, hints: vaultOptions.hints)
    }
}
