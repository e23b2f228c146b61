import Foundation
import Testing

/// `set` replaces a section that holds text only with `--replace`, and keeps the old text in the
/// trash where `undo` finds it (issue 20, item 2).
@Suite("set --replace")
struct SetReplaceTests {
    /// A session with a reflection written by `reflect`; its path and text.
    private func reflected(_ sandbox: Sandbox) throws -> (path: String, text: String) {
        let (path, _) = try sandbox.vaultWithSession()
        expectStatus(try sandbox.run(["reflect", "2024-12-10", "The first reflection, months of work."], directory: "vault"), 0)
        return (path, try sandbox.readText("vault/" + path))
    }

    @Test("without --replace, set refuses to replace the reflections and names reflect")
    func refusesWithoutReplace() throws {
        try withSandbox { sandbox in
            let (path, text) = try reflected(sandbox)
            let result = try sandbox.run(["set", "2024-12-10", "reflections=Only this."], directory: "vault")
            let after = try sandbox.readText("vault/" + path)
            #expect(result.status == 1 && result.stderr.contains("afterflow reflect 2024-12-10") && after == text, "\(result)")
        }
    }

    @Test("emptying a section that holds text needs --replace too")
    func emptyingNeedsReplace() throws {
        try withSandbox { sandbox in
            let (path, text) = try reflected(sandbox)
            _ = try sandbox.run(["set", "2024-12-10", "intention="], directory: "vault")
            #expect(try sandbox.readText("vault/" + path) == text)
        }
    }

    @Test("with --replace the text is replaced, and undo brings the earlier reflections back")
    func replaceThenUndo() throws {
        try withSandbox { sandbox in
            let (path, text) = try reflected(sandbox)
            expectStatus(try sandbox.run(["set", "2024-12-10", "reflections=Only this.", "--replace"], directory: "vault"), 0)
            expectStatus(try sandbox.run(["undo"], directory: "vault"), 0)
            #expect(try sandbox.readText("vault/" + path) == text)
        }
    }

    @Test("undo of an undo puts the replacing text back: nothing is lost either way")
    func undoTwice() throws {
        try withSandbox { sandbox in
            let (path, _) = try reflected(sandbox)
            expectStatus(try sandbox.run(["set", "2024-12-10", "reflections=Only this.", "--replace"], directory: "vault"), 0)
            let replaced = try sandbox.readText("vault/" + path)
            expectStatus(try sandbox.run(["undo"], directory: "vault"), 0)
            expectStatus(try sandbox.run(["undo"], directory: "vault"), 0)
            #expect(try sandbox.readText("vault/" + path) == replaced)
        }
    }

    @Test("a section that is empty is set without --replace")
    func emptySectionNeedsNoReplace() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["set", "2024-12-10", "environment=A quiet room."], directory: "vault"), 0)
            #expect(try sandbox.readText("vault/" + path).contains("A quiet room."))
        }
    }
}
