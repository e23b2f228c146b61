import Foundation
import Testing

/// A vault that also holds other tools' notes (issue 20, item 5): an Obsidian note in `notes/`, a
/// Hugo post at the vault's root and a Jekyll post in `_posts/` are not afterflow's documents. They
/// are not checked, listed, counted as drafts, named by a reference or written to, and `search`
/// still finds their words.
@Suite("other tools' notes in the vault")
struct ForeignNoteTests {
    static let obsidian = """
        ---
        tags: [release, obsidian]
        aliases:
          - Obsidian 1.5
        cssclasses: wide
        ---
        # Obsidian 1.5

        See [[Daily notes]] and [[Canvas|the canvas]]; the lighthouse plugin is new.

        """
    static let hugo = """
        ---
        title: "Hello, world"
        date: 2024-12-20T10:00:00-08:00
        draft: true
        tags: ["intro"]
        ---
        The marmalade paragraph of my first post.

        """
    static let jekyll = """
        ---
        layout: post
        title: Welcome to Jekyll!
        date: 2024-12-21 09:00:00 -0800
        categories: jekyll update
        ---
        You'll find this post in your `_posts` directory, next to the quince.

        """
    static let files = ["notes/obsidian-1.5.md": obsidian, "hello-world.md": hugo, "_posts/2024-12-21-welcome.md": jekyll]

    /// A vault with one session (2024-12-10) and the three notes; the session's path.
    private func vault(_ sandbox: Sandbox) throws -> String {
        let (path, _) = try sandbox.vaultWithSession()
        for (name, text) in Self.files { try sandbox.write("vault/" + name, text) }
        return path
    }

    @Test("check passes: another tool's front matter is not an error")
    func checkPasses() throws {
        try withSandbox { sandbox in
            _ = try vault(sandbox)
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
        }
    }

    @Test("list shows the session alone")
    func listLeavesThemOut() throws {
        try withSandbox { sandbox in
            let path = try vault(sandbox)
            let listed = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            #expect(listed.stdoutLines == [path])
        }
    }

    @Test("drafts does not count them (the Hugo post has draft: true)")
    func draftsLeavesThemOut() throws {
        try withSandbox { sandbox in
            _ = try vault(sandbox)
            let drafts = try sandbox.run(["drafts", "--format", "json"], directory: "vault")
            #expect((drafts.json as? [Any])?.count == 0, "\(drafts)")
        }
    }

    @Test("a writer named with the note's path refuses it and leaves its bytes as they were",
          arguments: [["reflect", "{}", "An added line."], ["remind", "{}", "3h"], ["delete", "{}", "--yes"],
                      ["set", "{}", "mood_after=7"], ["fmt", "{}"]])
    func writersRefuse(_ command: [String]) throws {
        try withSandbox { sandbox in
            _ = try vault(sandbox)
            for (name, text) in Self.files {
                _ = try sandbox.run(command.map { $0 == "{}" ? name : $0 }, directory: "vault")
                #expect(try sandbox.readText("vault/" + name) == text, "\(command[0]) \(name)")
            }
        }
    }

    @Test("last names the newest session, not the newer Hugo post")
    func lastIsTheSession() throws {
        try withSandbox { sandbox in
            let path = try vault(sandbox)
            let shown = try sandbox.run(["show", "last", "--format", "json"], directory: "vault")
            #expect((shown.json as? [String: Any])?["path"] as? String == path, "\(shown)")
        }
    }

    @Test("the Hugo post's day names no session")
    func dayNamesNoNote() throws {
        try withSandbox { sandbox in
            _ = try vault(sandbox)
            let result = try sandbox.run(["reflect", "2024-12-20", "An added line."], directory: "vault")
            #expect(try sandbox.readText("vault/hello-world.md") == Self.hugo, "\(result)")
        }
    }

    @Test("search finds the words of each note")
    func searchFindsThem() throws {
        try withSandbox { sandbox in
            _ = try vault(sandbox)
            let found = ["lighthouse", "marmalade", "quince"].map { word in
                (try? sandbox.run(["search", word, "--format", "json"], directory: "vault").json as? [[String: Any]])?.first?["path"] as? String
            }
            #expect(found == ["notes/obsidian-1.5.md", "hello-world.md", "_posts/2024-12-21-welcome.md"])
        }
    }

    @Test("a session moved out of sessions/ without a type is still a session")
    func movedSessionStaysASession() throws {
        try withSandbox { sandbox in
            let path = try vault(sandbox)
            try sandbox.write("vault/journal/moved.md", try sandbox.readText("vault/" + path))
            try FileManager.default.removeItem(atPath: sandbox.path("vault/" + path))
            let listed = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            #expect(listed.stdoutLines == ["journal/moved.md"])
        }
    }
}
