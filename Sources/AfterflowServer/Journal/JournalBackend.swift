import AfterflowKit
import Foundation

/// What `afterflow serve` does for the journal page (`/journal`), without HTTP: the lists it shows
/// (the sessions that need reflection, the reminders that have come) and the entries it saves (a
/// check-in, a reflection, a new session and its later fields, a questionnaire), each through the
/// same library call as its command (`mood`, `reflect`, `new`, `set`, `assess`), so that the files
/// are the ones those commands write.
///
/// Every entry carries an id the page made; `JournalLedger` keeps them, so that an entry sent
/// again (kept offline, or its answer lost) is saved once. The entry's own time (when it was typed
/// on the phone) dates it; the clock given here stamps `created` and `updated`.
public final class JournalBackend: @unchecked Sendable {
    public let store: DocumentStore
    /// Whether the page is served over HTTPS (then a service worker keeps it for offline starts).
    public let secure: Bool
    let clock: @Sendable () -> Date
    /// How far ahead of this machine's clock an entry's time may be (a phone's clock a little fast), in seconds.
    public static let clockSlack = 5.0
    private let lock = NSLock()

    public init(store: DocumentStore, secure: Bool, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.secure = secure
        self.clock = clock
    }

    var vault: Vault { store.vault }
    var zone: TimeZone { store.vault.timeZone }

    func serialized<T>(_ body: () throws(PhoneError) -> T) throws(PhoneError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Reading

    /// Everything the page needs to draw its forms and lists: the mood scale with its words and
    /// emoji, the vault's labels and associations with each score's suggestion, the treatments and
    /// routes with the vault's defaults, the questionnaires, the sessions needing reflection
    /// (newest first) and the reminders that have come.
    public func overview() throws(PhoneError) -> JSONValue {
        let now = clock()
        let (reflect, due) = try serialized { () throws(PhoneError) -> (JSONValue, JSONValue) in try lists(now: now) }
        let config = vault.config
        return .object([
            ("scale", .array(MoodScale.range.map { score in
                .object([("score", .int(score)), ("word", .string(MoodScale.descriptor(score))), ("emoji", .string(MoodScale.emoji(score))),
                         ("suggested", .array(MoodVocabulary.defaultLabels(forScore: score).map { .string($0) }))])
            })),
            ("labels", .array(MoodVocabulary.labels.map { .string($0) })),
            ("associations", .array(MoodVocabulary.associations.map { .string($0) })),
            ("treatments", .array(config.treatments.entries.map { .object([("value", .string($0.treatment.rawValue)), ("name", .string($0.displayName))]) })),
            ("routes", .array(config.routes.entries.map { .object([("value", .string($0.route.rawValue)), ("name", .string($0.displayName))]) })),
            ("treatment", .string((config.defaultTreatment ?? .psilocybin).rawValue)),
            ("route", config.defaultAdministration.map { .string($0.rawValue) } ?? .null),
            ("instruments", .array(JournalInstruments.all(in: vault).map(JournalInstruments.json))),
            ("crisis", .array(AssessmentSafety.lines(crisisLine: config.crisisLine).map { .string($0) })),
            ("reflect", reflect), ("due", due),
            ("secure", .bool(secure)), ("now", .int(Self.millis(now))),
        ])
    }

    /// The sessions needing reflection, newest first, each with its reminder's state; and the
    /// reminders whose time has come, earliest first.
    private func lists(now: Date) throws(PhoneError) -> (JSONValue, JSONValue) {
        let index: IndexStore
        let sessions: [IndexedSession]
        let pending: [PendingReminder]
        do throws(VaultError) {
            index = try IndexStore(vault: vault)
            try index.refresh()
            var filter = SessionFilter()
            filter.statuses = [.needsReflection]
            filter.sort = .newest
            sessions = try index.sessions(filter)
            pending = try PendingReminder.all(in: index)
        } catch {
            throw PhoneError(503, "the journal could not be read: \(error.message)")
        }
        let reminders = Dictionary(pending.map { ($0.entry.path, $0) }, uniquingKeysWith: { a, _ in a })
        let reflect: [JSONValue] = sessions.compactMap { indexed in
            guard let id = indexed.id else { return nil }
            return row(id: id, path: indexed.path, title: Self.title(indexed.treatment, indexed.dateText), reminder: reminders[indexed.path], now: now)
        }
        let due: [JSONValue] = pending.filter { $0.isDue(at: now) }.map { reminder in
            row(id: reminder.id.uuidString, path: reminder.entry.path, title: reminder.session.displayTitle, reminder: reminder, now: now)
        }
        return (.array(reflect), .array(due))
    }

    private func row(id: String, path: String, title: String, reminder: PendingReminder?, now: Date) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id.uppercased())), ("title", .string(title))]
        if let reminder {
            members.append(("reminder", .object([("at", .int(Self.millis(reminder.date))), ("due", .bool(reminder.isDue(at: now))),
                                                 ("words", .string(LocalDate(reminder.date, in: zone).readable))])))
        } else {
            members.append(("reminder", .null))
        }
        return .object(members)
    }

    /// `Psilocybin • Dec 10, 2024`, as a session's display title, from the index's columns.
    static func title(_ treatment: Treatment?, _ dateText: String?) -> String {
        let name = treatment?.displayName ?? "Session"
        guard let dateText, let date = LocalDate.parse(dateText) else { return name }
        return "\(name) • \(date.mediumDay)"
    }

    /// One session of the journal, by its id: what its page shows.
    public func session(id text: String) throws(PhoneError) -> JSONValue {
        try serialized { () throws(PhoneError) -> JSONValue in
            let entry = try find(session: text)
            guard let session = entry.session else { throw Self.gone }
            func value(_ number: Int?) -> JSONValue { number.map { .int($0) } ?? .null }
            return .object([
                ("id", .string(session.id?.uuidString ?? text)), ("title", .string(session.displayTitle)),
                ("status", .string(session.status.rawValue)), ("words", .string(session.status.words)),
                ("intention", .string(session.intention)), ("environment", .string(session.environment)),
                ("music", session.music.map { .string($0) } ?? .null), ("reflections", .string(session.reflections)),
                ("mood_before", value(session.moodBefore)), ("mood_after", value(session.moodAfter)),
                ("reminder", session.reminder.map { .string($0.readable) } ?? .null),
            ])
        }
    }

    /// The answer when the session is no longer in the journal.
    static let gone = PhoneError(410, "That session is no longer in the journal (deleted or moved on the computer?).")

    /// The journal session (not a draft, not another kind) whose id is `text`, read from its file.
    func find(session text: String) throws(PhoneError) -> VaultEntry {
        guard let id = UUID(uuidString: text) else { throw PhoneError.bad("a session's id is a UUID like 6F1C2A8E-…; nothing was written") }
        do throws(VaultError) {
            let index = try IndexStore(vault: vault)
            try index.refresh()
            let paths = try index.paths(where: "draft = 0 AND id = '\(id.uuidString)' COLLATE NOCASE")
            for path in paths {
                let entry = try store.read(path)
                if entry.session?.id == id { return entry }
            }
        } catch {
            throw PhoneError(503, "the journal could not be read: \(error.message)")
        }
        throw Self.gone
    }

    static func millis(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 1000).rounded()) }
}
