import Foundation

/// A reminder still to act on: a journal session that needs reflection and has a `reminder`.
public struct PendingReminder: Sendable {
    public var entry: VaultEntry
    public var session: Session
    public var id: UUID
    /// When to remind; a reminder written as a day alone means 09:00 that day.
    public var date: Date

    /// Whether its time has come.
    public func isDue(at now: Date) -> Bool { date <= now }

    /// The journal's pending reminders, earliest first. Drafts and sessions without an id are
    /// left out; complete sessions have nothing left to remind of.
    public static func all(in catalog: VaultCatalog) -> [PendingReminder] {
        let zone = catalog.vault.timeZone
        return catalog.sessions.compactMap { entry -> PendingReminder? in
            guard let session = entry.session, session.status == .needsReflection,
                  let id = session.id, var reminder = session.reminder else { return nil }
            if reminder.isDayOnly { reminder.time = LocalDate.Time(hour: ReminderSchedule.morningHour, minute: 0, second: 0) }
            return PendingReminder(entry: entry, session: session, id: id, date: reminder.date(in: zone))
        }
        .sorted { ($0.date, $0.entry.path) < ($1.date, $1.entry.path) }
    }
}

extension PendingReminder {
    /// The same, found through the index: only the files of sessions with a reminder are read.
    public static func all(in store: IndexStore) throws(VaultError) -> [PendingReminder] {
        let paths = try store.paths(where: "draft = 0 AND status = 'needs-reflection' AND reminder IS NOT NULL AND id IS NOT NULL")
        let zone = store.vault.timeZone
        return paths.compactMap { path -> PendingReminder? in
            guard let bytes = try? FileIO.read(store.vault.path(path)) else { return nil }
            let entry = VaultEntry(path: path, bytes: bytes)
            guard let session = entry.session, session.status == .needsReflection,
                  let id = session.id, var reminder = session.reminder else { return nil }
            if reminder.isDayOnly { reminder.time = LocalDate.Time(hour: ReminderSchedule.morningHour, minute: 0, second: 0) }
            return PendingReminder(entry: entry, session: session, id: id, date: reminder.date(in: zone))
        }
        .sorted { ($0.date, $0.entry.path) < ($1.date, $1.entry.path) }
    }
}
