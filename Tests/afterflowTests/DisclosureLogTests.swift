@testable import afterflow
import struct AfterflowKit.ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every disclosure in `.afterflow/disclosures.log` (#23): each command that sends records out
/// (found by walking the command tree) logs one entry before its bytes leave and its outcome
/// after; the log holds no names or text of a record; it stays whole when an export is killed;
/// `afterflow disclosures` lists it.
@Suite("the disclosure log", .serialized)
struct DisclosureLogTests {
    static let now = "2025-10-20T09:00:00-07:00"

    /// The commands that send records out of the vault. Each declares itself so
    /// (`DisclosingCommand`); this list says which ones count, and fails when one is added or
    /// dropped without a word here.
    static let disclosing: Set<String> = [
        "export csv", "export html", "export pdf", "export json", "export progress", "export trials csv", "export fhir",
        "reminders", "serve", "backup", "git sync",
    ]

    /// Commands whose name or group says that they send records out: they must declare it.
    static func markedByName(_ command: CommandTree.Command) -> Bool {
        command.path.first == "export" || ["serve", "backup", "git sync"].contains(command.description)
    }

    /// Each disclosing command as a user runs it on a copy of ExampleVault (`SANDBOX` is the
    /// sandbox's folder), and where its bytes go: a file (`SANDBOX/…`) or standard output (nil).
    static let runs: [(arguments: [String], file: String?)] = [
        (["export", "csv", "-o", "SANDBOX/s.csv", "--purpose", "payer review"], "SANDBOX/s.csv"),
        (["export", "csv", "--moods"], nil),
        (["export", "html", "-o", "SANDBOX/s.html"], "SANDBOX/s.html"),
        (["export", "pdf", "-o", "SANDBOX/s.pdf"], "SANDBOX/s.pdf"),
        (["export", "json"], nil),
        (["export", "fhir", "-o", "SANDBOX/f.json"], "SANDBOX/f.json"),
        (["export", "progress", "maya-t", "-o", "SANDBOX/p.html", "--exempt", "treatment"], "SANDBOX/p.html"),
        (["export", "progress", "maya-t", "--format", "pdf", "-o", "SANDBOX/p.pdf"], "SANDBOX/p.pdf"),
        (["export", "trials", "csv", "--client", "maya-t"], nil),
        (["reminders", "--ics", "-o", "SANDBOX/r.ics"], "SANDBOX/r.ics"),
        (["backup", "-o", "SANDBOX/b.age", "--recipient", "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"], nil),
        (["git", "sync"], nil),
    ]

    /// The command a run runs: the longest command path its arguments start with.
    static func command(of arguments: [String]) -> String {
        CommandTree.leaves.map(\.path).filter { arguments.starts(with: $0) }.max { $0.count < $1.count }?.joined(separator: " ") ?? ""
    }

    @Test("every command named as an export declares itself, and every one that does has a run below")
    func everyDisclosingCommandIsCovered() {
        let undeclared = CommandTree.leaves.filter { Self.markedByName($0) && !$0.isDisclosing }.map(\.description)
        #expect(undeclared.isEmpty, "commands that send records out but do not log them (conform to DisclosingCommand): \(undeclared)")
        let declared = Set(CommandTree.leaves.filter(\.isDisclosing).map(\.description))
        #expect(declared == Self.disclosing, "the commands that log disclosures changed: add or remove them in DisclosureLogTests.disclosing")
        let ran = Set(Self.runs.map { Self.command(of: $0.arguments) })
        let missing = declared.subtracting(ran).subtracting(["serve"])
        #expect(missing.isEmpty, "disclosing commands without a run in DisclosureLogTests.runs: \(missing.sorted())")
    }

    // MARK: Helpers

    /// The log's lines, each read as a JSON object (a line that is not one fails the test).
    static func logLines(_ vault: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: vault + "/.afterflow/disclosures.log", encoding: .utf8)) ?? ""
        #expect(text.isEmpty || text.hasSuffix("\n"), "the log ends in the middle of a line", sourceLocation: sourceLocation)
        return text.split(separator: "\n").compactMap { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            #expect(object != nil, "a line of the log is not a JSON object: \(line)", sourceLocation: sourceLocation)
            return object
        }
    }

    /// `sha256sum`'s digest of `data`: an independent check of the hash the log records.
    static func sha256sum(_ data: Data) throws -> String {
        String(try TestProgram.run("/usr/bin/env", ["sha256sum"], input: data).text.prefix(64))
    }

    /// Stand-ins for WeasyPrint (prints a fixed PDF) and age (copies its input to `-o FILE`), so
    /// that `export pdf` and `backup` run here without either installed.
    static func fakePrograms(_ sandbox: Sandbox) throws -> String {
        _ = try sandbox.script("fake-bin/weasyprint", "for last in \"$@\"; do :; done\nprintf '%%PDF-1.4 stand-in\\n' > \"$last\"")
        _ = try sandbox.script("fake-bin/age", """
            out=
            while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift;; esac; shift; done
            cat > "$out"
            """)
        return sandbox.path("fake-bin")
    }

    /// A copy of ExampleVault in git, pushed to a bare remote `origin` in the sandbox.
    static func vaultWithRemote(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault("vault")
        let G = GitMergeTests.self
        try G.git(["init", "-q", "-b", "main"], in: vault, sandbox)
        try G.git(["config", "--global", "user.name", "Test"], in: vault, sandbox)
        try G.git(["config", "--global", "user.email", "test@example.com"], in: vault, sandbox)
        try G.git(["add", "-A"], in: vault, sandbox)
        try G.git(["commit", "-q", "-m", "vault"], in: vault, sandbox)
        try G.git(["init", "-q", "--bare", "-b", "main", sandbox.path("remote.git")], in: sandbox.root, sandbox)
        try G.git(["remote", "add", "origin", sandbox.path("remote.git")], in: vault, sandbox)
        try G.git(["push", "-q", "-u", "origin", "main"], in: vault, sandbox)
        return vault
    }

    // MARK: Every disclosing command

    @Test("each disclosing command logs its entry and a done outcome whose size and SHA-256 are what left")
    func everyRunLogsOnce() throws {
        try withSandbox { sandbox in
            let vault = try Self.vaultWithRemote(sandbox)
            let environment: [String: String?] = ["AFTERFLOW_NOW": Self.now, "AFTERFLOW_VAULT": vault, "USER": "ann",
                                                  "PATH": try Self.fakePrograms(sandbox) + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            // A change in Maya's folder for git sync to push.
            expectStatus(try sandbox.run(["trials", "start", "maya-t"], environment: environment), 0)
            for run in Self.runs {
                let arguments = run.arguments.map { $0.replacingOccurrences(of: "SANDBOX", with: sandbox.root) }
                let command = Self.command(of: arguments)
                let before = Self.logLines(vault).count
                let result = try sandbox.run(arguments, environment: environment)
                expectStatus(result, 0)
                let added = Array(Self.logLines(vault).dropFirst(before))
                try #require(added.count == 2, "\(command): expected an entry and its outcome, found \(added)")
                let (entry, outcome) = (added[0], added[1])
                #expect(entry["command"] as? String == command)
                #expect(entry["at"] as? String == Self.now, "\(command)")
                #expect(entry["by"] as? String == "ann", "\(command)")
                #expect(outcome["outcome"] as? String == "done" && outcome["disclosure"] as? String == entry["disclosure"] as? String, "\(command): \(outcome)")
                switch command {
                case "backup":
                    #expect(entry["to"] as? String == "backup" && entry["destination"] as? String == sandbox.path("b.age"))
                    #expect(entry["clients"] as? [String] == ["kai-m", "leo-o", "maya-t", "sam-r"])
                    #expect(outcome["bytes"] as? Int == (try sandbox.read("b.age")).count)
                case "git sync":
                    #expect(entry["to"] as? String == "git" && entry["destination"] as? String == "origin")
                    // One new file was pushed: the trial session started in Maya's folder.
                    #expect(entry["clients"] as? [String] == ["maya-t"] && entry["count"] as? Int == 1, "\(entry)")
                default:
                    let sent = try run.file.map { try sandbox.read($0.replacingOccurrences(of: "SANDBOX", with: sandbox.root)) } ?? result.stdoutData
                    #expect(entry["to"] as? String == (run.file == nil ? "standard output" : "file"), "\(command)")
                    #expect(entry["destination"] as? String == run.file.map { $0.replacingOccurrences(of: "SANDBOX", with: sandbox.root) }, "\(command)")
                    #expect(outcome["bytes"] as? Int == sent.count, "\(command)")
                    #expect(outcome["sha256"] as? String == (try Self.sha256sum(sent)), "\(command)")
                }
            }
            let lines = Self.logLines(vault)
            #expect(lines.first?["purpose"] as? String == "payer review")
            #expect(lines.contains { $0["command"] as? String == "export progress" && $0["exempt"] as? String == "treatment" && $0["clients"] as? [String] == ["maya-t"] })
            // Content-free: no client's name, no text of a session.
            let text = try sandbox.readText(vault + "/.afterflow/disclosures.log")
            for word in ["Maya", "Thompson", "Leo", "Ortiz", "Rivera", "creativity", "peaceful"] {
                #expect(!text.contains(word), "the log holds \"\(word)\"")
            }
            #expect(try sandbox.mode(vault + "/.afterflow/disclosures.log") == 0o600)
            // The log stays on this machine: git sync pushed the session, not the log.
            let pushed = try GitMergeTests.git(["ls-tree", "-r", "--name-only", "main"], in: sandbox.path("remote.git"), sandbox).output
            #expect(pushed.contains("clients/maya-t/sessions/") && !pushed.contains("disclosures.log"), "\(pushed)")
        }
    }

    @Test("serve logs the address it serves, without its token, as started")
    func serveLogsItsAddress() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            let served = try ServedVault(sandbox, vault: vault, arguments: ["--purpose", "session on the phone"])
            served.stop()
            let lines = Self.logLines(vault)
            try #require(lines.count == 1, "\(lines)")
            #expect(lines[0]["command"] as? String == "serve")
            #expect(lines[0]["to"] as? String == "serve" && lines[0]["destination"] as? String == served.base)
            #expect(lines[0]["ongoing"] as? Bool == true && lines[0]["purpose"] as? String == "session on the phone")
            #expect(lines[0]["clients"] as? [String] == ["kai-m", "leo-o", "maya-t", "sam-r"])
            #expect(!(try sandbox.readText(vault + "/.afterflow/disclosures.log")).contains(served.token))
            let listed = try sandbox.run(["disclosures", "--vault", vault, "--format", "json"])
            expectStatus(listed, 0)
            #expect((listed.json as? [[String: Any]])?.first?["status"] as? String == "started", "\(listed)")
        }
    }

    // MARK: Whole after a kill

    @Test("an export killed with SIGKILL while it writes leaves the log whole, naming it as unfinished")
    func killedExportLeavesTheLogWhole() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "UTC")
            // 300 sessions of 4 KB of reflections each: over 1 MB of JSON, more than a pipe holds
            // (64 KB by default, 1 MB at most), so the export blocks on a pipe no one reads.
            let reflection = String(repeating: "Calm and clear, slept well. ", count: 150)
            for n in 0..<300 {
                let day = String(format: "2025-%02d-%02d", n / 28 + 1, n % 28 + 1)
                try sandbox.write("vault/sessions/2025/\(day)-lsd-\(n).md", """
                    ---
                    id: \(UUID().uuidString)
                    date: \(day)T10:00:00Z
                    treatment: lsd
                    administration: oral
                    mood_before: 5
                    mood_after: 7
                    status: complete
                    ---

                    ## Intention

                    Listen.

                    ## Reflections

                    \(reflection)

                    """)
            }
            guard let binary = afterflowBinary else { throw CLIError(description: "no afterflow binary; set AFTERFLOW_BIN") }
            let unread = Pipe()
            let process = try ChildProcess(binary, ["export", "json", "--vault", vault, "--purpose", "research"], environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
                "AFTERFLOW_NOW": Self.now, "LANG": "C.UTF-8", "TZ": "UTC",
            ], input: .null, output: .pipe(unread), error: .null).start()
            // Waits (at most two minutes) until the entry is logged, then kills the export, which
            // cannot have finished: the pipe is never read.
            let deadline = Date().addingTimeInterval(120)
            while Self.logLines(vault).isEmpty && process.isRunning && Date() < deadline { usleep(10_000) }
            #expect(process.isRunning, "the export ended before it was killed")
            process.send(SIGKILL)
            #expect(process.wait(seconds: 60) == .signaled(SIGKILL))
            try? unread.fileHandleForReading.close()
            let lines = Self.logLines(vault)
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?["command"] as? String == "export json" && lines.first?["to"] as? String == "standard output")
            #expect(lines.first?["count"] as? Int == 300 && (lines.first?["records"] as? [String])?.count == 300)
            let listed = try sandbox.run(["disclosures", "--vault", vault, "--format", "csv"], environment: ["AFTERFLOW_NOW": Self.now])
            expectStatus(listed, 0)
            #expect(listed.stdoutLines.count == 2 && listed.stdoutLines[1].hasSuffix(",research,\"\",\"\",unfinished,\"\",\"\",\"\",\"\""), "\(listed)")
        }
    }

    // MARK: Nothing leaves unlogged

    @Test("when the log cannot be written, nothing is exported")
    func anUnwritableLogStopsTheExport() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            try FileManager.default.createDirectory(atPath: vault + "/.afterflow/disclosures.log", withIntermediateDirectories: false)
            let result = try sandbox.run(["export", "json", "--vault", vault])
            expectStatus(result, 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("cannot log the disclosure in .afterflow/disclosures.log, so nothing was sent"), "\(result)")
            let file = try sandbox.run(["export", "csv", "--vault", vault, "-o", sandbox.path("s.csv")])
            expectStatus(file, 1)
            #expect(!sandbox.exists("s.csv"))
        }
    }

    @Test("--purpose is one line of a few words")
    func purposeIsChecked() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            let empty = try sandbox.run(["export", "json", "--vault", vault, "--purpose", " "])
            expectStatus(empty, 64)
            #expect(empty.stderr.contains("--purpose needs a few words"), "\(empty)")
            let twoLines = try sandbox.run(["export", "json", "--vault", vault, "--purpose", "a\nb"])
            expectStatus(twoLines, 64)
            #expect(twoLines.stderr.contains("--purpose must be one line"), "\(twoLines)")
            #expect(!sandbox.exists("vault/.afterflow/disclosures.log"))
        }
    }

    // MARK: The accounting

    @Test("disclosures lists one client's, leaves the exempt out unless --all, and starts six years back")
    func theAccountingOfAClient() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            let old = ["AFTERFLOW_NOW": "2019-06-01T10:00:00-07:00"]
            let now: [String: String?] = ["AFTERFLOW_NOW": Self.now]
            // 2019-06-01 is more than six years before 2025-10-20: left out by default.
            expectStatus(try sandbox.run(["export", "trials", "csv", "--vault", vault, "--client", "maya-t", "-o", sandbox.path("old.csv")], environment: old), 0)
            expectStatus(try sandbox.run(["export", "progress", "leo-o", "--vault", vault, "-o", sandbox.path("leo.html"), "--purpose", "school team"], environment: now), 0)
            expectStatus(try sandbox.run(["export", "progress", "maya-t", "--vault", vault, "-o", sandbox.path("maya.html"), "--purpose", "payer review"], environment: now), 0)
            expectStatus(try sandbox.run(["export", "trials", "csv", "--vault", vault, "--exempt", "treatment"], environment: now), 0)

            let maya = try sandbox.run(["disclosures", "maya-t", "--vault", vault], environment: now)
            expectStatus(maya, 0)
            // Maya's progress report only: the 2019 export is over six years old, the trials
            // export exempt.
            #expect(maya.stdoutLines.count == 3, "\(maya)")
            // One client's table has no CLIENTS column (the last line names the client); each
            // heading starts where its column does. 12: Maya's trial sessions in ExampleVault
            // (clients/maya-t/sessions/2025 holds 12 files), all in the report.
            let (header, row) = (maya.stdoutLines[0], maya.stdoutLines[1])
            #expect(header.hasPrefix("WHEN              COMMAND          WHAT") && !header.contains("CLIENTS"), "\(maya)")
            #expect(row == "2025-10-20 09:00  export progress  12 sessions in a progress report  file "
                    + sandbox.path("maya.html") + "  payer review  done", "\(maya)")
            for (heading, cell) in [("WHAT", "12 sessions"), ("TO", "file "), ("PURPOSE", "payer review"), ("STATUS", "done")] {
                #expect(header.range(of: heading).map { header.distance(from: header.startIndex, to: $0.lowerBound) }
                        == row.range(of: cell).map { row.distance(from: row.startIndex, to: $0.lowerBound) }, "\(heading)")
            }
            #expect(maya.stdoutLines[2] == "1 disclosure of maya-t's records since 2019-10-20, oldest first.")

            let all = try sandbox.run(["disclosures", "maya-t", "--vault", vault, "--all", "--since", "2019-01-01", "--format", "json"], environment: now)
            expectStatus(all, 0)
            let items = try #require(all.json as? [[String: Any]])
            #expect(items.map { $0["command"] as? String } == ["export trials csv", "export progress", "export trials csv"])
            #expect(items.map { $0["exempt"] as? String } == [nil, nil, "treatment"])
            #expect(items.first?["at"] as? String == "2019-06-01T10:00:00-07:00")

            let leo = try sandbox.run(["disclosures", "leo-o", "--vault", vault, "--format", "csv"], environment: now)
            #expect(leo.stdoutLines.count == 2 && leo.stdoutLines[1].contains(",export progress,sessions in a progress report,") && leo.stdoutLines[1].contains(",school team,"), "\(leo)")

            let badDay = try sandbox.run(["disclosures", "--vault", vault, "--since", "someday"], environment: now)
            expectStatus(badDay, 64)
            #expect(badDay.stderr.contains("--since must be 2024-12-10, 2024-12, 2024, today"), "\(badDay)")
            // --until is inclusive: the day of the old export alone.
            let day = try sandbox.run(["disclosures", "--vault", vault, "--since", "2019-06-01", "--until", "2019-06-01", "--format", "json"], environment: now)
            #expect((day.json as? [[String: Any]])?.map { $0["at"] as? String } == ["2019-06-01T10:00:00-07:00"], "\(day)")

            let unknown = try sandbox.run(["disclosures", "maya", "--vault", vault], environment: now)
            expectStatus(unknown, 64)
            #expect(unknown.stderr.contains("no client \"maya\"; the clients are kai-m, leo-o, maya-t, sam-r; did you mean \"maya-t\"?"), "\(unknown)")
        }
    }

    @Test("disclosures joins repeated disclosures to one recipient for one purpose on consecutive days; --each lists every one")
    func repeatedDisclosuresAreOneLine() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            // Oct 20, 21 and 22 to the plan, each the day after the one before: one line. Oct 25 is
            // three days after Oct 22: a line of its own.
            for day in ["20", "21", "22", "25"] {
                let export = try sandbox.run(["export", "trials", "csv", "--vault", vault, "--client", "maya-t", "--to", "Acme Health Plan",
                                              "--purpose", "payer review"], environment: ["AFTERFLOW_NOW": "2025-10-\(day)T09:00:00-07:00"])
                expectStatus(export, 0)
            }
            #expect(Self.logLines(vault).filter { $0["recipient"] as? String == "Acme Health Plan" }.count == 4)
            let now = ["AFTERFLOW_NOW": "2025-10-25T10:00:00-07:00"]
            let listed = try sandbox.run(["disclosures", "maya-t", "--vault", vault], environment: now)
            expectStatus(listed, 0)
            #expect(listed.stdoutLines.count == 4, "\(listed)")
            #expect(listed.stdoutLines[1].hasPrefix("2025-10-20 to 2025-10-22  export trials csv  3 × trials  Acme Health Plan (standard output)  payer review  done"), "\(listed)")
            #expect(listed.stdoutLines[2].hasPrefix("2025-10-25 09:00"), "\(listed)")
            #expect(listed.stdoutLines[3] == "4 disclosures of maya-t's records since 2019-10-25, oldest first in 2 lines (repeated ones joined; --each lists every one).")
            let each = try sandbox.run(["disclosures", "maya-t", "--vault", vault, "--each"], environment: now)
            #expect(each.stdoutLines.count == 6 && each.stdoutLines.last == "4 disclosures of maya-t's records since 2019-10-25, oldest first.", "\(each)")
            let json = try sandbox.run(["disclosures", "maya-t", "--vault", vault, "--format", "json"], environment: now)
            #expect((json.json as? [[String: Any]])?.count == 4, "JSON gives every one")
        }
    }

    @Test("disclosed records one made outside afterflow in the same log, listed as recorded; a date after now is refused")
    func aDisclosureMadeOutside() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            let now = ["AFTERFLOW_NOW": Self.now]
            let added = try sandbox.run(["disclosed", "maya-t", "--vault", vault, "--to", "Acme Health Plan", "--purpose", "payer review",
                                         "--what", "session notes, March 2025", "--date", "2025-10-18"], environment: now)
            expectStatus(added, 0)
            #expect(added.stdout == "Recorded in .afterflow/disclosures.log: 2025-10-18 00:00, maya-t's records to Acme Health Plan, for payer review.\n", "\(added)")
            let lines = Self.logLines(vault)
            #expect(lines.count == 1)
            #expect(lines.first?["at"] as? String == "2025-10-18T00:00:00-07:00" && lines.first?["logged"] as? String == "2025-10-20T09:00:00-07:00")
            #expect(lines.first?["to"] as? String == "outside" && lines.first?["destination"] == nil && lines.first?["clients"] as? [String] == ["maya-t"])
            let listed = try sandbox.run(["disclosures", "maya-t", "--vault", vault], environment: now)
            expectStatus(listed, 0)
            #expect(listed.stdoutLines[1] == "2025-10-18 00:00  disclosed  session notes, March 2025  Acme Health Plan  payer review  recorded", "\(listed)")
            // Leo's accounting does not hold it.
            let leo = try sandbox.run(["disclosures", "leo-o", "--vault", vault], environment: now)
            #expect(leo.stdoutLines.first?.hasPrefix("No disclosures of leo-o's records") == true, "\(leo)")

            let future = try sandbox.run(["disclosed", "maya-t", "--vault", vault, "--to", "Acme", "--purpose", "review", "--what", "notes",
                                          "--date", "2025-10-21"], environment: now)
            expectStatus(future, 64)
            #expect(future.stderr.contains("--date 2025-10-21 is after now; record a disclosure once it has been made"), "\(future)")
            let unknown = try sandbox.run(["disclosed", "maya", "--vault", vault, "--to", "Acme", "--purpose", "review", "--what", "notes"], environment: now)
            expectStatus(unknown, 64)
            #expect(unknown.stderr.contains("no client \"maya\""), "\(unknown)")
            let twoLines = try sandbox.run(["disclosed", "maya-t", "--vault", vault, "--to", "Acme", "--purpose", "a\nb", "--what", "notes"], environment: now)
            expectStatus(twoLines, 64)
            #expect(Self.logLines(vault).count == 1, "nothing more was logged")
        }
    }

    @Test("a line of the log that cannot be read is an error at its line; the rest is listed")
    func aBrokenLineIsLocated() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("vault")
            expectStatus(try sandbox.run(["export", "json", "--vault", vault], environment: ["AFTERFLOW_NOW": Self.now]), 0)
            let log = vault + "/.afterflow/disclosures.log"
            let text = try sandbox.readText(log)
            try sandbox.write(log, "{\"at\":\"2025-10-20\"\n" + text)
            let listed = try sandbox.run(["disclosures", "--vault", vault], environment: ["AFTERFLOW_NOW": Self.now])
            expectStatus(listed, 1)
            #expect(listed.stderr.contains(".afterflow/disclosures.log:1:1: error: expected one JSON object on the line"), "\(listed)")
            #expect(listed.stdoutLines.last == "1 disclosure since 2019-10-20, oldest first.", "\(listed)")
        }
    }
}
