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

    @Option(name: .customLong("include"), help: ArgumentHelp("What to add to the sessions, separated by commas: moods (the check-ins on the mood chart and listed), measures (PHQ-9 and GAD-7), or none. Default: report_include in .afterflow/config.yml, else none.", valueName: "parts"))
    var include: [String] = []

    private var includeNames: [String] {
        include.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }.filter { !$0.isEmpty }
    }

    func validate() throws {
        for name in includeNames where !VaultConfig.reportParts.contains(name) && name != "none" {
            throw ValidationError("--include takes \(VaultConfig.reportParts.joined(separator: ", ")) or none, separated by commas, found \"\(name.visible())\""
                                  + Suggestion.clause(for: name, among: VaultConfig.reportParts))
        }
    }

    /// Whether the report adds nothing to the sessions (no --include, and no `report_include` in
    /// the vault's settings): then a period's report reads the sessions of its days alone.
    func addsNothing(_ config: VaultConfig) -> Bool {
        HTMLReport.parts(chosen: includeNames, config: config).isEmpty
    }

    /// Adds what --include (else the vault's `report_include`) asks for to `report`: the
    /// check-ins and measures of the report's days (--since and --until, else the first
    /// session's day to the last's).
    func addParts(to report: inout HTMLReport, store: IndexStore, sessions: [IndexedSession], filters: FilterOptions) throws {
        let parts = HTMLReport.parts(chosen: includeNames, config: store.vault.config)
        let range = try dayRange(since: filters.since, until: filters.until, zone: store.vault.timeZone)
        let found = try withVaultErrors { try report.add(parts, from: store, sessions: sessions, since: range.since, until: range.until) }
        if !found {
            ErrorStream.current.write("No measures (PHQ-9, GAD-7) in the report's days, so it has no measures section.")
        }
    }
}

extension ReportOptions {

    /// The report, from `filters`, for the sessions about to be exported.
    func report(timeZone: TimeZone, now: Date, filters: FilterOptions) -> HTMLReport {
        var report = HTMLReport(timeZone: timeZone, now: now)
        report.pageSize = page.size
        report.cover = !noCover
        report.filters = filters.summary
        report.cores = ProcessInfo.processInfo.activeProcessorCount
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
/// `sessionsOnly` says, from the vault's settings, whether the export reads nothing but the
/// sessions (so that a period's export brings up to date the sessions of its days alone).
func exportedSessions(_ vaultOptions: VaultOptions, _ filters: FilterOptions, now: Date, oldestFirst: Bool = false,
                      sessionsOnly: (VaultConfig) -> Bool = { _ in true }) throws -> (store: IndexStore, rows: [IndexedSession], leftOut: [String]) {
    let (store, report, chosen) = try vaultOptions.index(for: filters, now: now, command: "export", sessionsOnly: sessionsOnly)
    var filter = chosen
    filter.sort = oldestFirst ? .oldest : .newest
    let exported = try withVaultErrors { try store.exportedSessions(filter) }
    let leftOut = exported.leftOut
    let err = ErrorStream.current
    let printer = DiagnosticPrinter(vault: store.vault)
    let hints = vaultOptions.hints
    for path in leftOut {
        err.write(err.style("error:", "1;31") + " left out \(printer.displayPath(path)), which has errors; '\(hints.command("check"))' shows them")
    }
    if !leftOut.isEmpty {
        let count = leftOut.count
        err.write("\(count) session\(count == 1 ? " was" : "s were") left out of the export; fix \(count == 1 ? "it" : "them") and export again, or add --skip-invalid to export the rest and exit 0")
    }
    // Files with errors that the filters did not select (or that are not sessions).
    warnProblems(withErrors: exported.otherProblems, unreadable: report.readFailures.count, other: !leftOut.isEmpty, hints: hints)
    return (store, exported.rows, leftOut)
}

/// `Wrote 21 sessions to PATH`, on standard error.
func reportWritten(_ count: Int, to path: String?, extra: String = "") {
    guard let path else { return }
    ErrorStream.current.write("Wrote \(count) session\(count == 1 ? "" : "s") to \(path)\(extra)")
}
