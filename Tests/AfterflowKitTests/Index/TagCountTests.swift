@testable import AfterflowKit
import Foundation
import Testing

/// `afterflow tags`: every tag with its count, from the index (#10).
@Suite struct TagCountTests {
    func session(_ id: Int, tags: String, treatment: String = "lsd", date: String = "2024-05-01T10:00:00-07:00") -> String {
        "---\nid: AB000000-0000-4000-8000-0000000000\(String(format: "%02d", id))\ndate: \(date)\ntreatment: \(treatment)\nmood_before: 5\ntags: \(tags)\n---\n## Intention\n\nx\n"
    }

    @Test("most used first, then by name; case folded into the spelling most sessions use; each session once")
    func counts() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/a.md", session(1, tags: "[grief, nature]"))
        try vault.write("sessions/b.md", session(2, tags: "[Grief, ocean]", treatment: "ketamine"))
        try vault.write("sessions/c.md", session(3, tags: "[grief, GRIEF, body]", treatment: "ketamine", date: "2025-01-02"))
        try vault.write("sessions/d.md", session(4, tags: "[]"))
        try vault.write(".afterflow/drafts/e.md", "---\nid: AB000000-0000-4000-8000-000000000005\ndate: 2024-05-02\ntreatment: lsd\ntags: [draft-only, nature]\n---\n")
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()

        #expect(try store.tagCounts(SessionFilter()) == [
            TagCount(tag: "grief", sessions: 3), TagCount(tag: "body", sessions: 1), TagCount(tag: "nature", sessions: 1),
            TagCount(tag: "ocean", sessions: 1),
        ])
        var filter = SessionFilter()
        filter.treatments = [.ketamine]
        #expect(try store.tagCounts(filter).map(\.tag) == ["grief", "body", "ocean"])
        filter = SessionFilter()
        filter.includeDrafts = true
        filter.limit = 1
        #expect(try store.tagCounts(filter).prefix(2) == [TagCount(tag: "grief", sessions: 3), TagCount(tag: "nature", sessions: 2)])
        #expect(try store.tagCounts(filter).contains(TagCount(tag: "draft-only", sessions: 1)))
    }
}
