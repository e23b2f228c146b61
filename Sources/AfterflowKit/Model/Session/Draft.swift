import Foundation

extension SessionStatus {
    /// What keeps a session a draft, in words: `intention`, `mood before` (see `derive`).
    public static func missingForJournal(intention: String, moodBefore: Int?) -> [String] {
        var missing: [String] = []
        if intention.isBlank { missing.append("intention") }
        if moodBefore == nil { missing.append("mood before") }
        return missing
    }
}

extension Session {
    /// What keeps this session a draft, in words: `intention`, `mood before`.
    public var missingForJournal: [String] {
        SessionStatus.missingForJournal(intention: intention, moodBefore: moodBefore)
    }
}

/// An unfinished session: a file in the drafts folder, or a session whose content makes it a draft.
public struct Draft: Sendable {
    public var entry: VaultEntry
    public var session: Session
    /// Seconds since it was created (or, without `created`, since its date); never below 0.
    public var age: Int
    /// What it lacks to join the journal (`intention`, `mood before`).
    public var missing: [String]
    /// Its date, when it is in the drafts folder and the date is still to come.
    public var plannedFor: LocalDate?

    /// A draft untouched for longer than this is pointed out, in seconds.
    public static let staleAge = 7 * 86_400

    /// Whether it is older than a week.
    public var isStale: Bool { age > Self.staleAge }

    /// Whether it can go into the journal as it is: in the drafts folder, missing nothing, its
    /// date come.
    public var isReadyToFinish: Bool { entry.isDraft && missing.isEmpty && session.date != nil && plannedFor == nil }

    /// Whether `entry` is a draft: in the drafts folder, or with a status its content makes a draft.
    public static func isDraft(_ entry: VaultEntry) -> Bool {
        entry.isDraft || entry.session?.status == .draft
    }

    /// `entry` as a draft at `now`, or nil when it is not one.
    public init?(_ entry: VaultEntry, now: Date, timeZone zone: TimeZone) {
        guard let session = entry.session, Self.isDraft(entry) else { return nil }
        self.entry = entry
        self.session = session
        let since = session.created ?? session.date
        age = max(0, since.map { Int(now.timeIntervalSince1970) - $0.epochSeconds(in: zone) } ?? 0)
        missing = session.missingForJournal
        plannedFor = entry.isDraft ? session.date.flatMap { $0.isAfter(now, in: zone) ? $0 : nil } : nil
    }

    /// The drafts among `entries`, oldest first (then by path).
    public static func drafts(in entries: [VaultEntry], now: Date, timeZone: TimeZone) -> [Draft] {
        entries.compactMap { Draft($0, now: now, timeZone: timeZone) }
            .sorted { $0.age != $1.age ? $0.age > $1.age : $0.entry.path < $1.entry.path }
    }
}
