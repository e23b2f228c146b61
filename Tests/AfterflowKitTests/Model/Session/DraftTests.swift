import AfterflowKit
import Foundation
import Testing

/// What a draft is missing, how old it is and whether it is planned (#21, item 3): the rules
/// `drafts` and `new` print.
@Suite struct DraftTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-01-05 10:00 in Los Angeles.
    static let now = ISO8601DateFormatter().date(from: "2025-01-05T18:00:00Z")!

    func entry(_ path: String, date: String = "2024-12-10T14:30:00-08:00", moodBefore: Bool = false, intention: String = "",
               created: String? = nil) -> VaultEntry {
        var text = "---\nid: 6F1C0000-0000-4000-8000-000000000001\ndate: \(date)\ntreatment: psilocybin\n"
        if moodBefore { text += "mood_before: 5\n" }
        if let created { text += "created: \(created)\n" }
        text += "---\n## Intention\n\n\(intention)\n"
        return VaultEntry(path: path, bytes: Array(text.utf8))
    }

    func draft(_ entry: VaultEntry) throws -> Draft {
        try #require(Draft(entry, now: Self.now, timeZone: Self.zone))
    }

    @Test("without an intention or a mood before: both are missing")
    func missingBoth() throws {
        #expect(try draft(entry(".afterflow/drafts/a.md")).missing == ["intention", "mood before"])
    }

    @Test("an intention of blank lines is missing")
    func blankIntention() throws {
        #expect(try draft(entry(".afterflow/drafts/a.md", moodBefore: true, intention: "   \n\n")).missing == ["intention"])
    }

    @Test("a session in the journal with its intention and mood before is not a draft")
    func finishedIsNoDraft() {
        #expect(Draft(entry("sessions/2024/a.md", moodBefore: true, intention: "Listen."), now: Self.now, timeZone: Self.zone) == nil)
    }

    @Test("in the drafts folder, dated after now: planned for its date, missing nothing")
    func planned() throws {
        let found = try draft(entry(".afterflow/drafts/a.md", date: "2025-02-01T18:00:00-08:00", moodBefore: true, intention: "Listen."))
        #expect(found.plannedFor == LocalDate.parse("2025-02-01T18:00:00-08:00") && found.missing.isEmpty)
    }

    @Test("age counts from created: eight days is older than a week")
    func stale() throws {
        #expect(try draft(entry(".afterflow/drafts/a.md", created: "2024-12-28T10:00:00-08:00")).isStale)
    }

    @Test("oldest first")
    func order() {
        let young = entry(".afterflow/drafts/young.md", created: "2025-01-04T10:00:00-08:00")
        let old = entry(".afterflow/drafts/old.md", created: "2024-12-01T10:00:00-08:00")
        #expect(Draft.drafts(in: [young, old], now: Self.now, timeZone: Self.zone).map(\.entry.path) == [old.path, young.path])
    }
}
