import Foundation
import GRDB

extension IndexStore {
    /// Trial sessions as billing sees them (not a second observer's record, which has no row),
    /// oldest first: of one client, between two local days (inclusive).
    public func billableSessions(client: String? = nil, since: String? = nil, until: String? = nil) throws(VaultError) -> [BillableSession] {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        if let client { clauses.append("t.client = ?"); arguments += [client] }
        if let since { clauses.append("t.day >= ?"); arguments += [since] }
        if let until { clauses.append("t.day <= ?"); arguments += [until] }
        let sql = """
            SELECT t.path, t.client, c.name, t.date_text, t.day, t.service, t.place, t.provider, t.participants, t.minutes, t.date, t.end_date
            FROM trial_sessions t LEFT JOIN clients c ON c.short = t.client
            WHERE \((clauses.isEmpty ? ["1"] : clauses).joined(separator: " AND ")) ORDER BY t.date IS NULL, t.date, t.path
            """
        return try query { db in
            try RawRow.all(db, sql: sql, arguments: arguments) { row in
                let participants = (try? JSONSerialization.jsonObject(with: Data(row.text(8).utf8)) as? [String]) ?? []
                return BillableSession(path: row.text(0), client: row.text(1), clientName: Client.displayName(of: row.string(2) ?? row.text(1)),
                                       date: row.string(3).flatMap(LocalDate.parse), day: row.string(4), service: row.string(5),
                                       place: row.string(6), provider: row.string(7), participants: participants, minutes: row.int(9),
                                       startSeconds: row.int(10), endSeconds: row.int(11))
            }
        }
    }
}
