import AfterflowKit
import ArgumentParser
import Foundation

struct ExportTrials: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trials",
        abstract: "Export trials and behaviour events: one row each, as CSV.",
        discussion: """
            Examples:
              afterflow export trials csv > trials.csv
              afterflow export trials csv --client maya-t -o ~/Desktop/
            """,
        subcommands: [ExportTrialsCSV.self])
}

struct ExportTrialsCSV: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write every trial and behaviour event as one CSV row, for spreadsheets and other tools.",
        discussion: """
            Columns: session_id, client (short name), date (the session's day), time, goal, goal_title, result (success or failure), cue, note, signed, signed_by. RFC 4180 quoting; a cell that a spreadsheet would run as a formula gets a ' in front. Rows by client, day and time. 'afterflow import trials csv' reads the same columns back.

            A behaviour event is a row of the same columns: result holds the words of its line after the goal (count, start, stop, interval 3 +, abc demand hitting escape, step 2 +), cue a task step's cue level. A session with events also has a session-start and a session-end row, with no goal, which carry the time its rates are taken over.

            Examples:
              afterflow export trials csv > trials.csv
              afterflow export trials csv --client maya-t --since 2025-01-01 -o ~/Desktop/
              afterflow export trials csv --client leo-o --goal requests | grep ',failure,'
              afterflow export trials csv --client sam-r --goal hitting
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("Only this client's trials (short name; repeat for more).", valueName: "client"))
    var client: [String] = []

    @Option(help: ArgumentHelp("Only this goal's trials (short name).", valueName: "goal"))
    var goal: String?

    @Option(help: ArgumentHelp("From this day on, inclusive.", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Up to this day, inclusive.", valueName: "when"))
    var until: String?

    @Flag(help: "CRLF line ends, as some spreadsheet programs want.")
    var crlf = false

    @Flag(help: "Start with a byte order mark, as some spreadsheet programs want.")
    var bom = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    func run() throws {
        let now = CommandClock.now
        let vault = try vaultOptions.open()
        let store = DocumentStore(vault: vault)
        let shorts = try client.isEmpty ? store.clientShorts() : client.map { text in try withVaultErrors { try store.resolveClient(text) } }
        let range = try dayRange(since: since, until: until, zone: vault.timeZone)
        let destination = try output.destination(in: vault, extension: "csv", now: now)
        // Written as it is read, a client at a time.
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: vault, now: now, what: "trials", clients: shorts,
                                                      to: .output(destination))
        let (counts, written) = try streamOutput(to: destination, logging: disclosure) { (out) throws(VaultError) -> TrialCSV.Counts in
            try TrialCSV.export(store, clients: shorts, since: range.since, until: range.until, goal: goal,
                                lineEnding: crlf ? "\r\n" : "\n", byteOrderMark: bom, to: out)
        }
        if let path = written {
            let rows = counts.trials, events = counts.events
            let also = events == 0 ? "" : " and \(events) event\(events == 1 ? "" : "s")"
            ErrorStream.current.write("Wrote \(rows) trial\(rows == 1 ? "" : "s")\(also) to \(path)")
        }
    }
}

struct ImportTrials: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trials",
        abstract: "Import trials and behaviour events from a CSV file.",
        discussion: """
            Examples:
              afterflow import trials csv trials.csv --dry-run
              afterflow import trials csv paper-sheet.csv --skip-invalid
            """,
        subcommands: [ImportTrialsCSV.self])
}

struct ImportTrialsCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import trials from CSV: the columns 'export trials csv' writes, from a spreadsheet or a paper data sheet.",
        discussion: """
            Columns (any order, names in any case): client, date, time, goal, result (success, failure, + or -), cue, and optionally session_id, goal_title and note. Every row is checked before anything is written, and every problem is reported as FILE:ROW: column "NAME": what was expected. A row of a session the vault has (its session_id) is added to it; other rows make new trial sessions, one per client and day (or per session_id). A trial the session already has (same time, goal, result, cue and note) is skipped, so importing a file twice adds nothing.

            Behaviour events come in as 'export trials csv' writes them (result: count, start, stop, interval 3 +, abc demand hitting escape, step 2 + with the cue level in cue…), each checked against its goal's measure; a new session takes its start and end from its session-start and session-end rows.

            Examples:
              afterflow import trials csv trials.csv --dry-run
              afterflow import trials csv paper-sheet.csv --skip-invalid
              afterflow export trials csv --vault ~/Old | afterflow import trials csv -
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Show what would be written, and write nothing.")
    var dryRun = false

    @Flag(help: "Import the rows without problems, and list the others.")
    var skipInvalid = false

    func run() throws {
        let bytes = try ImportCSV.read(file)
        let vault = try vaultOptions.open()
        let store = DocumentStore(vault: vault)
        let records = try store.clientShorts().map { short in try withVaultErrors { try store.load(short) } }
        let reading = TrialCSV.read(bytes: bytes, cues: store.cues)
        let plan = TrialImport.plan(reading, records: records, timeZone: vault.timeZone, now: CommandClock.now)
        let err = ErrorStream.current
        let name = file == "-" ? "<stdin>" : file
        for problem in plan.problems { err.write("\(name.visible()):\(problem.row): " + problem.description.visible()) }
        let rejected = plan.rejectedRows
        if plan.needsSkipInvalid && !skipInvalid {
            report(VaultError(.invalid, ImportSummary.refusal(rejected: rejected.count, hint: ", or import the other rows with --skip-invalid")))
            throw Exit.dataProblem
        }
        for create in plan.creates {
            emit("  + \(create.path)  (\(Self.counted(create.trials.count, create.events.count, sign: "")))")
            if !dryRun {
                try withVaultErrors { try store.create(create.path, text: create.text) }
            }
        }
        for append in plan.appends {
            emit("  ~ \(append.path)  (\(Self.counted(append.trials.count, append.events.count, sign: "+")))")
            if !dryRun {
                for trial in append.trials { try withVaultErrors { _ = try store.append(trial, to: append.path) } }
                for event in append.events { try withVaultErrors { _ = try store.append([event], to: append.path) } }
            }
        }
        var line = (dryRun ? "Dry run of \(name.visible()): " : "Imported \(name.visible()): ") + plan.summary
        if dryRun { line += " Nothing was written." }
        emit(line)
    }

    /// "3 trials", "+2 trials, +40 events": events said only when there are some.
    static func counted(_ trials: Int, _ events: Int, sign: String) -> String {
        let text = "\(sign)\(trials) trial\(trials == 1 ? "" : "s")"
        return events == 0 ? text : text + ", \(sign)\(events) event\(events == 1 ? "" : "s")"
    }
}
