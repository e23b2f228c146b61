import AfterflowKit
import ArgumentParser
import Foundation

struct ImportDaylio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daylio",
        abstract: "Import check-ins from a Daylio backup (.daylio) or CSV export.",
        discussion: """
            FILE is a backup Daylio made (Settings, Backup & restore: a .daylio file, which keeps custom moods beside their groups, activities and note titles) or a CSV it exported (More, Export entries); afterflow tells them apart by their first bytes. Each entry becomes a check-in in moods/ (source: import). The mood word becomes a score from 1 to 10: \(DaylioScale.standard.listing). Renamed or added words (Daylio lets you) are given theirs with --map WORD=SCORE, or for good with daylio_moods: [ok=5, great=8] in .afterflow/config.yml; several words may share a score. The word and the scale are kept in the file (source_value, source_scale).

            Activities that name one of the 18 associations (work, family, friends …) become associations, those that name one of the 38 labels (happy, anxious …) labels, and the rest tags. Without a label, the score's labels are suggested (suggested_labels), as 'afterflow mood' suggests them; without an association, the notes' words choose them. The note title and note become the notes, as written (Daylio's <br> and <b> are shown as text by moods and reports); newer exports' scales column is kept as source_scales.

            From a backup: a custom mood keeps its name (source_value), and its score is its own when --map or daylio_moods gives one, else its group's (rad, good, meh, bad or awful); an entry without a time of day is dated by its day alone. Problems name the entry by its date and id. A backup after a CSV import of the same diary (or the other way round) adds only what is new.

            Every row is checked before anything is written, and every problem is reported as FILE:LINE:COLUMN: column "NAME": what was expected and what was found. When any row has a problem nothing is written, unless --skip-invalid. An entry the vault has (the same day, time, mood word and notes, or one imported then edited) is skipped and counted, so importing a newer export of the same diary adds only the new entries.

            Examples:
              afterflow import daylio ~/Downloads/backup_2024_12_31.daylio --dry-run
              afterflow import daylio ~/Downloads/daylio_export.csv --dry-run
              afterflow import daylio daylio_export.csv --map ok=5 --map super=10
              afterflow import daylio daylio_export.csv --kind daily --format json
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("The backup (.daylio) Daylio made or the CSV file it exported, or - for standard input.", valueName: "file"))
    var file: String

    @Option(name: .customLong("map"), help: ArgumentHelp("A mood word and its score from 1 to 10, like meh=5; repeat for more.", valueName: "word=score"))
    var mappings: [String] = []

    @Option(help: ArgumentHelp("momentary (how you felt then, the default) or daily (how the day was).", valueName: "kind"))
    var kind: String?

    @Flag(help: "Show what would be created, and write nothing.")
    var dryRun = false

    @Flag(help: "Import the rows without problems, and list the others.")
    var skipInvalid = false

    @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
    var format: DataFormat = .text

    func validate() throws {
        for mapping in mappings where DaylioScale.parseMapping(mapping) == nil {
            throw ValidationError("--map takes a mood word and a score from 1 to 10, like --map meh=5, found \"\(mapping.visible())\"")
        }
        if let kind, MoodKind(typed: kind) == nil {
            throw ValidationError("--kind must be momentary (how you felt then) or daily (how the day was), found \"\(kind.visible())\"")
        }
    }

    func run() throws {
        let bytes = try ImportCSV.read(file)
        let (store, _) = try vaultOptions.index()
        let vault = store.vault
        let zone = vault.timeZone
        var scale = vault.config.daylioScale
        for mapping in mappings {
            if let (word, score) = DaylioScale.parseMapping(mapping) { scale.set(word, score) }
        }
        var importer = DaylioImport(timeZone: zone, now: CommandClock.now, scale: scale)
        importer.kind = kind.flatMap { MoodKind(typed: $0) } ?? .momentaryEmotion
        importer.keywords = vault.config.moodKeywords
        let backup = ZipArchive.looksLikeZip(bytes)
        let reading = try Self.reading(bytes, name: file == "-" ? "<stdin>" : file, timeZone: zone, now: importer.now)
        let days = reading.entries.map(\.date.dayString)
        let known = try withVaultErrors { try store.daylioSignatures(fromDay: days.min() ?? "", throughDay: days.max() ?? "") }
        let plan = importer.plan(reading, known: known)

        let name = file == "-" ? "<stdin>" : file
        let err = ErrorStream.current
        for problem in plan.problems {
            // A backup's entry has no line: it is named by its date and id.
            let place = problem.entry.map { ": \($0):" } ?? ":\(problem.location.line):\(problem.location.column):"
            err.write("\(name.visible())\(place) " + problem.description.visible())
        }
        let rejected = plan.rejectedLines
        if !rejected.isEmpty && !skipInvalid {
            // Scripts get the JSON too, with nothing created and every problem in `rejected`.
            if format == .json {
                var nothing = plan
                nothing.ready = []
                emit(nothing.json(paths: [], name: name, zone: zone, dryRun: dryRun).serialized(pretty: true))
            }
            report(VaultError(.invalid, backup ? ImportSummary.refusal(rejected: rejected.count, ready: plan.ready.count, unit: "entry", plural: "entries")
                                        : ImportSummary.refusal(rejected: rejected.count, ready: plan.ready.count)))
            throw Exit.dataProblem
        }
        var paths: [String] = []
        if !dryRun {
            paths = try withVaultErrors { try DocumentStore(vault: vault).createAll(plan.ready.map(\.values)) }
        }
        if format == .json {
            emit(plan.json(paths: paths, name: name, zone: zone, dryRun: dryRun).serialized(pretty: true))
            return
        }
        for (index, ready) in plan.ready.enumerated() {
            let place = dryRun ? "" : "  " + vaultOptions.hints.path(paths[index], in: vault)
            emit("  + " + describe(ready.values, word: ready.word, zone: zone) + place)
        }
        for duplicate in plan.duplicates {
            let where_ = duplicate.inFile ? "an earlier \(backup ? "entry" : "row") has it" : "already in the vault"
            emit("  = \(day(duplicate.date)) \(duplicate.word.visible()), \(where_) (\(backup ? "entry" : "line") \(duplicate.line))")
        }
        var summary = [dryRun ? "\(plan.ready.count) would be created" : "\(paths.count) created"]
        summary.append(ImportSummary.duplicates(plan.duplicates.count))
        summary.append(backup ? ImportSummary.rejected(plan.rejectedRows, unit: "entry", plural: "entries")
                       : ImportSummary.rejected(rejected, unit: "line"))
        var line = (dryRun ? "Dry run of \(name.visible()): " : "Imported \(name.visible()): ") + summary.joined(separator: ", ") + "."
        if dryRun { line += " Nothing was written." }
        emit(line)
    }

    /// The entries of a backup (a zip: `PK\u{3}\u{4}`) or of a CSV export.
    static func reading(_ bytes: [UInt8], name: String, timeZone: TimeZone, now: Date) throws -> DaylioCSV.Reading {
        if let problem = DaylioBackup.notABackup(bytes, fileName: name) {
            report(VaultError(.invalid, "\(name.visible()) cannot be imported: \(problem)"))
            throw Exit.dataProblem
        }
        guard ZipArchive.looksLikeZip(bytes) else { return DaylioCSV.read(bytes, timeZone: timeZone, now: now) }
        do {
            return try DaylioBackup.read(bytes, timeZone: timeZone, now: now)
        } catch {
            report(VaultError(.invalid, "\(name.visible()) cannot be imported: \(error.message)"))
            throw Exit.dataProblem
        }
    }

    /// `2024-03-05 18:50`.
    func day(_ date: LocalDate) -> String {
        date.dayString + (date.clockTime.map { " " + $0 } ?? "")
    }

    /// `2024-03-05 18:50 meh → 5/10 (indifferent; work; tags: nap)`.
    func describe(_ values: MoodValues, word: String, zone: TimeZone) -> String {
        var parts = [values.labels.isEmpty ? "suggested: " + values.suggestedLabels.joined(separator: ", ") : values.labels.joined(separator: ", ")]
        if !values.associations.isEmpty { parts.append(values.associations.joined(separator: ", ")) }
        if !values.tags.isEmpty { parts.append("tags: " + values.tags.joined(separator: ", ")) }
        return "\(day(values.date)) \(word) → \(values.score)/10 (\(parts.joined(separator: "; ")))".visible()
    }
}
