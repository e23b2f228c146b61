@testable import AfterflowKit
import Foundation
import Testing

/// The figures of `stats` and `index` on `JournalFixture`, each worked out by hand below.
@Suite struct StatisticsTests {
    /// Whether two optional averages agree to 1e-9.
    func same(_ actual: Double?, _ expected: Double?) -> Bool {
        switch (actual, expected) {
        case (nil, nil): return true
        case let (a?, e?): return abs(a - e) < 1e-9
        default: return false
        }
    }

    func months(_ stats: Statistics) -> [String] { stats.perMonth.map { "\($0.month) \($0.count)" } }
    func statuses(_ pairs: [(SessionStatus, Int)]) -> [String] { pairs.map { "\($0.0.rawValue) \($0.1)" } }

    @Test("every figure of the whole journal")
    func wholeJournal() throws {
        let fixture = try JournalFixture.make()
        let stats = try fixture.store.statistics(SessionFilter())
        // Ten sessions in sessions/; the two drafts never count.
        #expect(stats.sessions == 10)
        // complete: 11-05, 01-15, 02-29, 05-20, 12-10, 12-31, 01-01 = 7; needs reflection: 06-01,
        // 03-09 = 2; draft (no mood before): 04-02 = 1. In SessionStatus order.
        #expect(statuses(stats.byStatus) == ["draft 1", "needs-reflection 2", "complete 7"])
        #expect(stats.reflectionsOwed == 2)
        // Before: 4 3 5 6 5 5 2 4 6 (04-02 has none) = 40 / 9.
        #expect(same(stats.averageMoodBefore, 40.0 / 9))
        // After: 7 8 9 6 8 7 7 6 (06-01 and 03-09 have none; 04-02 has 6) = 58 / 8 = 7.25.
        #expect(same(stats.averageMoodAfter, 7.25))
        // Lift where both are known: 3 5 4 0 3 5 3 = 23 / 7 (04-02's after alone does not count).
        #expect(same(stats.averageLift, 23.0 / 7))
        #expect(stats.first == "2023-11-05")
        #expect(stats.last == "2025-04-02")
        // 18 months from 2023-11 to 2025-04, empty ones included; December 2024 has two.
        #expect(months(stats) == [
            "2023-11 1", "2023-12 0", "2024-01 1", "2024-02 1", "2024-03 0", "2024-04 0", "2024-05 1", "2024-06 1",
            "2024-07 0", "2024-08 0", "2024-09 0", "2024-10 0", "2024-11 0", "2024-12 2", "2025-01 1", "2025-02 0",
            "2025-03 1", "2025-04 1",
        ])
        // Gaps: 71, 45, 81, 12, 192 (06-01 → 12-10: 29+31+31+30+31+30+10), 21, 1, 67, 24.
        let gap = try #require(stats.longestGap)
        #expect(gap.days == 192)
        #expect(gap.from == "2024-06-01")
        #expect(gap.to == "2024-12-10")
    }

    @Test("per treatment: counts, then name; averages over the sessions that have them")
    func perTreatment() throws {
        let fixture = try JournalFixture.make()
        let stats = try fixture.store.statistics(SessionFilter())
        let rows = stats.byTreatment
        #expect(rows.map { "\($0.treatment.rawValue) \($0.count)" } == [
            "ketamine 3", "psilocybin 2", "ayahuasca 1", "cannabis 1", "lsd 1", "mdma 1", "other 1",
        ])
        // (before, after, lift) by hand.
        let expected: [Treatment: (Double?, Double?, Double?)] = [
            .ketamine: (14.0 / 3, 20.0 / 3, 2),  // 4 6 4; 7 6 7; 3 0 3
            .psilocybin: (4, 8, 4),             // 3 5; 8 8; 5 3
            .ayahuasca: (2, 7, 5),
            .cannabis: (6, nil, nil),
            .lsd: (5, nil, nil),
            .mdma: (5, 9, 4),                   // the mdma draft does not count
            .other: (nil, 6, nil),
        ]
        for row in rows {
            let (before, after, lift) = try #require(expected[row.treatment])
            #expect(same(row.averageMoodBefore, before), "\(row.treatment) before")
            #expect(same(row.averageMoodAfter, after), "\(row.treatment) after")
            #expect(same(row.averageLift, lift), "\(row.treatment) lift")
        }
    }

    @Test("a filter narrows every figure: ketamine")
    func filtered() throws {
        let fixture = try JournalFixture.make()
        var filter = SessionFilter()
        filter.treatments = [.ketamine]
        filter.sort = .moodLift
        filter.limit = 1  // sort and limit do not apply to statistics
        let stats = try fixture.store.statistics(filter)
        #expect(stats.sessions == 3)
        #expect(statuses(stats.byStatus) == ["complete 3"])
        #expect(stats.reflectionsOwed == 0)
        #expect(same(stats.averageMoodBefore, 14.0 / 3))
        #expect(same(stats.averageMoodAfter, 20.0 / 3))
        #expect(same(stats.averageLift, 2))
        #expect(stats.byTreatment.map(\.treatment) == [.ketamine])
        // 2023-11 to 2025-01: 15 months.
        #expect(months(stats) == [
            "2023-11 1", "2023-12 0", "2024-01 0", "2024-02 0", "2024-03 0", "2024-04 0", "2024-05 1", "2024-06 0",
            "2024-07 0", "2024-08 0", "2024-09 0", "2024-10 0", "2024-11 0", "2024-12 0", "2025-01 1",
        ])
        // 11-05 → 05-20: 25+31+31+29+31+30+20 = 197; 05-20 → 01-01: 11+30+31+31+30+31+30+31+1 = 226.
        let gap = try #require(stats.longestGap)
        #expect((gap.days, gap.from, gap.to) == (226, "2024-05-20", "2025-01-01"))
    }

    @Test("drafts never count, even when the filter asks for them")
    func draftsNeverCount() throws {
        let fixture = try JournalFixture.make()
        var filter = SessionFilter()
        filter.includeDrafts = true
        let stats = try fixture.store.statistics(filter)
        #expect(stats.sessions == 10)
        // The mdma draft (04-12) and the psilocybin draft (04-10) are left out.
        #expect(stats.byTreatment.map(\.count) == [3, 2, 1, 1, 1, 1, 1])
        #expect(stats.last == "2025-04-02")
        #expect(same(stats.averageMoodBefore, 40.0 / 9))
    }

    @Test("--status draft counts the journal's draft-status sessions, not every session",
          arguments: [[SessionStatus.draft], [.draft, .needsReflection]])
    func statusDraft(_ asked: [SessionStatus]) throws {
        // `statistics` removes `.draft` from the statuses to keep the drafts folder out; with
        // `[.draft]` that leaves no status filter at all, so every session counts (10, not 1), and
        // with `[.draft, .needsReflection]` the 04-02 session (status draft, in sessions/) is lost.
        let fixture = try JournalFixture.make()
        var filter = SessionFilter()
        filter.statuses = asked
        let stats = try fixture.store.statistics(filter)
        // 04-02 is the one journal session whose status is draft (mood before missing, after 6);
        // 06-01 and 03-09 need reflection.
        let expected = asked.count == 1 ? ["draft 1"] : ["draft 1", "needs-reflection 2"]
        #expect(statuses(stats.byStatus) == expected)
        #expect(stats.sessions == (asked.count == 1 ? 1 : 3))
        #expect(stats.last == "2025-04-02")
    }

    @Test("nothing selected: no figures")
    func empty() throws {
        let fixture = try JournalFixture.make()
        var filter = SessionFilter()
        filter.treatments = [.mescaline]
        let stats = try fixture.store.statistics(filter)
        #expect(stats.sessions == 0)
        #expect(stats.byStatus.isEmpty && stats.byTreatment.isEmpty && stats.perMonth.isEmpty)
        #expect(stats.averageMoodBefore == nil && stats.averageMoodAfter == nil && stats.averageLift == nil)
        #expect(stats.longestGap == nil && stats.first == nil && stats.last == nil)
        #expect(stats.reflectionsOwed == 0)
    }

    @Test("the index summary: sessions, drafts, notes, averages")
    func summary() throws {
        let fixture = try JournalFixture.make()
        let summary = try fixture.store.summary()
        #expect(summary.sessions == 10)
        #expect(summary.drafts == 2)
        #expect(statuses(summary.byStatus) == ["draft 1", "needs-reflection 2", "complete 7"])
        #expect(summary.byTreatment.map { "\($0.0.rawValue) \($0.1)" } == [
            "ketamine 3", "psilocybin 2", "ayahuasca 1", "cannabis 1", "lsd 1", "mdma 1", "other 1",
        ])
        #expect(summary.first == "2023-11-05")
        #expect(summary.last == "2025-04-02")
        #expect(same(summary.averageMoodBefore, 40.0 / 9))
        #expect(same(summary.averageMoodAfter, 7.25))
        // 10 sessions + 2 drafts + the plain note.
        #expect(summary.documents == 13)
        #expect(summary.notes == 1)
        #expect(summary.unreadable == 0)
        #expect(try fixture.store.documentCount() == 12)
        #expect(try fixture.store.problems().filter { $0.severity == .error }.isEmpty)
    }
}

extension SessionFilter {
    /// A filter changed by `configure`, for argument tables.
    static func with(_ configure: (inout SessionFilter) -> Void) -> SessionFilter {
        var filter = SessionFilter()
        configure(&filter)
        return filter
    }
}
