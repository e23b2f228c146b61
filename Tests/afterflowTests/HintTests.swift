import Foundation
import Testing

/// Hints that print a command quote what needs quoting, name the vault when the command was
/// given one that the hint would not find otherwise, and work when pasted into a shell.
@Suite("hints")
struct HintTests {
    static let journal = "My Jöurnal 🌿"

    /// Runs `line` with bash in `directory` of the sandbox, with the built afterflow first on PATH.
    static func paste(_ line: String, in sandbox: Sandbox, directory: String = ".") throws -> (status: Int32, output: String) {
        let bin = sandbox.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        if !sandbox.exists("bin/afterflow"), let binary = afterflowBinary {
            try FileManager.default.createSymbolicLink(atPath: bin + "/afterflow", withDestinationPath: binary)
        }
        let ran = try TestProgram.run("/bin/bash", ["-c", line], environment: [
            "PATH": bin + ":/usr/bin:/bin", "HOME": sandbox.home, "TZ": "UTC", "NO_COLOR": "1", "LANG": "C.UTF-8",
        ], directory: sandbox.path(directory), mergingErrors: true)
        return (ran.status, ran.text)
    }

    @Test("init's next step quotes the folder, and works when pasted")
    func initNext() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["init", Self.journal, "--no-git", "--time-zone", "UTC"])
            expectStatus(result, 0)
            let next = try #require(result.stdoutLines.last)
            #expect(next == "Next: afterflow new --mood-before 5 --intention \"…\" --vault 'My Jöurnal 🌿'")
            let pasted = try Self.paste(String(next.dropFirst("Next: ".count)).replacingOccurrences(of: "\"…\"", with: "Listen."), in: sandbox)
            #expect(pasted.status == 0, "\(pasted.output)")
            #expect(sandbox.files(under: Self.journal + "/sessions").count == 1)
        }
    }

    @Test("delete run with --vault from elsewhere: 'Undo with' names the vault, quoted, and undoes when pasted")
    func undoNamesTheVault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault(Self.journal)
            let deleted = try sandbox.run(["delete", "2024-12-10", "--yes", "--vault", Self.journal])
            expectStatus(deleted, 0)
            let undo = try #require(deleted.stdoutLines.last)
            #expect(undo == "Undo with: afterflow undo --vault '\(vault)'", "\(deleted)")
            let pasted = try Self.paste(String(undo.dropFirst("Undo with: ".count)), in: sandbox)
            #expect(pasted.status == 0, "\(pasted.output)")
            #expect(sandbox.exists(Self.journal + "/sessions/2024/2024-12-10-psilocybin.md"))

            // From inside the vault, or with AFTERFLOW_VAULT naming it, --vault is not needed.
            let inside = try sandbox.run(["delete", "2024-12-10", "--yes", "--vault", "."], directory: Self.journal)
            #expect(inside.stdoutLines.last == "Undo with: afterflow undo", "\(inside)")
            _ = try sandbox.run(["undo"], directory: Self.journal)
            let named = try sandbox.run(["delete", "2024-12-10", "--yes", "--vault", vault], environment: ["AFTERFLOW_VAULT": vault])
            #expect(named.stdoutLines.last == "Undo with: afterflow undo", "\(named)")
        }
    }

    @Test("a path with spaces and a quote in a hint is quoted, and the hint works")
    func editHintQuotesThePath() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let path = "sessions/2024/it's my day.md"
            try sandbox.write(vault + "/" + path, """
                ---
                id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
                date: 2024-12-10T14:30:00-08:00
                treatment: psilocybin
                mood_before: eleven
                ---
                ## Intention

                To listen.

                """)
            let set = try sandbox.run(["set", "--vault", vault, "6F1C", "mood_after=7"])
            expectStatus(set, 1)
            #expect(set.stderr.contains("Fix them with: afterflow edit 'sessions/2024/it'\\''s my day.md' --vault \(vault)"), "\(set)")
            // Pasted, with an editor that fixes the file, the command opens that file.
            let editor = try sandbox.script("fix.sh", "sed -i 's/mood_before: eleven/mood_before: 5/' \"$1\"")
            let line = try #require(set.stderrLines.first { $0.contains("Fix them with: ") }).components(separatedBy: "Fix them with: ")[1]
            let pasted = try Self.paste("EDITOR='\(editor)' " + line, in: sandbox)
            #expect(pasted.status == 0, "\(pasted.output)")
            #expect(frontMatterValue(try sandbox.readText(vault + "/" + path), "mood_before") == "5")
        }
    }

    @Test("the editor hint suggests an editor that is on PATH, or none")
    func editorAdvice() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let made = try sandbox.run(["new", "--vault", vault, "--treatment", "lsd", "--mood-before", "5", "--intention", "x", "--date", "2024-12-10"])
            expectStatus(made, 0)
            let tools = sandbox.path("tools")
            try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
            _ = try sandbox.script("tools/vim", "exit 0")
            let withVim = try sandbox.run(["edit", "--vault", vault, "2024-12-10"],
                                          environment: ["EDITOR": "no-such-editor", "PATH": tools])
            expectStatus(withVim, 1)
            #expect(withVim.stderr.contains("the editor 'no-such-editor' was not found"), "\(withVim)")
            #expect(withVim.stderr.contains("Set VISUAL or EDITOR to your editor, for example: export EDITOR=vim"), "\(withVim)")

            let empty = sandbox.path("empty")
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let withNone = try sandbox.run(["edit", "--vault", vault, "2024-12-10"], environment: ["EDITOR": "no-such-editor", "PATH": empty])
            expectStatus(withNone, 1)
            #expect(!withNone.stderr.contains("export EDITOR="), "\(withNone)")
            #expect(withNone.stderr.contains("Set VISUAL or EDITOR to the command that runs your editor (no nano, vim or vi was found on PATH)"), "\(withNone)")
        }
    }
}
