import AfterflowKit
import ArgumentParser
import Foundation

/// The filters shared by `list`, `stats` and the exports.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("treatment"), help: ArgumentHelp("Only these treatments (repeat, or separate with commas).", valueName: "name"))
    var treatments: [String] = []

    @Option(name: .customLong("status"), help: ArgumentHelp("Only these statuses: draft, needs-reflection, complete.", valueName: "status"))
    var statuses: [String] = []

    @Option(help: ArgumentHelp("From this day on, inclusive: 2024-12-10, 2024-12, 2024, today, yesterday, 7d, 2w, this-week, last-week, this-month, last-month, this-year, last-year.", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Up to this day, inclusive (the same forms as --since).", valueName: "when"))
    var until: String?

    @Option(help: ArgumentHelp("Words that must all appear in the intention or reflections (any case or accent; \"a phrase\", prefix*).", valueName: "text"))
    var search: String?

    @Option(name: .customLong("where"), help: ArgumentHelp("A front-matter condition: KEY=VALUE, KEY!=VALUE, KEY>N, KEY<N, KEY>=N, KEY<=N (any key, your own too, and music_provider, derived from the music link: spotify, youtube, soundcloud, tidal, apple-music, apple-podcasts, bandcamp, link; repeat to combine).", valueName: "condition"))
    var conditions: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only sessions with this tag (repeat: all of them).", valueName: "tag"))
    var tags: [String] = []

    private var treatmentNames: [String] {
        treatments.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    private var statusNames: [String] {
        statuses.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    func validate() throws {
        // --treatment is checked against the vault's treatments once it is open (`checkTreatments`).
        for name in statusNames where SessionStatus(parsing: name) == nil {
            throw ValidationError("--status must be draft, needs-reflection or complete, found \"\(name.visible())\""
                                  + Suggestion.clause(for: name, among: SessionStatus.allCases.map(\.rawValue)))
        }
        for (flag, value) in [("--since", since), ("--until", until)] {
            if let value, QueryDate(value, now: CommandClock.now, timeZone: .gmt) == nil {
                throw ValidationError("\(flag) must be a day or period like \(QueryDate.forms), found \"\(value.visible())\"")
            }
        }
        if let problem = QueryDate.orderProblem(since: since, until: until, now: CommandClock.now, timeZone: .gmt) { throw ValidationError(problem.visible()) }
        for condition in conditions where KeyCondition(parsing: condition) == nil {
            throw ValidationError("--where must look like KEY=VALUE, KEY!=VALUE or KEY>N (N a number), found \"\(condition.visible())\"")
        }
        if let search {
            do { _ = try SearchQuery(search) } catch { throw ValidationError("--search \(error.message.visible())") }
        }
    }

    /// Throws the usage error of a `--treatment` the vault's catalogue lacks (`validate` knows
    /// only their shape: the vault is not open there).
    func checkTreatments(in config: VaultConfig, command: String) throws {
        for name in treatmentNames where config.treatments.treatment(parsing: name) == nil {
            throw usageError(config.treatments.unknownMessage(name, what: "--treatment"), command: command)
        }
    }

    /// The filter, with dates read in the vault's time zone and treatments named as the vault
    /// names them (`treatments`).
    func filter(timeZone: TimeZone, now: Date = CommandClock.now, treatments: TreatmentCatalog = .builtIn) -> SessionFilter {
        var filter = SessionFilter()
        filter.treatments = treatmentNames.compactMap { treatments.treatment(parsing: $0) ?? Treatment(parsing: $0) }
        filter.statuses = statusNames.compactMap(SessionStatus.init(parsing:))
        filter.since = since.flatMap { QueryDate($0, now: now, timeZone: timeZone)?.start }
        filter.until = until.flatMap { QueryDate($0, now: now, timeZone: timeZone)?.end }
        filter.search = search
        filter.conditions = conditions.compactMap(KeyCondition.init(parsing:))
        for key in filter.conditions.map(\.key) {
            guard let known = SessionKey.nearlyKnown(key, extra: ["music_provider"] + MusicDetails.keys) else { continue }
            ErrorStream.current.write("warning: --where \"\(key.visible())\" is not a key afterflow knows; did you mean \"\(known)\"? Only sessions with a key of your own by that name match.")
        }
        filter.tags = tags
        return filter
    }

    /// Whether `--status` names drafts.
    var asksForDrafts: Bool { statusNames.contains { SessionStatus(parsing: $0) == .draft } }

    /// The filters in words, for report covers: `ketamine, since 2024-01-01`.
    var summary: [String] {
        var parts: [String] = []
        if !treatmentNames.isEmpty { parts.append("treatment " + treatmentNames.joined(separator: " or ")) }
        if !statusNames.isEmpty { parts.append("status " + statusNames.joined(separator: " or ")) }
        if let since { parts.append("since \(since)") }
        if let until { parts.append("until \(until)") }
        if let search { parts.append("containing \"\(search)\"") }
        parts += conditions
        parts += tags.map { "tagged \($0)" }
        return parts
    }
}
