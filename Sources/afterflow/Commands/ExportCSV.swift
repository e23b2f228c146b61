import AfterflowKit
import ArgumentParser
import Foundation

struct ExportCSV: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write sessions as CSV in the iOS app's format, every field with --full, or the check-ins with --moods.",
        discussion: """
            The app's 8 columns, exactly, so that the file opens in the app: Date, Treatment Type, Administration, Intention, Mood Before, Mood After, Reflections, Music Link URL. Newest first; dates like "Dec 10, 2024 at 2:30 PM", the day and time each file writes (as list shows them; a time without an offset is in the vault's time zone); RFC 4180 quoting; LF between rows and no newline after the last. A treatment the app lacks (5-MeO-DMT, ibogaine, one the vault adds under treatments:) is written Other, as is a route it lacks (sublingual); --full keeps their names. Dose, environment, music notes and tags have no column in the app's format: use --full to keep them. Drafts (sessions still missing an intention or mood before) are left out, as the app cannot read them, unless --status draft asks for them.

            A cell that starts with =, +, -, @, a tab or a carriage return gets a ' in front, so that a spreadsheet shows it as text instead of running it as a formula; afterflow import csv removes it again.

            --full writes every field for spreadsheets and scripts: ISO 8601 dates with their offset, one column for each front-matter key (your own keys too) and the file's path.

            --moods writes the mood check-ins instead, one row each, newest first: \(MoodCSV.header.joined(separator: ", ")). The date is ISO 8601 with its offset, day and time as written; labels, associations and tags are each joined with ", " in their cell; the notes are the whole body. Only --since and --until filter them.

            Examples:
              afterflow export csv -o ~/Desktop/
              afterflow export csv --moods --since 2025-01 -o moods.csv
              afterflow export csv --since 2024-06 --until 2024-12 > second-half.csv
              afterflow export csv --full --bom --crlf -o sessions.csv
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var validity: ExportValidity
    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    @Flag(help: "Every field, one column for each front-matter key, ISO 8601 dates.")
    var full = false

    @Flag(help: "The mood check-ins instead of the sessions, one row each.")
    var moods = false

    @Flag(help: "End rows with CR LF, as some spreadsheet programs want.")
    var crlf = false

    @Flag(help: "Start the file with a UTF-8 byte order mark, as Excel wants to see UTF-8.")
    var bom = false

    func validate() throws {
        guard moods else { return }
        if full { throw ValidationError("--moods and --full are two different exports; give one") }
        if !filters.treatments.isEmpty || !filters.statuses.isEmpty || filters.search != nil || !filters.conditions.isEmpty || !filters.tags.isEmpty {
            throw ValidationError("--moods takes only --since and --until of the filters; --treatment, --status, --search, --where and --tag choose sessions")
        }
    }

    func run() throws {
        let now = CommandClock.now
        if moods { return try exportMoods(now: now) }
        let (store, chosen, leftOut) = try exportedSessions(vaultOptions, filters, now: now)
        let destination = try output.destination(in: store.vault, extension: "csv", now: now)
        let (rows, drafts) = AppCSV.appReadable(chosen, includingDrafts: full || filters.asksForDrafts)
        if drafts > 0 {
            ErrorStream.current.write("Left out \(drafts) draft\(drafts == 1 ? "" : "s") (no intention or mood before), which the app cannot read; --status draft or --full includes \(drafts == 1 ? "it" : "them")")
        }
        var writer = AppCSV(timeZone: store.vault.timeZone)
        writer.lineEnding = crlf ? "\r\n" : "\n"
        writer.byteOrderMark = bom
        let text = full ? writer.fullDocument(rows) : writer.document(rows)
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: store.vault, now: now, what: "sessions", count: rows.count,
                                                      records: rows.map(\.id), to: .output(destination))
        let path = try writeOutput(Array(text.utf8), to: destination, logging: disclosure)
        reportWritten(rows.count, to: path)
        try validity.finish(leftOut: leftOut)
    }

    /// `--moods`: the check-ins, newest first; one whose file has errors is left out and named.
    func exportMoods(now: Date) throws {
        let (store, report) = try vaultOptions.index()
        let vault = store.vault
        let range = try dayRange(since: filters.since, until: filters.until, zone: vault.timeZone)
        let listings = try withVaultErrors { try store.moodCheckIns(since: range.since, until: range.until) }
        let broken = try withVaultErrors { try store.pathsWithErrors() }
        let (rows, leftOut) = try withVaultErrors { try MoodCSV.read(listings, in: vault, broken: broken) }
        let err = ErrorStream.current
        let printer = DiagnosticPrinter(vault: vault)
        for path in leftOut {
            err.write(err.style("error:", "1;31") + " left out \(printer.displayPath(path)), which has errors; '\(vaultOptions.hints.command("check"))' shows them")
        }
        if !leftOut.isEmpty {
            let count = leftOut.count
            err.write("\(count) check-in\(count == 1 ? " was" : "s were") left out of the export; fix \(count == 1 ? "it" : "them") and export again, or add --skip-invalid to export the rest and exit 0")
        }
        let text = MoodCSV.write(rows, timeZone: vault.timeZone, lineEnding: crlf ? "\r\n" : "\n", byteOrderMark: bom)
        let destination = try output.destination(in: vault, extension: "csv", now: now)
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: vault, now: now, what: "check-ins", count: rows.count,
                                                      records: rows.map { $0.mood.id?.uuidString }, to: .output(destination))
        if let path = try writeOutput(Array(text.utf8), to: destination, logging: disclosure) {
            err.write("Wrote \(rows.count) check-in\(rows.count == 1 ? "" : "s") to \(path)")
        }
        warnProblems(withErrors: broken.count - leftOut.count, unreadable: report.readFailures.count, other: !leftOut.isEmpty, hints: vaultOptions.hints)
        try validity.finish(leftOut: leftOut)
    }
}
