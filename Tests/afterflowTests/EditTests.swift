import Foundation
import Testing

@Suite("edit")
struct EditTests {
    /// A session that needs reflection, made with `new` in a fresh vault.
    private func needsReflection(_ sandbox: Sandbox) throws -> String {
        _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
        let made = try sandbox.run(["new", "--date", "2024-12-10 14:30", "--treatment", "psilocybin", "--mood-before", "5",
                                    "--intention", "Listen inward.", "--format", "json"], directory: "vault")
        expectStatus(made, 0)
        let path = try #require((made.json as? [String: Any])?["path"] as? String)
        // An old `updated`, so that a new one is seen to change.
        let text = try sandbox.readText("vault/" + path)
        let old = try #require(frontMatterValue(text, "updated"))
        try sandbox.write("vault/" + path, text.replacingOccurrences(of: "updated: \(old)", with: "updated: 2024-12-10T18:00:00-08:00"))
        return path
    }

    @Test("a valid edit brings status and updated up to date")
    func validEdit() throws {
        try withSandbox { sandbox in
            let path = try needsReflection(sandbox)
            let before = try sandbox.readText("vault/" + path)
            #expect(frontMatterValue(before, "status") == "needs-reflection")
            let editor = try sandbox.script("editor.sh", "printf '\\nFelt calm and clear.\\n' >> \"$1\"")
            let result = try sandbox.run(["edit", "2024-12-10"], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            #expect(result.stdout == "Saved \(path) · complete\n")
            let after = try sandbox.readText("vault/" + path)
            #expect(frontMatterValue(after, "status") == "complete")
            let updated = try #require(frontMatterValue(after, "updated"))
            #expect(updated != "2024-12-10T18:00:00-08:00")
            #expect(abs((parseISODate(updated) ?? .distantPast).timeIntervalSinceNow) < 600, "updated is now: \(updated)")
            #expect(bodySections(after)["reflections"]?.trimmingCharacters(in: .whitespacesAndNewlines) == "Felt calm and clear.")
            #expect(after.hasSuffix("Felt calm and clear.\n"), "the editor's text is kept")
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
        }
    }

    @Test("a broken edit, not on a terminal: exit 1, the errors on stderr, and the file exactly as the editor left it")
    func brokenEdit() throws {
        try withSandbox { sandbox in
            let path = try needsReflection(sandbox)
            let original = try sandbox.readText("vault/" + path)
            let broken = original.replacingOccurrences(of: "treatment: psilocybin\n", with: "treatment: [psilocybin\n")
                + "\nA reflection I do not want to lose.\n"
            try sandbox.write("broken.md", broken)
            let editor = try sandbox.script("editor.sh", "cp '\(sandbox.path("broken.md"))' \"$1\"")
            let result = try sandbox.run(["edit", path], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("\(path):4:12: error: a list in brackets must close on the same line; add ']'"), "\(result)")
            #expect(result.stderr.contains("error: \(path) has 1 error; your text is kept as you wrote it"))
            #expect(result.stderr.contains("Fix it with: afterflow edit \(path)"))
            #expect(try sandbox.readText("vault/" + path) == broken, "the file keeps exactly the editor's text")
        }
    }

    @Test("VISUAL wins over EDITOR")
    func visualFirst() throws {
        try withSandbox { sandbox in
            let path = try needsReflection(sandbox)
            let visual = try sandbox.script("visual.sh", "printf '\\nFrom visual.\\n' >> \"$1\"")
            let editor = try sandbox.script("editor.sh", "printf '\\nFrom editor.\\n' >> \"$1\"")
            let result = try sandbox.run(["edit", path], directory: "vault", environment: ["EDITOR": editor, "VISUAL": visual])
            expectStatus(result, 0)
            let after = try sandbox.readText("vault/" + path)
            #expect(after.contains("From visual."))
            #expect(!after.contains("From editor."))
        }
    }

    @Test("no change in the editor: nothing is written")
    func noChange() throws {
        try withSandbox { sandbox in
            let path = try needsReflection(sandbox)
            let before = try sandbox.read("vault/" + path)
            let editor = try sandbox.script("editor.sh", "exit 0")
            let result = try sandbox.run(["edit", path], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            #expect(result.stderr == "No changes to \(path).\n")
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("an editor that fails: exit 1 and the file untouched by afterflow")
    func editorFails() throws {
        try withSandbox { sandbox in
            let path = try needsReflection(sandbox)
            let before = try sandbox.read("vault/" + path)
            let editor = try sandbox.script("editor.sh", "exit 3")
            let result = try sandbox.run(["edit", path], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 1)
            #expect(result.stderr.contains("error: the editor '\(editor)' exited with status 3; afterflow changed nothing"))
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("editing a draft into a finished session moves it into sessions/")
    func draftFinishedInEditor() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let made = try sandbox.run(["new", "--date", "2024-06-01 10:00", "--treatment", "mdma", "--format", "json"], directory: "vault")
            let draftPath = try #require((made.json as? [String: Any])?["path"] as? String)
            #expect(draftPath == ".afterflow/drafts/2024-06-01-mdma.md")
            let editor = try sandbox.script("editor.sh", """
                sed -i 's/^treatment: mdma$/treatment: mdma\\nmood_before: 6/' "$1"
                sed -i 's/^## Intention$/## Intention\\n\\nTo listen./' "$1"
                """)
            let result = try sandbox.run(["edit", "2024-06-01"], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            #expect(result.stdout == "Saved sessions/2024/2024-06-01-mdma.md · needs reflection\n")
            #expect(!sandbox.exists("vault/" + draftPath))
            let text = try sandbox.readText("vault/sessions/2024/2024-06-01-mdma.md")
            #expect(frontMatterValue(text, "status") == "needs-reflection")
            #expect(frontMatterValue(text, "mood_before") == "6")
        }
    }

    @Test("new --edit opens the new file in the editor")
    func newThenEdit() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let editor = try sandbox.script("editor.sh", "printf '\\nWritten in the editor.\\n' >> \"$1\"")
            let result = try sandbox.run(["new", "--date", "2024-06-02 10:00", "--treatment", "lsd", "--mood-before", "5",
                                          "--intention", "Play.", "--edit"],
                                         directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "Saved sessions/2024/2024-06-02-lsd.md · complete")
            let text = try sandbox.readText("vault/sessions/2024/2024-06-02-lsd.md")
            #expect(text.hasSuffix("Written in the editor.\n"))
            #expect(frontMatterValue(text, "status") == "complete")
        }
    }

    @Test("new --edit --format json prints only JSON on standard output")
    func bugNewEditJSONOutput() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let editor = try sandbox.script("editor.sh", "printf '\\nWritten in the editor.\\n' >> \"$1\"")
            let result = try sandbox.run(["new", "--date", "2024-06-02 10:00", "--treatment", "lsd", "--mood-before", "5",
                                          "--intention", "Play.", "--edit", "--format", "json"],
                                         directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            // BUG: EditFlow prints "Saved … · complete" on standard output before the JSON object.
            let object = try #require(result.json as? [String: Any], "stdout is one JSON object: \(result)")
            #expect(object["path"] as? String == "sessions/2024/2024-06-02-lsd.md")
            #expect(object["status"] as? String == "complete")
        }
    }
}
