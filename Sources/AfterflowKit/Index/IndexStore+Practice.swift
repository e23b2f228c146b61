import Foundation
import GRDB

/// A client as the index lists it.
public struct ClientListing: Sendable {
    public var short: String
    public var path: String
    public var id: String?
    public var name: String?
    public var born: LocalDate?
    /// Goals in baseline, active or maintenance.
    public var activeGoals: Int
    public var goals: Int
    public var sessions: Int
    /// The local day of the newest trial session.
    public var lastSession: String?

    public var displayName: String { Client.displayName(of: name ?? "") }
}

/// A trial session as the index lists it.
public struct TrialSessionListing: Sendable {
    public var path: String
    public var id: String?
    public var client: String
    public var date: LocalDate?
    public var day: String?
    public var location: String?
    public var trials: Int
    public var successes: Int
    /// The goals of its trials and behaviour events, by short name.
    public var goals: [String]
    /// Its behaviour events (counts, durations, intervals, ABC, task steps): lines, not trials.
    public var events = 0
    /// When its note was signed, as `signed:` writes it; nil for a draft.
    public var signed: String?
}

extension IndexStore {
    /// Every client, by short name, with counts of goals and sessions.
    public func clientListings() throws(VaultError) -> [ClientListing] {
        try query { db in
            try RawRow.all(db, sql: """
                SELECT c.short, c.path, c.id, c.name, c.born,
                    (SELECT count(*) FROM goals g WHERE g.client = c.short AND g.phase IN ('baseline', 'active', 'maintenance')),
                    (SELECT count(*) FROM goals g WHERE g.client = c.short),
                    (SELECT count(*) FROM trial_sessions t WHERE t.client = c.short),
                    (SELECT max(day) FROM trial_sessions t WHERE t.client = c.short)
                FROM clients c WHERE c.short <> '' ORDER BY c.short
                """) { row in
                ClientListing(short: row.text(0), path: row.text(1), id: row.string(2), name: row.string(3),
                              born: row.string(4).flatMap(LocalDate.parse), activeGoals: row.int(5) ?? 0, goals: row.int(6) ?? 0,
                              sessions: row.int(7) ?? 0, lastSession: row.string(8))
            }
        }
    }

    /// Trial sessions, newest first: of one client, between two local days (inclusive), at most `limit`.
    public func trialSessions(client: String? = nil, since: String? = nil, until: String? = nil, limit: Int? = nil) throws(VaultError) -> [TrialSessionListing] {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        if let client { clauses.append("client = ?"); arguments += [client] }
        if let since { clauses.append("day >= ?"); arguments += [since] }
        if let until { clauses.append("day <= ?"); arguments += [until] }
        return try trialSessionRows(clauses, arguments, limit: limit)
    }

    /// Trial sessions whose id starts with `prefix` (dashes optional).
    public func trialSessions(idPrefix prefix: String) throws(VaultError) -> [TrialSessionListing] {
        let (condition, arguments) = Self.idStarting(prefix)
        return try trialSessionRows([condition], StatementArguments(arguments), limit: nil)
    }

    /// The rows meeting every clause, newest first.
    private func trialSessionRows(_ clauses: [String], _ arguments: StatementArguments, limit: Int?) throws(VaultError) -> [TrialSessionListing] {
        var sql = """
            SELECT path, id, client, date_text, day, location, trials, successes, goals, events, signed FROM trial_sessions
            WHERE \((clauses.isEmpty ? ["1"] : clauses).joined(separator: " AND ")) ORDER BY date IS NULL, date DESC, path DESC
            """
        if let limit { sql += " LIMIT \(limit)" }
        return try query { db in
            try RawRow.all(db, sql: sql, arguments: arguments) { row in
                let goals = (try? JSONSerialization.jsonObject(with: Data(row.text(8).utf8)) as? [String]) ?? []
                return TrialSessionListing(path: row.text(0), id: row.string(1), client: row.text(2), date: row.string(3).flatMap(LocalDate.parse),
                                           day: row.string(4), location: row.string(5), trials: row.int(6) ?? 0, successes: row.int(7) ?? 0, goals: goals,
                                           events: row.int(9) ?? 0, signed: row.string(10))
            }
        }
    }
}

/// The practice at a glance, for `stats`.
public struct PracticeStatistics: Sendable {
    public var clients = 0
    public var activeGoals = 0
    public var goals = 0
    public var sessions = 0
    public var trials = 0
    public var successes = 0
}

extension IndexStore {
    /// Clients and goals now, and the trial sessions between two local days (inclusive).
    public func practiceStatistics(since: String?, until: String?) throws(VaultError) -> PracticeStatistics {
        try query { db in
            var stats = PracticeStatistics()
            stats.clients = try Int.fetchOne(db, sql: "SELECT count(*) FROM clients WHERE short <> ''") ?? 0
            stats.goals = try Int.fetchOne(db, sql: "SELECT count(*) FROM goals") ?? 0
            stats.activeGoals = try Int.fetchOne(db, sql: "SELECT count(*) FROM goals WHERE phase IN ('baseline', 'active', 'maintenance')") ?? 0
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*), coalesce(sum(trials), 0), coalesce(sum(successes), 0) FROM trial_sessions
                WHERE (? IS NULL OR day >= ?) AND (? IS NULL OR day <= ?)
                """, arguments: [since, since, until, until])
            stats.sessions = row?[0] ?? 0
            stats.trials = row?[1] ?? 0
            stats.successes = row?[2] ?? 0
            return stats
        }
    }
}
