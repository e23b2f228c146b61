import AfterflowKit
import ArgumentParser
import Foundation

struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Set, replace or cancel a session's reminder to add reflections.",
        discussion: """
            The reminder is the session's 'reminder' key. WHEN is 3h (now + 3 hours), tomorrow (09:00 on the next day in the vault's time zone), none, a span like 90m, 2h or 1d, or a date ("2024-12-11 18:00", 2024-12-11T18:00:00-08:00, or a day alone for 09:00 that day). A time in the past is refused. A new reminder replaces the old one; adding reflections or deleting the session clears it. 'afterflow due' tells you when one has come.

            Examples:
              afterflow remind 6F1C tomorrow
              afterflow remind 2024-12-10 3h
              afterflow remind 6F1C "2024-12-12 18:30"
              afterflow remind 6F1C --cancel
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    @Argument(help: ArgumentHelp("3h, tomorrow, none, a span (90m, 2h, 1d) or a date.", valueName: "when"))
    var when: String?

    @Flag(help: "Remove the reminder.")
    var cancel = false

    func validate() throws {
        switch (when, cancel) {
        case (nil, false): throw ValidationError("say when, like: \(vaultOptions.hints.command("remind", reference, "tomorrow")); or give --cancel")
        case (.some, true): throw ValidationError("give either WHEN or --cancel, not both")
        case (.some(let when), false):
            guard ReminderChoice(parsing: when) != nil else {
                throw ValidationError("WHEN must be \(ReminderChoice.expected), found \"\(when.visible())\""
                                      + Suggestion.clause(for: when, among: ["tomorrow", "none"]))
            }
        case (nil, true): break
        }
    }

    func run() throws {
        let (vault, entry) = try vaultOptions.resolve(reference)
        let choice = cancel ? ReminderChoice.none : (when.flatMap(ReminderChoice.init(parsing:)) ?? .none)
        guard choice != .none else {
            guard entry.session?.reminder != nil || entry.document.frontMatter?.entry("reminder") != nil else {
                emit("\(vault.shownPath(entry.path)) has no reminder; nothing to cancel.")
                return
            }
            _ = try withVaultErrors { try DocumentStore(vault: vault).setReminder(nil, on: entry, now: CommandClock.now) }
            emit("Reminder cancelled for \(vault.shownPath(entry.path)).")
            return
        }
        if entry.session?.status == .complete {
            report(VaultError(.invalid, "\(vault.shownPath(entry.path)) is complete; a reminder is for a session that still needs reflection"))
            throw Exit.dataProblem
        }
        try ReminderOffer.set(choice, on: entry, vault: vault, command: "remind")
        if entry.session?.status == .draft {
            emit("It is still a draft; the reminder comes due once it has an intention and a mood before.")
        }
    }
}
