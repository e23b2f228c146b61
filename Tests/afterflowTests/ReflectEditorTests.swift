import Foundation
import Testing

/// reflect in the editor: a comment says which session, and a refused reflection prints the
/// command that saves it from the kept file (#10).
@Suite("reflect in the editor")
struct ReflectEditorTests {
    static let ready = PseudoTerminal.python != nil && afterflowBinary != nil

    @Test("the comment names the session, is removed, and the text is saved", .enabled(if: ready))
    func comment() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession()
            // Keeps a copy of what it was shown, and writes on the first line.
            let editor = try sandbox.script("editor.sh", "cp \"$1\" \"\(sandbox.path("shown.md"))\"\nprintf 'Written on top.%s' \"$(cat \"$1\")\" > \"$1\"")
            let run = try sandbox.runOnPseudoTerminal(["reflect", "last"], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: [.expect("Reflection saved")])
            #expect(run.failure == nil && run.status == 0, "\(run)")
            let shown = try sandbox.readText("shown.md")
            #expect(shown.hasPrefix("\n<!-- afterflow: your reflection for\n"), "\(shown)")
            #expect(shown.contains("Psilocybin • Dec 10, 2024, Tue Dec 10, 2024, 2:30 PM · id \(id.prefix(8))"), "\(shown)")
            #expect(shown.contains("\n     \(path)\n"), "\(shown)")
            #expect(shown.contains("Intention: A private intention."), "\(shown)")
            let entries = reflectionEntries(try sandbox.readText("vault/" + path))
            #expect(entries.count == 1 && entries[0].hasSuffix("] Written on top."), "\(entries)")
            #expect(!(try sandbox.readText("vault/" + path)).contains("afterflow:"))
            let state = sandbox.home + "/.local/state/afterflow"
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter { $0.hasPrefix("reflection-") }.isEmpty,
                    "the scratch file is removed once saved")
        }
    }

    @Test("a name that fits no session fails before the editor opens", .enabled(if: ready))
    func unknownFirst() throws {
        try withSandbox { sandbox in
            _ = try sandbox.vaultWithSession()
            let editor = try sandbox.script("editor.sh", "touch \"\(sandbox.path("opened"))\"")
            let run = try sandbox.runOnPseudoTerminal(["reflect", "2020-01-01"], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: [.expect("no session on 2020-01-01")])
            #expect(run.failure == nil && run.status == 1, "\(run)")
            #expect(!sandbox.exists("opened"))
        }
    }

    @Test("refused: the file is kept without the comment, and the printed command saves it once fixed", .enabled(if: ready))
    func refusedThenRetried() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession()
            let editor = try sandbox.script("editor.sh", "printf '## Big feelings\\nThen calm.%s' \"$(cat \"$1\")\" > \"$1\"")
            let run = try sandbox.runOnPseudoTerminal(["reflect", "2024-12-10", "--vault", sandbox.path("vault")], directory: ".",
                                                      environment: ["EDITOR": editor], steps: [.expect("--file")])
            #expect(run.failure == nil && run.status == 1, "\(run)")
            #expect(run.screen.contains("reflections cannot contain a line that is a heading of level 1 or 2"), "\(run)")
            let state = sandbox.home + "/.local/state/afterflow"
            let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: state).first { $0.hasPrefix("reflection-") })
            let file = state + "/" + kept
            #expect(try sandbox.readText(file) == "## Big feelings\nThen calm.\n")
            let command = "afterflow reflect \(id.prefix(8)) --file \(file) --vault \(sandbox.path("vault"))"
            #expect(run.screen.replacingOccurrences(of: "\r", with: "").contains(command), "\(run)")
            #expect(reflectionEntries(try sandbox.readText("vault/" + path)).isEmpty)

            // Fixed in the kept file, then the printed command, from anywhere.
            try sandbox.write(file, "### Big feelings\nThen calm.\n")
            let retried = try sandbox.run(Array(command.split(separator: " ").dropFirst().map(String.init)), directory: "home")
            expectStatus(retried, 0)
            #expect(retried.stdout == "Reflection saved\n")
            let entries = reflectionEntries(try sandbox.readText("vault/" + path))
            #expect(entries.count == 1 && entries[0].hasSuffix("] ### Big feelings"), "\(entries)")
            #expect(try sandbox.readText("vault/" + path).hasSuffix("] ### Big feelings\nThen calm.\n"))
            #expect(!FileManager.default.fileExists(atPath: file), "the scratch file is removed once saved")
        }
    }

    @Test("--file: a file of the user's is read and kept; refused, its command is printed")
    func file() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession()
            try sandbox.write("vault/notes.md", "From my notes.\n")
            let saved = try sandbox.run(["reflect", "last", "--file", "notes.md"], directory: "vault")
            expectStatus(saved, 0)
            #expect(sandbox.exists("vault/notes.md"))
            #expect(reflectionEntries(try sandbox.readText("vault/" + path)).last?.hasSuffix("] From my notes.") == true)

            try sandbox.write("vault/bad.md", "# Title\n")
            let refused = try sandbox.run(["reflect", "last", "--file", "bad.md"], directory: "vault")
            expectStatus(refused, 1)
            #expect(refused.stderr.contains("Your text is still in bad.md; fix it there if need be, then save it with:\n  afterflow reflect last --file bad.md\n"), "\(refused)")
            _ = id
            let both = try sandbox.run(["reflect", "last", "text", "--file", "bad.md"], directory: "vault")
            expectStatus(both, 64)
        }
    }
}
