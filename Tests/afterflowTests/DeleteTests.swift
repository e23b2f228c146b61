import Foundation
import Testing

@Suite("delete, undo and trash")
struct DeleteTests {
    @Test("delete --yes moves the file into the trash, cancels its reminder and says how to undo")
    func deleteAndUndo() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession(remind: "3h")
            let result = try sandbox.run(["delete", "2024-12-10", "--yes"], directory: "vault")
            expectStatus(result, 0)
            let trashed = try #require(sandbox.files(under: "vault/.afterflow/trash").first { $0.hasSuffix(".md") })
            #expect(result.stdoutLines == [
                "Deleted \(path) (Psilocybin • Dec 10, 2024); it is in .afterflow/trash/\(trashed).",
                "Its reminder is cancelled.",
                "Undo with: afterflow undo",
            ])
            #expect(!sandbox.exists("vault/" + path))
            let text = try sandbox.readText("vault/.afterflow/trash/" + trashed)
            #expect(frontMatterValue(text, "reminder") == nil)
            #expect(text.contains("A private intention."))
            #expect(try sandbox.run(["list"], directory: "vault").stdout.contains("No sessions yet"))
            #expect(try sandbox.run(["reminders"], directory: "vault").stdout.hasPrefix("No pending reminders"))

            let undo = try sandbox.run(["undo"], directory: "vault")
            expectStatus(undo, 0)
            #expect(undo.stdout == "Restored \(path).\n")
            #expect(try sandbox.readText("vault/" + path) == text)
            #expect(frontMatterValue(text, "id") == id)
            let nothing = try sandbox.run(["undo"], directory: "vault")
            expectStatus(nothing, 1)
            #expect(nothing.stderr == "error: nothing to undo: the trash is empty\n")
        }
    }

    @Test("without a terminal, delete needs --yes and changes nothing")
    func deleteNeedsYes() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let result = try sandbox.run(["delete", "2024-12-10"], directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderr.contains("add --yes when not on a terminal"))
            #expect(sandbox.exists("vault/" + path))
        }
    }

    @Test("undo refuses to replace a file now at the original path")
    func undoRefusesToOverwrite() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["delete", "2024-12-10", "--yes"], directory: "vault"), 0)
            try sandbox.write("vault/" + path, "my own notes\n")
            let result = try sandbox.run(["undo"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.contains("error: \(path) already exists; afterflow never replaces a file, so nothing was restored"))
            #expect(try sandbox.readText("vault/" + path) == "my own notes\n")
            #expect(sandbox.files(under: "vault/.afterflow/trash").filter { $0.hasSuffix(".md") }.count == 1)
        }
    }

    @Test("trash lists deletions newest first and restores any of them by number or id")
    func listAndRestore() throws {
        try withSandbox { sandbox in
            let (first, firstID) = try sandbox.vaultWithSession()
            let made = try sandbox.run(["new", "--date", "2024-12-12 10:00", "--treatment", "lsd", "--format", "json"], directory: "vault")
            let draft = try #require((made.json as? [String: Any])?["path"] as? String)
            expectStatus(try sandbox.run(["delete", firstID, "--yes"], directory: "vault"), 0)
            expectStatus(try sandbox.run(["delete", draft, "--yes"], directory: "vault"), 0)
            let list = try sandbox.run(["trash"], directory: "vault")
            expectStatus(list, 0)
            #expect(list.stdoutLines.count == 2)
            #expect(list.stdoutLines[0].hasSuffix(draft), "the latest first: \(list.stdout)")
            #expect(list.stdoutLines[1].hasPrefix("2   \(firstID.prefix(8))  deleted "))
            #expect(list.stdoutLines[1].hasSuffix(first))
            let json = try #require(try sandbox.run(["trash", "--format", "json"], directory: "vault").json as? [[String: Any]])
            #expect(json.map { $0["original"] as? String } == [draft, first])

            let restored = try sandbox.run(["trash", "--restore", "2"], directory: "vault")
            expectStatus(restored, 0)
            #expect(restored.stdout == "Restored \(first).\n")
            expectStatus(try sandbox.run(["trash", "--restore", "2"], directory: "vault"), 1)
            expectStatus(try sandbox.run(["trash", "--restore", "2024-12-12"], directory: "vault"), 0)
            #expect(sandbox.exists("vault/" + draft), "a draft goes back to the drafts")
            #expect(try sandbox.run(["trash"], directory: "vault").stdout == "The trash is empty.\n")
        }
    }

    @Test("only --empty removes for good: older than a span, or everything, with --yes")
    func empty() throws {
        try withSandbox { sandbox in
            let (_, id) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["delete", id, "--yes"], directory: "vault"), 0)
            let refused = try sandbox.run(["trash", "--empty"], directory: "vault")
            expectStatus(refused, 64)
            #expect(refused.stderr.contains("add --yes when not on a terminal"))
            let young = try sandbox.run(["trash", "--empty", "--older-than", "30d", "--yes"], directory: "vault")
            expectStatus(young, 0)
            #expect(young.stdout == "Nothing in the trash was deleted longer ago than 30d.\n")
            #expect(sandbox.files(under: "vault/.afterflow/trash").count == 2)
            expectStatus(try sandbox.run(["trash", "--older-than", "30d"], directory: "vault"), 64)
            expectStatus(try sandbox.run(["trash", "--empty", "--older-than", "soon", "--yes"], directory: "vault"), 64)
            let all = try sandbox.run(["trash", "--empty", "--yes"], directory: "vault")
            expectStatus(all, 0)
            #expect(all.stdout == "Removed 1 deleted session for good.\n")
            #expect(sandbox.files(under: "vault/.afterflow/trash") == ["manifest.json"])
        }
    }

    @Test("opening a deleted session says where it went and how to bring it back")
    func openDeleted() throws {
        try withSandbox { sandbox in
            let (_, id) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["delete", id, "--yes"], directory: "vault"), 0)
            let trashed = try #require(sandbox.files(under: "vault/.afterflow/trash").first { $0.hasSuffix(".md") })
            let result = try sandbox.run(["open", id], directory: "vault", environment: ["EDITOR": "false"])
            expectStatus(result, 1)
            #expect(result.stderrLines == [
                "That session was deleted; it is in the trash, at .afterflow/trash/\(trashed).",
                "Bring it back with: afterflow undo",
            ])
        }
    }
}
