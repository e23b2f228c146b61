import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct AssessmentsCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assessments",
            abstract: "Each measure over time: PHQ-9 and GAD-7 totals with their bands, and every other instrument's scores.",
            discussion: """
                For each instrument, oldest first: the date, the total out of its maximum, the severity band, and for PHQ-9 the answer to item 9; above them a sparkline of the totals (higher is more symptoms) and the change from the first to the latest. Then every other instrument answered (MEQ-30, EDI, a vault's own): its score, each subscale and each threshold. From the index, brought up to date with the files first.

                Examples:
                  afterflow assessments
                  afterflow assessments --kind phq9 --since 2025-01-01
                  afterflow assessments --kind meq30
                  afterflow assessments --format csv > measures.csv
                  afterflow assess gad7                 answer one now
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Option(help: ArgumentHelp("Only this instrument: phq9, gad7, or another's id (afterflow instrument list).", valueName: "instrument"))
        var kind: String?

        @Option(help: ArgumentHelp("Only assessments on or after this day (2025-01-01, last-month, …).", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Only assessments on or before this day.", valueName: "date"))
        var until: String?

        @Option(help: ArgumentHelp("table (for people), json, csv, or paths.", valueName: "format"))
        var format: OutputFormat = .table

        func run() throws {
            let (index, report) = try vaultOptions.index()
            let zone = index.vault.timeZone
            let range = try dayRange(since: since, until: until, zone: zone)
            let catalog = InstrumentCatalog(vault: index.vault)
            if let kind, catalog.instrument(id: kind) == nil {
                throw usageError("--kind: no instrument \"\(kind.visible())\"; the instruments are \(catalog.all.map(\.id).joined(separator: ", "))", command: "assessments")
            }
            let id = kind.map { catalog.instrument(id: $0)?.id ?? $0 }
            let listings = try withVaultErrors { try index.assessments(instrumentID: id, since: range.since, until: range.until) }
            let series = AssessmentSeries.series(from: listings)
            let others = InstrumentSeries.series(from: listings, catalog: catalog)
            let byPath = Dictionary(listings.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            func items(_ point: AssessmentSeries.Point) -> [Int?] { byPath[point.path]?.items ?? [] }
            switch format {
            case .json:
                emit(JSONValue.array(series.map { $0.json(in: zone, items: items) } + others.map { $0.json(in: zone) }).serialized(pretty: true))
            case .csv:
                let rows = series.flatMap { $0.csvRows(in: zone, items: items) } + others.flatMap { $0.csvRows(in: zone) }
                emit(([CSVWriter.row(AssessmentSeries.csvHeader)] + rows.map(CSVWriter.row)).joined(separator: "\n"))
            case .paths:
                let paths = series.flatMap { $0.points.map(\.path) } + others.flatMap { $0.points.map(\.listing.path) }
                if !paths.isEmpty { emit(paths.map { Terminal.current.stdoutIsTTY ? $0.visible() : $0 }.joined(separator: "\n")) }
            case .table:
                let filtered = kind != nil || since != nil || until != nil
                let style = Terminal.current.textStyle
                if !series.isEmpty || others.isEmpty {
                    for line in AssessmentSeries.tableLines(series, items: items, filtered: filtered, style: style) { emit(line) }
                }
                for (i, other) in others.enumerated() {
                    if i > 0 || !series.isEmpty { emit("") }
                    for line in other.tableLines(style: style) { emit(line) }
                }
            }
            try index.warnProblems(report, hints: vaultOptions.hints)
        }
    }
}
