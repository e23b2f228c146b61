@testable import AfterflowKit
import Foundation
import Testing

/// What an export writes: the filter's sessions less those whose files have errors, and (the
/// app's CSV) less drafts unless asked for.
@Suite struct ExportedSessionsTests {
    func session(_ id: Int, treatment: String, date: String, extra: String = "", intention: Bool = true) -> String {
        "---\nid: AB000000-0000-4000-8000-0000000000\(String(format: "%02d", id))\ndate: \(date)\ntreatment: \(treatment)\nmood_before: 5\n\(extra)---\n"
            + (intention ? "## Intention\n\nx\n" : "")
    }

    @Test("a chosen session with errors is left out and named; one with errors the filter did not choose is counted apart")
    func leavesOutBrokenFiles() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/a.md", session(1, treatment: "lsd", date: "2024-05-01"))
        // mood_after 11 is out of the 1-10 scale: an error in a chosen (lsd) session.
        try vault.write("sessions/b.md", session(2, treatment: "lsd", date: "2024-05-02", extra: "mood_after: 11\n"))
        // The same error in a ketamine session, which the filter does not choose.
        try vault.write("sessions/c.md", session(3, treatment: "ketamine", date: "2024-05-03", extra: "mood_after: 11\n"))
        try vault.write("sessions/d.md", session(4, treatment: "lsd", date: "2024-05-04"))
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()

        var filter = SessionFilter()
        filter.treatments = [.lsd]
        filter.sort = .oldest
        let exported = try store.exportedSessions(filter)
        #expect(exported.rows.map(\.path) == ["sessions/a.md", "sessions/d.md"])
        #expect(exported.leftOut == ["sessions/b.md"])
        #expect(exported.otherProblems == 1)

        // Without a filter both broken files are chosen, so none is "other".
        let all = try store.exportedSessions(SessionFilter())
        #expect(all.leftOut == ["sessions/b.md", "sessions/c.md"])
        #expect(all.otherProblems == 0)
        #expect(all.rows.count == 2)
    }

    @Test("the app's CSV leaves drafts out and counts them, unless they are asked for")
    func appReadableLeavesOutDrafts() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/a.md", session(1, treatment: "lsd", date: "2024-05-01"))
        // No intention: a draft, though in sessions/.
        try vault.write("sessions/b.md", session(2, treatment: "mdma", date: "2024-05-02", intention: false))
        try vault.write("sessions/c.md", session(3, treatment: "lsd", date: "2024-05-03"))
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()
        var filter = SessionFilter()
        filter.sort = .oldest
        filter.statuses = [.draft, .needsReflection, .complete]
        let rows = try store.exportedSessions(filter).rows
        try #require(rows.count == 3)

        let app = AppCSV.appReadable(rows, includingDrafts: false)
        #expect(app.sessions.map(\.path) == ["sessions/a.md", "sessions/c.md"])
        #expect(app.drafts == 1)
        let asked = AppCSV.appReadable(rows, includingDrafts: true)
        #expect(asked.sessions.count == 3)
        #expect(asked.drafts == 0)
    }
}
