import AfterflowKit
import ArgumentParser
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List sessions, newest first.",
        discussion: """
            One line a session: date, treatment, mood before → after, status, and the intention's first line. Filters combine. Drafts are not part of the journal; add --drafts to see them too. The list comes from the index, which is brought up to date with the files first.

            Examples:
              afterflow list --status needs-reflection
              afterflow list --treatment ketamine --since last-month
              afterflow list --search "ocean" --sort mood-lift --limit 5
              afterflow list --where "mood_after>=8" --where facilitator=Maya
              afterflow list --tag grief --format paths | xargs grep -n tide
              afterflow list --format json | jq '.[].mood_after'
              afterflow list --kind trials --client maya-t --since 2025-01-01
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions

    @Flag(help: "Include the drafts in .afterflow/drafts/.")
    var drafts = false

    @Option(help: ArgumentHelp("session (default), trials, client, goal or mood: which kind of document to list.", valueName: "kind"))
    var kind: ListKind = .session

    @Option(help: ArgumentHelp("With --kind trials or goal: only this client's (short name).", valueName: "client"))
    var client: String?

    @Option(help: ArgumentHelp("newest (default), oldest, or mood-lift (after minus before, largest first).", valueName: "order"))
    var sort: SessionSortOption = .newest

    // Unconditional: --limit -1 is a value, said to be below 1, not a flag without one.
    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many sessions.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("table (for people; plain when piped), json, csv, or paths (one a line, for xargs and editors).", valueName: "format"))
    var format: OutputFormat = .table

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        if kind != .session {
            return try KindListing(vaultOptions: vaultOptions, kind: kind, client: client, since: filters.since, until: filters.until,
                                   limit: limit, format: format).run()
        }
        if client != nil { throw ValidationError("--client lists trial sessions or goals: add --kind trials or --kind goal") }
        let (store, report) = try vaultOptions.index()
        try filters.checkTreatments(in: store.vault.config, command: "list")
        let zone = store.vault.timeZone
        var filter = filters.filter(timeZone: zone, treatments: store.vault.config.treatments)
        filter.includeDrafts = drafts
        filter.sort = sort.sort
        filter.limit = limit
        switch format {
        case .json:
            let rows = try withVaultErrors { try store.sessions(filter) }
            emit("[" + rows.map(\.json).joined(separator: ",\n") + "]")
        case .paths:
            // Paths that work from the current folder, for xargs and editors: as the index has
            // them from the vault's root, else through `Vault.displayPath`. Written as they are,
            // for programs when piped; on a terminal, a name's control characters are shown, as
            // `ls` shows them, so that a file name cannot retitle or clear the terminal.
            let vault = store.vault
            let here = FileManager.default.currentDirectoryPath
            let fromRoot = here == vault.root || here == vault.realRoot
            let shown = Terminal.current.stdoutIsTTY
            var paths: [UInt8] = []
            try withVaultErrors {
                try store.listing(filter) { row in
                    if !paths.isEmpty { paths.append(UInt8(ascii: "\n")) }
                    if fromRoot {
                        if shown { VisibleText.append(row.path, to: &paths) } else { paths += row.path }
                    } else {
                        let path = vault.displayPath(String(decoding: row.path, as: UTF8.self), from: here)
                        paths += Array((shown ? path.visible() : path).utf8)
                    }
                }
            }
            if !paths.isEmpty { emit(bytes: paths) }
        case .csv:
            let rows = try withVaultErrors { try store.sessions(filter) }
            // Bound for spreadsheets: every field is guarded against formula injection, as in the exports.
            var lines = [CSVWriter.guardedRow(["date", "treatment", "administration", "dose", "mood_before", "mood_after", "status", "tags", "intention", "path"])]
            for row in rows {
                lines.append(CSVWriter.guardedRow([
                    row.dateText ?? "", row.treatment?.rawValue ?? "", row.administration?.rawValue ?? "", row.dose ?? "",
                    row.moodBefore.map(String.init) ?? "", row.moodAfter.map(String.init) ?? "", row.status.rawValue,
                    row.tags.joined(separator: ", "), row.intention, row.path,
                ]))
            }
            emit(lines.joined(separator: "\n"))
        case .table:
            let term = Terminal.current
            var table = ListingTable(term: term)
            table.catalog = store.vault.config.treatments
            try withVaultErrors { try store.listing(filter) { table.append($0) } }
            if table.count == 0 {
                let total = try withVaultErrors { try store.summary() }
                emit(total.sessions == 0 && !drafts ? "No sessions yet. Record one with: " + vaultOptions.hints.command("new") : "No sessions match.")
            } else {
                emit(bytes: table.bytes)
                if term.stdoutIsTTY {
                    emit("")
                    let summary = SessionPage.summary(table.counts, shown: table.count, limited: limit != nil && table.count == limit)
                    for line in DisplayWidth.wrap(summary, columns: term.width) { emit(term.dim(line)) }
                }
            }
        }
        try store.warnProblems(report, hints: vaultOptions.hints)
    }
}

enum SessionSortOption: String, ExpressibleByArgument, CaseIterable {
    case newest, oldest
    case moodLift = "mood-lift"

    var sort: SessionSort {
        switch self {
        case .newest: return .newest
        case .oldest: return .oldest
        case .moodLift: return .moodLift
        }
    }
}
