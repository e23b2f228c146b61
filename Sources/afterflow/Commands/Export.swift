import ArgumentParser

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export sessions (the app's CSV, a print-ready report in HTML or PDF, JSON), a client's progress report, or trials as CSV.",
        discussion: """
            Every export takes the filters of list (--since and --until inclusive, --treatment, --status, --search, --where, --tag) and writes to standard output, or to -o PATH. When PATH is a folder the file gets a neutral name with nothing personal in it, such as Afterflow-Export-20241210-1430.csv. An existing file is replaced only with --force, and never a document or template of the vault or anything in .afterflow/. Files are created readable by you alone, and nothing leaves this machine. Each export is logged first in .afterflow/disclosures.log (what, which clients, where to; never a name or a note): --purpose says why, and 'afterflow disclosures' lists them.

            Examples:
              afterflow export csv -o ~/Desktop/
              afterflow export csv --since 2024-01-01 --treatment ketamine > k.csv
              afterflow export html --page a4 -o report.html
              afterflow export pdf --since last-year -o ~/Documents/
              afterflow export json --tag integration | jq '.[].mood_after'
              afterflow export progress maya-t --format pdf -o ~/Documents/
              afterflow export trials csv --client maya-t > maya-trials.csv
            """,
        subcommands: [ExportCSV.self, ExportHTML.self, ExportPDF.self, ExportJSON.self, ExportProgress.self, ExportTrials.self, ExportFHIR.self]
    )
}
