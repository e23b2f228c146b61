import AfterflowKit
import ArgumentParser
import Foundation

struct Reminders: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "List pending reminders, or write them as a calendar file.",
        discussion: """
            A reminder is pending while its session still needs reflection. The list shows each one's id, when it is for, and whether it has come; nothing personal.

            --ics writes an iCalendar file (RFC 5545) with one event and alarm per pending reminder, so that the calendar on your phone or computer reminds you. Every event reads 'Time to Reflect' and 'Add thoughts about your recent session.' with the command that opens the session; nothing else about it leaves the vault. Each event's UID is the session's id, so importing a newer file updates the events instead of adding copies. The file is written to -o FILE (readable by you alone) or to standard output; an existing FILE is replaced only with --force, and never one of the vault's own. The calendar is logged as a disclosure first (see 'afterflow disclosures'; --purpose says why).

            Examples:
              afterflow reminders
              afterflow reminders --ics -o ~/Sync/afterflow.ics --force
              afterflow reminders --ics > reminders.ics
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Flag(help: "Write an iCalendar (.ics) file instead of a list.")
    var ics = false

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the .ics file. Default: standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the file named by -o when it exists (never a session, a template or anything in .afterflow/).")
    var force = false

    @Option(help: ArgumentHelp("table, or json for scripts (without --ics).", valueName: "format"))
    var format: ListFormat = .table

    @OptionGroup var disclosureOptions: DisclosureOptions

    func validate() throws {
        if output != nil && !ics { throw ValidationError("-o/--output is for --ics; add --ics to write a calendar file") }
        if (disclosureOptions.purpose != nil || disclosureOptions.exempt != nil) && !ics {
            throw ValidationError("--purpose and --exempt are for --ics, which sends the reminders out of the vault; add --ics")
        }
        if ics && format == .json { throw ValidationError("--format json lists the reminders; leave it out with --ics") }
    }

    func run() throws {
        let (store, _) = try vaultOptions.index()
        let zone = store.vault.timeZone
        let now = CommandClock.now
        let pending = try withVaultErrors { try PendingReminder.all(in: store) }
        if ics {
            let destination = try output.map { try OutputDestination($0, vault: store.vault, force: force, what: "the calendar") }
            let text = ICSWriter(now: now).calendar(pending)
            let disclosure = disclosureOptions.disclosure(by: Self.self, vault: store.vault, now: now, what: "reminders", count: pending.count,
                                                          records: pending.map(\.id.uuidString), to: .output(destination))
            if let path = try writeOutput(Array(text.utf8), to: destination, logging: disclosure) {
                ErrorStream.current.write("Wrote \(pending.count) reminder\(pending.count == 1 ? "" : "s") to \(path)")
            }
            return
        }
        if format == .json {
            emit(JSONValue.array(pending.map { $0.dueJSON(timeZone: zone, now: now) }).serialized(pretty: true))
            return
        }
        let term = Terminal.current
        guard !pending.isEmpty else {
            emit("No pending reminders. Set one with: " + vaultOptions.hints.command("remind", placeholder: "REF tomorrow"))
            return
        }
        for reminder in pending {
            let at = LocalDate(reminder.date, in: zone)
            let when = at.readable
            let seconds = Int(reminder.date.timeIntervalSince(now))
            let state = reminder.isDue(at: now) ? term.yellow("due") : "in \(TimeSpan.words((seconds + 59) / 60 * 60))"
            emit("\(reminder.id.uuidString.prefix(8))  \(when.padding(toLength: 26, withPad: " ", startingAt: 0))  \(state)")
        }
    }
}
