@testable import AfterflowKit
import Foundation
import Testing

/// Which Markdown files are afterflow's (issue 20, item 5): a file with an afterflow `type`, or in
/// afterflow's folders, or holding a session's own key; any other file with front matter is
/// another tool's note.
@Suite("afterflow's documents and other tools' notes")
struct DocumentKindTests {
    static let obsidian = "---\ntags: [release, obsidian]\naliases:\n  - Obsidian 1.5\n---\n# Obsidian 1.5\n\nSee [[Daily notes]].\n"
    static let hugo = "---\ntitle: \"Hello, world\"\ndate: 2024-12-20T10:00:00-08:00\ndraft: true\n---\nMy first post.\n"
    static let hugoTyped = "---\ntitle: About\ntype: page\n---\nAbout me.\n"
    static let jekyll = "---\nlayout: post\ntitle: Welcome to Jekyll!\ndate: 2024-12-21 09:00:00 -0800\n---\nHello.\n"

    @Test("another tool's note outside afterflow's folders is foreign, without problems",
          arguments: [("notes/obsidian.md", obsidian), ("hello-world.md", hugo), ("content/about.md", hugoTyped),
                      ("_posts/2024-12-21-welcome.md", jekyll)])
    func foreign(_ path: String, _ text: String) {
        let entry = VaultEntry(path: path, bytes: Array(text.utf8))
        #expect(entry.isForeign && entry.session == nil && entry.diagnostics.isEmpty)
    }

    @Test("a file in afterflow's folders, or with its type, or with a session's key, is afterflow's",
          arguments: [("sessions/2024/hello-world.md", hugo), (".afterflow/drafts/x.md", hugo),
                      ("notes/mood.md", "---\ntype: mood\nscore: 5\n---\n"),
                      ("journal/moved.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34")),
                      ("x.md", "---\ntype: sesion\ntreatment: lsd\n---\n")])
    func afterflows(_ path: String, _ text: String) {
        #expect(DocumentKind.isAfterflowDocument(Document(text), path: path))
    }

    @Test("the catalog keeps the notes out of its sessions and problems")
    func catalogLeavesThemOut() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        try temp.write("notes/obsidian.md", Self.obsidian)
        try temp.write("hello-world.md", Self.hugo)
        let catalog = VaultCatalog(vault: try temp.vault)
        #expect(catalog.entries.map(\.path) == ["sessions/2024/a.md"])
    }
}
