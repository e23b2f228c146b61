import AfterflowKit
import ArgumentParser
import Foundation

/// The layout flags of `export html` and `export pdf`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Paper size: letter (the default) or a4.", valueName: "size"))
    var page: PageSizeOption = .letter

    @Flag(help: "Leave out the cover page (title, date range, filters, count).")
    var noCover = false

    @Flag(help: "Oldest session first (the default is newest first, as in the app).")
    var oldestFirst = false

    /// The report, from `filters`, for the sessions about to be exported.
    func report(timeZone: TimeZone, now: Date, filters: FilterOptions) -> HTMLReport {
        var report = HTMLReport(timeZone: timeZone, now: now)
        report.pageSize = page.size
        report.cover = !noCover
        report.filters = filters.summary
        return report
    }
}

enum PageSizeOption: String, ExpressibleByArgument, CaseIterable {
    case letter, a4

    var size: HTMLReport.PageSize { self == .letter ? .letter : .a4 }
}

/// `--skip-invalid` of every export.
struct ExportValidity: ParsableArguments {
    @Flag(help: "Exit 0 when some sessions have errors; they are still left out and named.")
    var skipInvalid = false

    /// After the export is written: exit 1 when sessions were left out, unless `--skip-invalid`.
    func finish(leftOut: [String]) throws {
        if !leftOut.isEmpty && !skipInvalid { throw Exit.dataProblem }
    }
}

/// The sessions an export writes: from the index (brought up to date first), as the filters say.
///
/// A session whose file has errors is left out (a half-read session would export wrong values)
/// and named on standard error; `leftOut` lists their paths.
func exportedSessions(_ vaultOptions: VaultOptions, _ filters: FilterOptions, now: Date, oldestFirst: Bool = false) throws -> (store: IndexStore, rows: [IndexedSession], leftOut: [String]) {
    let (store, report) = try vaultOptions.index()
    var filter = filters.filter(timeZone: store.vault.timeZone, now: now)
    filter.sort = oldestFirst ? .oldest : .newest
    var rows = try withVaultErrors { try store.sessions(filter) }
    let broken = try withVaultErrors { try store.pathsWithErrors() }
    var leftOut: [String] = []
    if !broken.isEmpty {
        rows.removeAll { row in
            guard broken.contains(row.path) else { return false }
            leftOut.append(row.path)
            return true
        }
    }
    let err = ErrorStream.current
    let printer = DiagnosticPrinter(vault: store.vault)
    let hints = vaultOptions.hints
    for path in leftOut.sorted() {
        err.write(err.style("error:", "1;31") + " left out \(printer.displayPath(path)), which has errors; '\(hints.command("check"))' shows them")
    }
    if !leftOut.isEmpty {
        let count = leftOut.count
        err.write("\(count) session\(count == 1 ? " was" : "s were") left out of the export; fix \(count == 1 ? "it" : "them") and export again, or add --skip-invalid to export the rest and exit 0")
    }
    // Files with errors that the filters did not select (or that are not sessions).
    warnProblems(withErrors: broken.count - leftOut.count, unreadable: report.readFailures.count, other: !leftOut.isEmpty, hints: hints)
    return (store, rows, leftOut)
}

/// `Wrote 21 sessions to PATH`, on standard error.
func reportWritten(_ count: Int, to path: String?, extra: String = "") {
    guard let path else { return }
    ErrorStream.current.write("Wrote \(count) session\(count == 1 ? "" : "s") to \(path)\(extra)")
}
