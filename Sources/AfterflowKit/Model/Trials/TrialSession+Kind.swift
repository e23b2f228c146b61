import Foundation
import GRDB

/// A session of discrete trials as a kind (see `KindDescriptor`): `type: trials`, in
/// `clients/<short>/sessions/`.
extension TrialSession: KindDescriptor {
    public static let kind = DocumentKind.trials
    public static let noun = "a trial session (type: trials)"
    public var content: DocumentContent { .trials(self) }

    public init?(content: DocumentContent) {
        guard case .trials(let trials) = content else { return nil }
        self = trials
    }

    public func formatted(timeZone: TimeZone) -> Document? { TrialsFormatter().format(self) }

    public static let table = "trial_sessions"
    public static let schema = [
        """
        CREATE TABLE trial_sessions (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            client_id TEXT,
            client TEXT NOT NULL,
            date INTEGER,
            date_text TEXT,
            day TEXT,
            end_date INTEGER,
            location TEXT,
            trials INTEGER NOT NULL,
            successes INTEGER NOT NULL,
            goals TEXT NOT NULL,
            notes TEXT NOT NULL,
            service TEXT,
            place TEXT,
            provider TEXT,
            participants TEXT NOT NULL,
            minutes INTEGER,
            events INTEGER NOT NULL,
            signed TEXT
        ) WITHOUT ROWID
        """,
        "CREATE INDEX trial_sessions_by_client ON trial_sessions(client, date DESC)",
        "CREATE INDEX trial_sessions_by_id ON trial_sessions(id)",
        "CREATE INDEX trial_sessions_by_bare_id ON trial_sessions(upper(replace(id, '-', '')))",
    ]
    public static let insertStatement: String? = """
        INSERT OR REPLACE INTO trial_sessions (path, id, client_id, client, date, date_text, day, end_date, location, trials,
            successes, goals, notes, service, place, provider, participants, minutes, events, signed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// No row for a second observer's record (`role: reliability`): its trials and events count
    /// in no listing or statistic, and a reference by client or day names the session's own record.
    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? {
        if role == .reliability { return nil }
        // One pass, no trial copied: a session has a few goals, so a list beats a set.
        var successes = 0
        var goals: [String] = []
        let list = trials
        for i in list.indices {
            if list[i].success { successes += 1 }
            if !goals.contains(list[i].goal) { goals.append(list[i].goal) }
        }
        for event in events where !goals.contains(event.goal) { goals.append(event.goal) }
        goals.sort()
        return [path, id?.uuidString, client?.uuidString, PracticePath(path).client ?? "",
                date?.epochSeconds(in: timeZone), date?.canonical(in: timeZone), date?.dayString,
                end?.epochSeconds(in: timeZone), location, list.count, successes, indexNames(goals), notes,
                service, place?.text, provider, indexNames(participants), billableMinutes, events.count, signature?.atText]
    }

    public var searchText: String? { ([notes] + trials.map(\.note).filter { !$0.isEmpty }).joined(separator: "\n") }

    public static func searchSections(of document: Document) -> [(String, Range<Int>)] {
        ["Notes", "Trials"].compactMap { name in document.section(name).map { (name.lowercased(), $0.content) } }
    }

    public static func commandHints(path: String) -> [String] {
        ["See it with 'afterflow summary \(path)'; 'afterflow note \(path)' drafts its note."]
    }
}
