import AfterflowKit
import Foundation

/// `progress --due`: the clients whose progress report is due or late, with the command that
/// writes it.
struct ProgressDue {
    let vaultOptions: VaultOptions
    let client: String?
    let json: Bool

    func run() throws {
        let practice = try Practice(vaultOptions)
        let records = try client.map { [try practice.client($0)] } ?? practice.store.clientShorts().map { short in
            try withVaultErrors { try practice.store.load(short) }
        }
        let fallback = practice.vault.config.progressEvery
        let items = records.compactMap { record in
            ReportSchedule.of(record, fallback: fallback, today: practice.today).flatMap { $0.isDue ? (record, $0) : nil }
        }
        let hints = vaultOptions.hints
        func command(_ short: String) -> String { hints.command("export", "progress", short, "--period") }
        if json {
            emit(JSONValue.array(items.map { $0.1.json(client: $0.0.short, command: command($0.0.short)) }).serialized(pretty: true))
            return
        }
        guard !items.isEmpty else {
            let none = records.allSatisfy { ($0.client.progressEvery ?? fallback) == nil }
            emit(none ? "No client has a progress report schedule: add 'progress_every: 10 visits' (or '30 days', or report_periods:) to a client.md, or to .afterflow/config.yml for every client."
                      : "No progress report is due on \(practice.today.dayString).")
            return
        }
        var rows = [["CLIENT", "NAME", "STATUS", "DUE", "SCHEDULE"]]
        rows += items.map { record, schedule in
            [record.short, record.client.displayName, schedule.status.rawValue, schedule.dueDay?.dayString ?? "", schedule.reason]
        }
        let term = Terminal.current
        for (i, line) in TextTable.lines(rows).enumerated() { emit(i == 0 ? term.bold(line.visible()) : line.visible()) }
        let one = items.count == 1 ? items[0].0.short : nil
        emit("Write the report and record its day with: " + (one.map(command) ?? hints.command("export", "progress", "CLIENT", "--period")))
    }
}
