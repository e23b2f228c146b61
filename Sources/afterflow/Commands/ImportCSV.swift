import AfterflowKit
import ArgumentParser
import Foundation

struct ImportCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import sessions from a CSV file in the iOS app's format.",
        discussion: """
            Reads the app's 8 columns (Date, Treatment Type, Administration, Intention, Mood Before, Mood After, Reflections, Music Link URL), as the app writes them and as found in the wild: the date quoted or not ("Dec 10, 2024 at 2:30 PM", in the vault's time zone), a plain or narrow no-break space before AM/PM, CRLF, CR or LF line ends, a byte order mark. The ' that exports put in front of formula-like cells is removed.

            Every row is checked first, and every problem is reported at once as FILE:ROW: column "NAME": what was expected and what was found (the header is row 1). When any row has a problem nothing is written, unless --skip-invalid, which imports the good rows and lists the others. A session the vault already has (the same minute, treatment and intention) is skipped and counted, so importing a file twice adds nothing. A row without an intention or mood before becomes a draft.

            Examples:
              afterflow import csv ~/Downloads/Afterflow-Export-20241210-1430.csv
              afterflow import csv sessions.csv --dry-run
              afterflow import csv sessions.csv --skip-invalid
              afterflow export csv --vault ~/Old | afterflow import csv -
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Show what would be created, and write nothing.")
    var dryRun = false

    @Flag(help: "Import the rows without problems, and list the others.")
    var skipInvalid = false

    func run() throws {
        let bytes = try readInput()
        let (store, _) = try vaultOptions.index()
        let zone = store.vault.timeZone
        var importer = CSVImport(timeZone: zone, now: CommandClock.now)
        importer.treatments = store.vault.config.treatments
        importer.routes = store.vault.config.routes
        let plan = try withVaultErrors { try importer.plan(bytes, index: store) }
        let err = ErrorStream.current
        let name = file == "-" ? "<stdin>" : file
        for problem in plan.problems {
            err.write("\(name.visible()):\(problem.row): " + problem.description.visible())
        }
        let rejected = plan.rejectedRows
        if !rejected.isEmpty && !skipInvalid {
            report(VaultError(.invalid, ImportSummary.refusal(rejected: rejected.count, ready: plan.ready.count)))
            throw Exit.dataProblem
        }
        var summary: [String] = []
        if dryRun {
            for ready in plan.ready {
                emit("  + " + describe(ready.session.values, zone: zone))
            }
            for duplicate in plan.duplicates {
                emit("  = " + describe(duplicate.values, zone: zone) + ", already in the vault (row \(duplicate.row))")
            }
            summary.append("\(plan.ready.count) would be created")
        } else {
            let paths = try withVaultErrors { try DocumentStore(vault: store.vault).createAll(plan.ready.map(\.session)) }
            for path in paths { emit("  + " + store.vault.shownPath(path)) }
            summary.append("\(paths.count) created")
        }
        summary.append(ImportSummary.duplicates(plan.duplicates.count))
        summary.append(ImportSummary.rejected(rejected, unit: "row"))
        let drafts = plan.ready.filter { $0.session.values.status == .draft }.count
        var line = (dryRun ? "Dry run of \(name.visible()): " : "Imported \(name.visible()): ") + summary.joined(separator: ", ") + "."
        if drafts > 0 {
            line += " \(drafts) \(drafts == 1 ? "is a draft" : "are drafts") (no intention or mood before), in \(Vault.draftsFolder)/."
        }
        if dryRun { line += " Nothing was written." }
        emit(line)
    }

    func readInput() throws -> [UInt8] { try ImportCSV.read(file) }

    /// The bytes of `file`, or of standard input for `-`.
    static func read(_ file: String) throws -> [UInt8] {
        if file == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        let path = LocalPaths.absolute(file, from: FileManager.default.currentDirectoryPath)
        guard FileIO.exists(path) else {
            report(VaultError(.notFound, "\(file) does not exist; give the path of a CSV file exported from the app or by afterflow"))
            throw Exit.dataProblem
        }
        return try withVaultErrors { try FileIO.read(path) }
    }

    /// `Psilocybin • Dec 10, 2024, 2:30 PM (needs reflection)`.
    func describe(_ values: SessionValues, zone: TimeZone) -> String {
        var text = values.displayTitle
        if let clock = values.date.clockTime { text += ", " + clock }
        return text + " (\(values.status.words))"
    }
}
