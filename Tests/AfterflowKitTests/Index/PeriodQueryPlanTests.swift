@testable import AfterflowKit
import Foundation
import GRDB
import Testing

/// A period's sessions are found through their day, not by walking the whole date index
/// (`SessionFilter.orderBy`): what SQLite plans for the filters of `list` and the exports, and the
/// order they come in, which the plan does not change.
@Suite struct PeriodQueryPlanTests {
    static func plan(_ store: IndexStore, _ filter: SessionFilter) throws -> String {
        let (clause, arguments) = try filter.whereClause(timeZone: store.vault.timeZone)
        return try store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT path FROM sessions WHERE \(clause) ORDER BY \(filter.orderBy)", arguments: arguments)
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
    }

    @Test("a period is searched by day; all sessions are read in the date index's order", arguments: SessionSort.allCases)
    func plans(_ sort: SessionSort) throws {
        let fixture = try JournalFixture.make()
        var period = SessionFilter()
        period.sort = sort
        period.since = Int(Date(timeIntervalSince1970: 1_733_040_000).timeIntervalSince1970)  // 2024-12-01
        #expect(try Self.plan(fixture.store, period).contains("sessions_by_day"))
        var all = SessionFilter()
        all.sort = .newest
        #expect(try Self.plan(fixture.store, all).contains("sessions_by_date"))
    }

    @Test("a period's sessions come in the order of its sort", arguments: SessionSort.allCases)
    func order(_ sort: SessionSort) throws {
        let fixture = try JournalFixture.make()
        var period = SessionFilter()
        period.sort = sort
        period.since = 1_733_040_000
        var all = SessionFilter()
        all.sort = sort
        let expected = try fixture.store.sessions(all).filter { ($0.dateText ?? "") >= "2024-12-01" }.map(\.path)
        #expect(try fixture.store.sessions(period).map(\.path) == expected)
    }
}
