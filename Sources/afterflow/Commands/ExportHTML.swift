import AfterflowKit
import ArgumentParser
import Foundation

struct ExportHTML: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Write a print-ready report as one self-contained HTML page.",
        discussion: """
            A cover (title, when it was made, the dates and filters, how many sessions), a summary (a chart of mood before and after over time, and per treatment the count and average lift), then every session: date and time, treatment, administration, dose, mood with the scale's words, music, and the intention, environment, music notes and reflections rendered from Markdown.

            The page has its CSS inline, no script, and fetches nothing: no fonts, no images (an image in your Markdown becomes a link to it), no stylesheets. Raw HTML in what you wrote is left out and unsafe links are blanked. Open it in a browser (light or dark) or print it: each session starts a new page when it would not fit on the current one.

            With --include moods (or report_include: [moods] in .afterflow/config.yml), the mood check-ins of the report's days (--since and --until, else from the first session's day to the last's) are drawn on the mood chart between the sessions' before and after points, as diamonds, and listed after the summary with their labels and notes. --include measures lists the PHQ-9 and GAD-7 measures with their bands, when there are any, and beside each session the instruments given around it (MEQ-30, EDI, …) with their scores.

            The layout is the mustache template Templates/report.html of the vault when there is one (afterflow init writes a copy to edit), else the built-in one.

            Examples:
              afterflow export html -o report.html
              afterflow export html --page a4 --no-cover --since this-year -o ~/Desktop/
              afterflow export html --treatment ketamine --oldest-first > k.html
              afterflow export html --include moods,measures -o report.html
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var validity: ExportValidity
    @OptionGroup var layout: ReportOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    func run() throws {
        let now = CommandClock.now
        let (store, rows, leftOut) = try exportedSessions(vaultOptions, filters, now: now, oldestFirst: layout.oldestFirst, sessionsOnly: layout.addsNothing)
        let destination = try output.destination(in: store.vault, extension: "html", now: now)
        let template = try withVaultErrors { try ReportTemplate.of(store.vault) }
        var report = layout.report(timeZone: store.vault.timeZone, now: now, filters: filters)
        report.treatments = store.vault.config.treatments
        report.routes = store.vault.config.routes
        try layout.addParts(to: &report, store: store, sessions: rows, filters: filters)
        let html = report.render(rows, template: template)
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: store.vault, now: now, what: "sessions in a report", count: rows.count,
                                                      records: rows.map(\.id), to: .output(destination))
        let path = try writeOutput(Array(html.utf8), to: destination, logging: disclosure)
        reportWritten(rows.count, to: path)
        try validity.finish(leftOut: leftOut)
    }
}
