import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Units: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "units",
            abstract: "Trial sessions with their minutes and billable units, for a claim.",
            discussion: """
                Each session's minutes are its end less its start less its pauses. A timed code (the ABA codes 97151-97158) is billed in 15-minute units by the 8-minute rule over one client's day: the day's timed minutes are added up, the total gives the units (8-22 minutes 1, 23-37 2, 38-52 3, …), and each code gets its whole 15 minutes first, a leftover unit going to the code with the most minutes left. An untimed code (92507) bills one unit a session. A session without an end time or a service, or with a service not in the vault's list, is shown as not billable with the reason.

                A 97155 session (protocol modification, by the BCBA) whose time overlaps a 97153 session (the technician's) of the same client says so, with the minutes from the later start to the earlier end: allowed when another provider renders the 97153, not allowed with the same provider on both or when the vault's payer does not pay the two together (concurrent_97155: false). The units are not changed by it.

                The services, the rule (unit_rule: medicare or per-code) and the provider are the vault's settings, in .afterflow/config.yml; each session names its own in service:, place: and provider:.

                Examples:
                  afterflow units
                  afterflow units sam-r --since 2025-03-01 --until 2025-03-31
                  afterflow units --since last-month --format csv > claims.csv
                  afterflow units --format json | jq '.totals.units'
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, csv, json
        }

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("Only this client's sessions (their short name).", valueName: "client"))
        var client: String?

        @Option(help: ArgumentHelp("From this day on, inclusive (2025-03-01, last-month, …).", valueName: "when"))
        var since: String?

        @Option(help: ArgumentHelp("Up to this day, inclusive (the same forms as --since).", valueName: "when"))
        var until: String?

        @Option(help: ArgumentHelp("table, csv for a spreadsheet, or json for scripts.", valueName: "format"))
        var format: Format = .table

        func run() throws {
            let practice = try Practice(vaultOptions)
            let short = try client.map { text in try withVaultErrors { try practice.store.resolveClient(text) } }
            let range = try dayRange(since: since, until: until, zone: practice.zone)
            let sessions = try withVaultErrors { try practice.index.billableSessions(client: short, since: range.since, until: range.until) }
            let config = practice.vault.config
            let lines = BillingSheet.lines(sessions, services: config.services, rule: config.unitRule, payerAllows97155: config.concurrent97155)
            switch format {
            case .csv:
                // As they are for a spreadsheet; on a terminal with their control characters shown.
                let csv = UnitsCSV.text(lines)
                FileHandle.standardOutput.write(Data((Terminal.current.stdoutIsTTY ? csv.visible(lines: true) : csv).utf8))
            case .json: emit(Self.json(lines, rule: config.unitRule).serialized(pretty: true))
            case .table: emit(Self.table(lines, rule: config.unitRule, term: Terminal.current, empty: short.map { "No trial sessions of \($0) match." } ?? "No trial sessions match."))
            }
            try practice.index.warnProblems(practice.report, hints: vaultOptions.hints)
        }

        /// The lines as a table, and a last line of totals.
        static func table(_ lines: [BillingLine], rule: UnitRule, term: Terminal, empty: String) -> String {
            guard !lines.isEmpty else { return empty }
            var rows = [["DATE", "CLIENT", "SERVICE", "MIN", "UNITS", "PLACE", "PROVIDER", ""]]
            for line in lines {
                let s = line.session
                rows.append([s.day ?? "", s.clientName, s.service ?? "-", s.minutes.map(String.init) ?? "-", line.billable ? String(line.units) : "-",
                             s.place ?? "-", s.provider ?? "-", ((line.reason.map { ["not billable: " + $0] } ?? []) + line.overlaps.map(\.text)).joined(separator: "; ")])
            }
            // The last column is headed only when some line has a note (not billable, an overlap).
            if rows.dropFirst().contains(where: { !$0[7].isEmpty }) { rows[0][7] = "NOTE" }
            var out = TextTable.lines(rows, rightAligned: [3, 4]).enumerated().map { $0.offset == 0 ? term.bold($0.element) : $0.element }
            let totals = BillingSheet.totals(lines)
            var byCode: [(String, Int)] = []
            for line in lines where line.billable {
                guard let code = line.service?.code else { continue }
                if let i = byCode.firstIndex(where: { $0.0 == code }) { byCode[i].1 += line.units } else { byCode.append((code, line.units)) }
            }
            let codes = byCode.sorted { $0.0 < $1.0 }.map { "\($0.0) × \($0.1)" }.joined(separator: ", ")
            let notBillable = totals.sessions - totals.billable
            out.append("")
            out.append("\(counted(totals.sessions, "session", "sessions")), \(totals.billable) billable: \(counted(totals.units, "unit", "units"))"
                + (codes.isEmpty ? "" : " (\(codes))")
                + (lines.contains { $0.service?.timed == true } ? ", timed codes by the \(rule.rawValue) rule over each client's day" : "")
                + (notBillable > 0 ? "; \(notBillable) not billable" : "") + ".")
            return out.joined(separator: "\n")
        }

        static func json(_ lines: [BillingLine], rule: UnitRule) -> JSONValue {
            func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            let totals = BillingSheet.totals(lines)
            return .object([
                ("rule", .string(rule.rawValue)),
                ("period", .string("client-day")),
                ("sessions", .array(lines.map { line in
                    let s = line.session
                    return .object([
                        ("path", .string(s.path)), ("day", text(s.day)), ("client", .string(s.client)), ("name", .string(s.clientName)),
                        ("service", text(s.service)), ("timed", line.service.map { .bool($0.timed) } ?? .null),
                        ("minutes", s.minutes.map(JSONValue.int) ?? .null), ("units", .int(line.units)),
                        ("place", text(s.place)), ("provider", text(s.provider)), ("participants", .array(s.participants.map(JSONValue.string))),
                        ("billable", .bool(line.billable)), ("reason", text(line.reason)),
                        ("overlaps", .array(line.overlaps.map { o in
                            .object([("path", .string(o.path)), ("service", .string(ServiceOverlap.technicianCode)), ("provider", text(o.provider)),
                                     ("minutes", .int(o.minutes)), ("allowed", .bool(o.allowed)), ("verdict", .string(o.verdict.rawValue))])
                        })),
                    ])
                })),
                ("totals", .object([("sessions", .int(totals.sessions)), ("billable", .int(totals.billable)),
                                    ("units", .int(totals.units)), ("minutes", .int(totals.minutes))])),
            ])
        }
    }
}
