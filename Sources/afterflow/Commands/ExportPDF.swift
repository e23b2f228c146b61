import AfterflowKit
import ArgumentParser
import Foundation

struct ExportPDF: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Print the HTML report to PDF with Chromium, Chrome or WeasyPrint.",
        discussion: """
            The same report as afterflow export html, printed by the first of chromium, chromium-browser, google-chrome, google-chrome-stable or weasyprint found on PATH. The page is written to a private temporary file that is removed afterwards, and the browser runs headless with a throwaway profile; the page fetches nothing, so nothing leaves this machine.

            When none of them is installed, afterflow says what to install, and how to get the HTML to print from any browser instead.

            Examples:
              afterflow export pdf -o ~/Documents/
              afterflow export pdf --page a4 --since 2024-01-01 -o report.pdf
              afterflow export pdf --treatment psilocybin > psilocybin.pdf
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var validity: ExportValidity
    @OptionGroup var layout: ReportOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    func run() throws {
        if output.output == nil && Terminal.current.stdoutIsTTY {
            throw usageError("a PDF is not for the terminal; write it to a file with -o PATH, or redirect standard output", command: "export pdf")
        }
        let now = CommandClock.now
        let (store, rows, leftOut) = try exportedSessions(vaultOptions, filters, now: now, oldestFirst: layout.oldestFirst, sessionsOnly: layout.addsNothing)
        let destination = try output.destination(in: store.vault, extension: "pdf", now: now)
        let engine = try pdfEngine(orInstead: ["Or write the same report as HTML, open it in any browser and print it to PDF from there:",
                                               "  " + htmlCommand()])
        let template = try withVaultErrors { try ReportTemplate.of(store.vault) }
        var report = layout.report(timeZone: store.vault.timeZone, now: now, filters: filters)
        report.treatments = store.vault.config.treatments
        report.routes = store.vault.config.routes
        try layout.addParts(to: &report, store: store, sessions: rows, filters: filters)
        let html = report.render(rows, template: template)
        let pdf = try withVaultErrors { try engine.render(html, environment: ProcessInfo.processInfo.environment, temporaryBase: ProcessInfo.processInfo.environment["TMPDIR"]) }
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: store.vault, now: now, what: "sessions in a report", count: rows.count,
                                                      records: rows.map(\.id), to: .output(destination))
        let path = try writeOutput(pdf, to: destination, logging: disclosure)
        reportWritten(rows.count, to: path, extra: " (printed with \(engine.executable))")
        try validity.finish(leftOut: leftOut)
    }

    /// This command line with `html` for `pdf`, and an output file ending in `.html`.
    func htmlCommand() -> String { ReportCommandLine.html(insteadOfPDF: Array(CommandLine.arguments.dropFirst())) }
}

/// The first program on PATH that prints PDF, or an error saying what to install and, in
/// `instead`, how to get the same page another way.
func pdfEngine(orInstead instead: [String]) throws -> PDFEngine {
    guard let engine = PDFEngine.find(searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
        report(VaultError(.notFound, "no program to print PDF with: afterflow uses Chromium, Google Chrome or WeasyPrint, and none is on PATH",
                          details: ["Install one of them:"] + PDFEngine.installAdvice.map { "  " + $0 } + instead))
        throw Exit.dataProblem
    }
    return engine
}
