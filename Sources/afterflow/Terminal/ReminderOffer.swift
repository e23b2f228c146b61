import AfterflowKit
import Foundation

/// The app's question when a session comes to need reflection, and how reminders read.
enum ReminderOffer {
    static let question = "Would you like a reminder to add reflections later?"
    static let options = ["In 3 hours", "Tomorrow", "No thanks"]
    static let choices: [ReminderChoice] = [.inThreeHours, .tomorrow, .none]

    /// Asks on an interactive terminal (`No thanks` is the default); nil when there is none.
    static func ask() -> ReminderChoice? {
        guard let index = Prompt.choose(question, options, defaultIndex: 2) else { return nil }
        return choices[index]
    }

    /// Asks, when on a terminal, and sets the reminder the user chose on the session at `path`.
    static func offer(vault: Vault, path: String) throws {
        guard Terminal.current.isInteractive, let choice = ask(), choice != .none else { return }
        let entry = try withVaultErrors { VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path))) }
        try set(choice, on: entry, vault: vault, command: "new")
    }

    /// Sets (or with `.none` removes) the reminder and says so. A time in the past is a usage
    /// error of `command`.
    static func set(_ choice: ReminderChoice, on entry: VaultEntry, vault: Vault, command: String, now: Date = CommandClock.now) throws {
        let date: LocalDate?
        do {
            date = try ReminderSchedule.dated(choice, timeZone: vault.timeZone, now: now)
        } catch {
            throw usageError(error.message, command: command)
        }
        _ = try withVaultErrors { try DocumentStore(vault: vault).setReminder(date, on: entry, now: now) }
        if let date { emit("Reminder set for \(describe(date, now: now, timeZone: vault.timeZone)).") }
    }

    /// `Wed Dec 11, 2024, 9:00 AM (in 14 hours)`.
    static func describe(_ date: LocalDate, now: Date, timeZone: TimeZone) -> String {
        var text = date.readable
        let seconds = date.epochSeconds(in: timeZone) - Int(now.timeIntervalSince1970)
        if seconds > 0 {
            text += " (in \(TimeSpan.words((seconds + 59) / 60 * 60)))"
        }
        return text
    }
}

extension ReminderSchedule {
    /// The reminder's date for `choice`; a time the clocks skip that day is moved to the first that
    /// exists, and a note on standard error says so.
    static func dated(_ choice: ReminderChoice, timeZone: TimeZone, now: Date) throws(Refusal) -> LocalDate? {
        let (date, note) = try ReminderSchedule(timeZone: timeZone, now: now).reminder(for: choice)
        if let note { ErrorStream.current.write("note: " + note) }
        return date
    }
}
