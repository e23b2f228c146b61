import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Disclosures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disclosures",
            abstract: "List what has left the vault: every export, served page, backup and push, for a client's accounting of disclosures.",
            discussion: """
                Every command that sends records out (each export, to a file or to standard output, reminders --ics, serve, backup, git sync when it pushes) first appends a line to .afterflow/disclosures.log, and a second line with how it ended: done (with the size and SHA-256 of what was written, as sha256sum prints it) or failed. One with no end is listed as unfinished: it was killed, and some of it may have left. serve is listed as started; one made outside afterflow ('afterflow disclosed') as recorded. The log holds ids, short names, counts, paths, the recipient and the purpose given; never a client's name or any text of a record.

                With CLIENT, only the disclosures of that client's records: what a client may ask for under HIPAA (45 CFR 164.528). By default the last six years, oldest first, and without those marked --exempt (treatment, payment, operations, to the client, authorized); --all lists those too. Repeated disclosures (the same command and records' clients, to one recipient, for one purpose, each on the day of the one before or the day after) are one line with their number and first and last day; --each lists every one. --format json and csv always give every one.

                Examples:
                  afterflow disclosures maya-t
                  afterflow disclosures maya-t --each
                  afterflow disclosures --since 2025-01-01 --format csv > disclosures.csv
                  afterflow disclosures --all --format json | jq '.[].status'
                  afterflow export progress maya-t -o p.html --to "Lincoln School"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("Only the disclosures of this client's records (short name).", valueName: "client"))
        var client: String?

        @Option(help: ArgumentHelp("From this day on (\(QueryDate.forms)). Default: six years ago.", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Up to this day, inclusive.", valueName: "date"))
        var until: String?

        @Flag(help: "Also the disclosures marked --exempt, which a client's accounting leaves out.")
        var all = false

        @Flag(help: "A line for every disclosure, repeated ones too (text only).")
        var each = false

        @Option(help: ArgumentHelp("text, json or csv.", valueName: "format"))
        var format: DisclosureFormat = .text

        enum DisclosureFormat: String, ExpressibleByArgument, CaseIterable { case text, json, csv }

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            let zone = vault.timeZone, now = CommandClock.now
            let accounting = try withVaultErrors { try DisclosureAccounting(DisclosureLog(vault: vault)) }
            var filter = try self.filter(zone: zone, now: now)
            if let client {
                filter.client = try knownClient(client, vault: vault, accounting: accounting)
            }
            let items = accounting.items(filter)
            DiagnosticPrinter(vault: vault).print(accounting.problems, source: nil)
            switch format {
            case .json: emit(DisclosureAccounting.json(items, timeZone: zone).serialized(pretty: true))
            case .csv: FileHandle.standardOutput.write(Data(DisclosureAccounting.csv(items, timeZone: zone).utf8))
            case .text: printTable(items, zone: zone, filter: filter)
            }
            if accounting.problems.hasErrors { throw Exit.dataProblem }
        }

        /// The client, time and exemption chosen; `since` defaults to six years before now.
        func filter(zone: TimeZone, now: Date) throws -> DisclosureAccounting.Filter {
            if let problem = QueryDate.orderProblem(since: since, until: until, now: now, timeZone: zone) { throw ValidationError(problem.visible()) }
            let start = try since.map { Date(timeIntervalSince1970: TimeInterval(try queryDate($0, "--since", zone: zone).start)) }
            let end = try until.map { Date(timeIntervalSince1970: TimeInterval(try queryDate($0, "--until", zone: zone).end)) }
            return DisclosureAccounting.Filter(since: start ?? DisclosureAccounting.defaultSince(now: now, timeZone: zone), before: end,
                                               includeExempt: all)
        }

        /// `text` as a client's short name: one of the vault's clients, or one the log names (a
        /// client whose folder has gone); otherwise a usage error naming the clients.
        func knownClient(_ text: String, vault: Vault, accounting: DisclosureAccounting) throws -> String {
            let short = text.lowercased()
            let known = Set(DocumentStore(vault: vault).clientShorts() + accounting.items.flatMap(\.disclosure.clients)).sorted()
            guard known.contains(short) else {
                let listed = known.isEmpty ? "the vault has no clients" : "the clients are " + known.joined(separator: ", ")
                throw ValidationError("no client \"\(text.visible())\"; \(listed)\(Suggestion.clause(for: short, among: known))")
            }
            return short
        }

        func printTable(_ items: [DisclosureAccounting.Item], zone: TimeZone, filter: DisclosureAccounting.Filter) {
            let term = Terminal.current
            let since = filter.since.map { LocalDate($0, in: zone).dayString } ?? "the start"
            let whose = filter.client.map { " of \($0.visible())'s records" } ?? ""
            guard !items.isEmpty else {
                emit("No disclosures\(whose) since \(since)\(all ? "" : " (without those marked exempt; --all lists them)").")
                return
            }
            let groups = each ? items.map { DisclosureAccounting.Group(items: [$0]) } : DisclosureAccounting.grouped(items, timeZone: zone)
            // One client's accounting names the client once, in its last line, not on every row.
            let oneClient = filter.client != nil
            var rows = [["WHEN", "COMMAND", "WHAT"] + (oneClient ? [] : ["CLIENTS"]) + ["TO", "PURPOSE", "STATUS"]]
            for group in groups {
                let entry = group.last.disclosure
                var purpose = entry.purpose ?? ""
                if let exempt = entry.exempt { purpose += (purpose.isEmpty ? "" : " ") + "(exempt: \(exempt.rawValue))" }
                rows.append([Self.when(group, zone: zone), entry.command, Self.what(group)] + (oneClient ? [] : [Self.clients(entry.clients)])
                            + [Self.to(group), purpose, group.last.status.rawValue])
            }
            for (i, line) in TextTable.lines(rows, rightAligned: []).enumerated() { emit(i == 0 ? term.bold(line) : line) }
            let joined = groups.count < items.count ? " in \(groups.count) lines (repeated ones joined; --each lists every one)" : ""
            emit("\(items.count) disclosure\(items.count == 1 ? "" : "s")\(whose) since \(since), oldest first\(joined).")
        }

        /// `2025-10-20 09:00`, or a group's `2025-10-20 to 2025-10-23`.
        static func when(_ group: DisclosureAccounting.Group, zone: TimeZone) -> String {
            let first = LocalDate(group.first.disclosure.at, in: zone), last = LocalDate(group.last.disclosure.at, in: zone)
            return group.count == 1 ? first.shortString : "\(first.dayString) to \(last.dayString)"
        }

        /// `12 sessions in a progress report`; a group's `4 × 12 sessions …` (the count when every
        /// one has the same, else the kind alone).
        static func what(_ group: DisclosureAccounting.Group) -> String {
            let counts = Set(group.items.map(\.disclosure.count))
            let entry = group.last.disclosure
            let what = (counts.count == 1 ? entry.count : nil).map { "\($0) \(entry.what)" } ?? entry.what
            return group.count == 1 ? what : "\(group.count) × \(what)"
        }

        /// Where it went: the destination, or the recipient with the way it went (the recipient
        /// alone for one made outside afterflow); a group whose destinations differ names their kind.
        static func to(_ group: DisclosureAccounting.Group) -> String {
            let entry = group.last.disclosure
            guard let recipient = entry.recipient else { return entry.destination.description }
            if entry.destination.kind == .outside { return recipient }
            let same = Set(group.items.map(\.disclosure.destination.description)).count == 1
            return "\(recipient) (\(same ? entry.destination.description : entry.destination.kind.rawValue))"
        }

        /// The clients of a row: up to three short names, then how many more.
        static func clients(_ shorts: [String]) -> String {
            shorts.count <= 3 ? shorts.joined(separator: " ") : shorts.prefix(3).joined(separator: " ") + " +\(shorts.count - 3)"
        }
    }
}
