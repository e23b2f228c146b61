import Foundation
import Testing

@Suite("reflect")
struct ReflectTests {
    @Test("reflect REF TEXT adds a trimmed, timestamped entry, completes the session and clears its reminder")
    func reflectFromArgument() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession(remind: "3h")
            #expect(frontMatterValue(try sandbox.readText("vault/" + path), "reminder") != nil)
            let result = try sandbox.run(["reflect", String(id.prefix(6)), "  Felt calm and centered.  \n"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdout == "Reflection saved\n")
            #expect(result.stderr == "")
            let text = try sandbox.readText("vault/" + path)
            let entries = reflectionEntries(text)
            #expect(entries.count == 1)
            let entry = try #require(entries.first)
            #expect(entry.hasSuffix("] Felt calm and centered."))
            // The stamp is the vault's wall clock now: [YYYY-MM-DD HH:MM].
            let stamp = String(entry.dropFirst().prefix(16))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "America/Los_Angeles")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            let when = try #require(formatter.date(from: stamp), "a timestamp: \(entry)")
            #expect(abs(when.timeIntervalSinceNow) < 600)
            #expect(frontMatterValue(text, "status") == "complete")
            #expect(frontMatterValue(text, "reminder") == nil, "completion cancels the reminder")
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
        }
    }

    @Test("text from standard input; --prepend puts the entry first; empty text changes nothing")
    func stdinPrependAndEmpty() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["reflect", "2024-12-10"], directory: "vault", stdin: Data("From a pipe.\n".utf8)), 0)
            let prepended = try sandbox.run(["reflect", "2024-12-10", "--prepend", "On top."], directory: "vault")
            expectStatus(prepended, 0)
            let entries = reflectionEntries(try sandbox.readText("vault/" + path))
            #expect(entries.map { $0.components(separatedBy: "] ").last ?? "" } == ["On top.", "From a pipe."])
            #expect(try sandbox.readText("vault/" + path).contains("] On top.\n\n["), "a blank line between entries")

            let before = try sandbox.read("vault/" + path)
            for stdin in ["", "  \n\t\n"] {
                let empty = try sandbox.run(["reflect", "2024-12-10"], directory: "vault", stdin: Data(stdin.utf8))
                expectStatus(empty, 0)
                #expect(empty.stdout == "")
                #expect(empty.stderr == "Nothing saved: the reflection is empty.\n")
            }
            expectStatus(try sandbox.run(["reflect", "2024-12-10", "   "], directory: "vault"), 0)
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("a reference that matches nothing is an error with the nearest sessions, and nothing is queued")
    func unknownReference() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            let result = try sandbox.run(["reflect", "2024-12-09", "Lost?"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.contains("error: no session on 2024-12-09"))
            #expect(result.stderr.contains("The nearest:"))
            #expect(result.stderr.contains("2024-12-10 14:30  Psilocybin  \(path)"))
            #expect(sandbox.queuedFiles().isEmpty)
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("a heading in the text would end the section: usage error, nothing written")
    func headingRefused() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            let result = try sandbox.run(["reflect", "2024-12-10", "Fine\n## Not fine"], directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderr.contains("reflections cannot contain a line that is a heading of level 1 or 2"))
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("with no text and no pipe, the editor writes it")
    func fromEditor() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let editor = try sandbox.script("editor.sh", "printf 'Written in the editor.\\n' > \"$1\"")
            // `script` gives the command a terminal for standard input, as a person has.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
                Issue.record("util-linux 'script' is needed to give afterflow a terminal; install util-linux")
                return
            }
            let command = "\(afterflowBinary!) reflect 2024-12-10 </dev/tty"
            let ran = try TestProgram.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
                "NO_COLOR": "1", "TERM": "dumb", "EDITOR": editor,
            ], directory: sandbox.path("vault"))
            #expect(ran.status == 0, "\(ran)")
            #expect(reflectionEntries(try sandbox.readText("vault/" + path)).first?.hasSuffix("] Written in the editor.") == true)
            let scratch = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/.local/state/afterflow")) ?? []
            #expect(!scratch.contains { $0.hasPrefix("reflection-") }, "the scratch file is removed once saved: \(scratch)")
        }
    }
}
