import ArgumentParser

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import sessions from the iOS app's CSV, trials from CSV, or check-ins from Daylio.",
        discussion: """
            Every row is checked before anything is written, and every problem is reported with its row and column. A session the vault already has (the same minute, treatment and intention) is skipped, so importing the same file twice adds nothing. New sessions are written in the canonical form with new ids.

            Examples:
              afterflow import csv ~/Downloads/Afterflow-Export-20241210-1430.csv
              afterflow import csv sessions.csv --dry-run
              afterflow import csv sessions.csv --skip-invalid
              afterflow import trials csv trials.csv --dry-run
              afterflow import daylio daylio_export.csv --map ok=5 --dry-run
            """,
        subcommands: [ImportCSV.self, ImportTrials.self, ImportDaylio.self]
    )
}
