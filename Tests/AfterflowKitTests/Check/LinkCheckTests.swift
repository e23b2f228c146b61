@testable import AfterflowKit
import Foundation
import Testing

/// Links across the vault: `check`'s warning on a link that names nothing (from the files, and
/// from unsaved text), backlinks from the index and `search links:`.
struct LinkCheckTests {
    static func session(_ day: String, _ body: String) -> String {
        "---\ndate: \(day)\ntreatment: psilocybin\n---\n\n## Intention\n\n\(body)\n"
    }

    /// A vault of three sessions: the 12th links to the 10th twice (by day, by a relative path)
    /// and to the 11th, which has no record; the 14th links to the 12th's file name.
    static func linked<T>(_ body: (TemporaryVault, IndexStore) throws -> T) throws -> T {
        let temp = try TemporaryVault()
        try temp.write("sessions/2025/2025-01-10-psilocybin.md", session("2025-01-10", "Calm."))
        try temp.write("sessions/2025/2025-01-12-psilocybin.md",
                       session("2025-01-12", "As on [[2025-01-10]], not [[2025-01-11]]; [again](2025-01-10-psilocybin.md)."))
        try temp.write("sessions/2025/2025-01-14-psilocybin.md", session("2025-01-14", "See [[2025-01-12-psilocybin|the 12th]]."))
        let store = try IndexStore(vault: try temp.vault)
        _ = try store.refresh()
        return try withExtendedLifetime(temp) { try body(temp, store) }
    }

    static func linkWarnings(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.message.contains("link") }.map(\.description)
    }

    @Test func aLinkThatNamesNothingIsAWarningAtItsTarget() throws {
        try Self.linked { _, store in
            let found = Self.linkWarnings(try VaultCheck(store: store).check().diagnostics)
            // Line 8 is the intention's text; "As on [[2025-01-10]], not [[" is 28 bytes, so the
            // target 2025-01-11 starts at column 29.
            #expect(found == [
                "sessions/2025/2025-01-12-psilocybin.md:8:29: warning: the link [[2025-01-11]] names no record of the vault; a link names a day with records (2025-01-10), a file's name (2025-01-10-psilocybin), a client (maya-t) or a client's goal (maya-t/s-initial)",
            ])
        }
    }

    @Test func unsavedTextIsCheckedAndCountsAsARecord() throws {
        try Self.linked { _, store in
            let check = VaultCheck(store: store)
            // The 14th, unsaved, now links to a file of the 11th that is itself unsaved: no warning.
            let found = try check.check(files: ["sessions/2025/2025-01-14-psilocybin.md"], unsaved: [
                "sessions/2025/2025-01-14-psilocybin.md": Self.session("2025-01-14", "[[2025-01-11-other]] and [[nowhere]]"),
                "sessions/2025/2025-01-11-other.md": Self.session("2025-01-11", "New."),
            ]).diagnostics
            #expect(Self.linkWarnings(found).count == 1)
            #expect(Self.linkWarnings(found).first?.hasPrefix("sessions/2025/2025-01-14-psilocybin.md:8:28: warning: the link [[nowhere]]") == true)
            // The whole vault with the 11th unsaved: the 12th's link to that day names it now.
            let vault = try check.check(unsaved: ["sessions/2025/2025-01-11-other.md": Self.session("2025-01-11", "New.")]).diagnostics
            #expect(Self.linkWarnings(vault).isEmpty)
        }
    }

    @Test func backlinksComeFromTheIndex() throws {
        try Self.linked { temp, store in
            let links = try store.backlinks(to: "sessions/2025/2025-01-10-psilocybin.md")
            // The 12th's day link and its Markdown link; the 11th link names another day.
            #expect(links.map(\.path) == ["sessions/2025/2025-01-12-psilocybin.md", "sessions/2025/2025-01-12-psilocybin.md"])
            #expect(links.map(\.link.style) == [.wiki, .markdown])
            // The 14th's link goes away once the file no longer has it, after a refresh.
            try temp.write("sessions/2025/2025-01-14-psilocybin.md", Self.session("2025-01-14", "No link now."))
            #expect(try store.backlinks(to: "sessions/2025/2025-01-12-psilocybin.md").count == 1)
            _ = try store.refresh()
            #expect(try store.backlinks(to: "sessions/2025/2025-01-12-psilocybin.md").isEmpty)
        }
    }

    @Test func searchFindsTheRecordsThatLink() throws {
        try Self.linked { _, store in
            let only = try SearchResults(try SearchQuery("links:2025-01-10"), in: store, includeDrafts: false, limit: 20, allLines: true)
            // Both links of the 12th are lines of its one hit, each marked.
            #expect(only.sessions.map(\.hit.session.path) == ["sessions/2025/2025-01-12-psilocybin.md", "sessions/2025/2025-01-12-psilocybin.md"])
            #expect(only.sessions.first?.line.snippet.contains("\u{1}[[2025-01-10]]\u{2}") == true)
            let words = try SearchResults(try SearchQuery("calm links:2025-01-12"), in: store, includeDrafts: false, limit: 20, allLines: false)
            // The 14th links to the 12th but does not say calm; the 10th says calm but does not link.
            #expect(words.isEmpty)
            let linking = try SearchResults(try SearchQuery("see links:[[2025-01-12]]"), in: store, includeDrafts: false, limit: 20, allLines: false)
            #expect(linking.sessions.map(\.hit.session.path) == ["sessions/2025/2025-01-14-psilocybin.md"])
        }
    }
}
