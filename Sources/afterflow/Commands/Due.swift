import AfterflowKit
import ArgumentParser
import Foundation

struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the sessions whose reminder has come and that still need reflection.",
        discussion: """
            One line a session: its id, its day, when the reminder was for, and the command that opens it. Nothing personal is shown (no treatment, intention or path) unless you ask with --verbose. When nothing is due it prints nothing, so it suits cron.

            --notify shows one desktop notification instead, with the title 'Time to Reflect' and the text 'Add thoughts about your recent session.' and nothing else, through notify-send (or osascript on macOS). Each reminder notifies once, however often it runs; a timer every 15 minutes is plenty. The README shows a cron line and a systemd user timer.

            Examples:
              afterflow due
              afterflow due --verbose
              afterflow due --notify --vault ~/Journal
              afterflow due --format json | jq -r '.[].id'
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Flag(help: "Show a desktop notification instead of printing, once for each reminder.")
    var notify = false

    @Flag(help: "Also show each session's treatment, path and intention.")
    var verbose = false

    @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
    var format: ListFormat = .table

    func run() throws {
        let (store, _) = try vaultOptions.index()
        let vault = store.vault
        let now = CommandClock.now
        let hints = vaultOptions.hints
        let pending = try withVaultErrors { try PendingReminder.all(in: store) }
        let due = pending.filter { $0.isDue(at: now) }
        if notify {
            let log = NotificationLog(environment: ProcessInfo.processInfo.environment)
            let fresh = log?.unnotified(due, vault: vault.root) ?? due
            guard !fresh.isEmpty else { return }
            let err = ErrorStream.current
            switch Notifier.send(title: ICSWriter.summary, body: ICSWriter.body) {
            case .sent:
                do {
                    try log?.record(fresh, vault: vault.root, pending: pending)
                } catch {
                    err.write(err.style("warning:", "1;35") + " \(error.message.visible()); the same reminders may notify again")
                }
                return
            case .missing:
                err.write(err.style("warning:", "1;35")
                    + " no notify-send here to show a notification (install libnotify-bin); the due sessions are listed instead")
            case .failed(let reason):
                report(VaultError(.io, "the notification could not be shown: \(reason)"))
                throw Exit.dataProblem
            }
        }
        let zone = vault.timeZone
        if format == .json {
            emit(JSONValue.array(due.map { $0.json(timeZone: zone, open: hints.command("open", $0.id.uuidString), verbose: verbose) }).serialized(pretty: true))
            return
        }
        let term = Terminal.current
        guard !due.isEmpty else {
            if term.stdoutIsTTY { emit("Nothing is due.") }
            return
        }
        if term.stdoutIsTTY { emit(term.bold("Time to reflect:")) }
        for reminder in due { emit(row(reminder, zone, hints, vault)) }
        if term.stdoutIsTTY, let first = due.first {
            emit(term.dim("Add a reflection with: " + hints.command("reflect", short(first), placeholder: "\"…\"")))
        }
    }

    private func short(_ reminder: PendingReminder) -> String { String(reminder.id.uuidString.prefix(8)) }

    /// `6F1C2A8E  Dec 10, 2024  reminder 2024-12-10 17:30  afterflow open 6F1C2A8E`.
    private func row(_ reminder: PendingReminder, _ zone: TimeZone, _ hints: Hints, _ vault: Vault) -> String {
        let day = (reminder.session.date?.mediumDay ?? "no date").padding(toLength: 12, withPad: " ", startingAt: 0)
        let at = LocalDate(reminder.date, in: zone).shortString
        var line = "\(short(reminder))  \(day)  reminder \(at)  " + hints.command("open", short(reminder))
        if verbose {
            let intention = reminder.session.intention.split(separator: "\n").first.map(String.init) ?? ""
            line += "  \(reminder.session.treatment?.displayName ?? "?")  \(vault.shownPath(reminder.entry.path))  \(intention.visible())"
        }
        return line
    }
}
