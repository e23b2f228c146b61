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

/// The sessions an export writes: from the index (brought up to date first), as the filters say.
func exportedSessions(_ vaultOptions: VaultOptions, _ filters: FilterOptions, now: Date, oldestFirst: Bool = false) throws -> (IndexStore, [IndexedSession]) {
    let (store, _) = try vaultOptions.index()
    var filter = filters.filter(timeZone: store.vault.timeZone, now: now)
    filter.sort = oldestFirst ? .oldest : .newest
    let rows = try withVaultErrors { try store.sessions(filter) }
    warnUnreadable(try withVaultErrors { try store.unreadableCount() })
    return (store, rows)
}

/// `Wrote 21 sessions to PATH`, on standard error.
func reportWritten(_ count: Int, to path: String?, extra: String = "") {
    guard let path else { return }
    ErrorStream.current.write("Wrote \(count) session\(count == 1 ? "" : "s") to \(path)\(extra)")
}
