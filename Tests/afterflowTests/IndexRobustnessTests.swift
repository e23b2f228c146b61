import Foundation
import struct AfterflowKit.ChildProcess
import Testing

/// The index end to end when things go wrong or happen at once: files that cannot be read,
/// several processes, large vaults without a terminal. (Apart from IndexCommandTests, which checks
/// the outputs, to keep each file short.)
@Suite("the index under broken files, many processes and large vaults")
struct IndexRobustnessTests {
    /// Runs the sqlite3 command-line shell on `database` and returns what it printed.
    func sqlite(_ database: String, _ sql: String) throws -> String {
        let ran = try TestProgram.run("/usr/bin/env", ["sqlite3", database, sql], mergingErrors: true)
        let output = ran.text
        guard ran.succeeded else { throw CLIError(description: "sqlite3 \(sql): \(output)") }
        return output
    }

    /// Writes `count` valid sessions under `sessions/2022/`, oldest first, and returns their paths.
    func generate(_ count: Int, in vault: String, _ sandbox: Sandbox) throws -> [String] {
        try (0..<count).map { n in
            let path = String(format: "sessions/2022/gen-%05d.md", n)
            let date = String(format: "2022-06-%02dT%02d:%02d:00-07:00", 1 + n / 1440, n / 60 % 24, n % 60)
            try sandbox.write(vault + "/" + path, IndexVault.file(String(format: "F0000000-0000-4000-8000-%012d", n), date, "cannabis",
                                                                   "mood_before: 5\n", intention: "Generated \(n).", reflections: ""))
            return path
        }
    }

    static let brokenText = IndexVault.file("B0000000-0000-4000-8000-0000000000B1", "2024-08-01T10:00:00-07:00", "lsd",
                                            "mood_before: 5\ndose: \"3.5 g\n", intention: "Broken.", reflections: "")

    @Test("list, stats and search say how many files have errors and point to check", arguments: [1, 2])
    func unreadableWarning(_ broken: Int) throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            for n in 0..<broken { try sandbox.write(vault + "/sessions/2024/broken-\(n).md", Self.brokenText) }
            // The files with errors are listed, with what could be read of them: they were read.
            let warning = "warning: \(broken) file\(broken == 1 ? " has" : "s have") errors; run 'afterflow check'\n"
            for arguments in [["list"], ["list", "--format", "json"], ["stats"]] {
                let result = try sandbox.run(arguments, directory: vault)
                expectStatus(result, 0)
                #expect(result.stderr == warning, "\(result)")
                #expect(!result.stdout.isEmpty)
            }
            let listed = try sandbox.run(["list", "--format", "paths"], directory: vault)
            #expect(listed.stdoutLines.count == 4 + broken, "\(listed)")
            // search says the same as list: the files have errors (they are indexed and searched).
            let search = try sandbox.run(["search", "tide"], directory: vault)
            expectStatus(search, 0)
            #expect(search.stderr == warning, "\(search)")
            let index = try sandbox.run(["index"], directory: vault)
            expectStatus(index, 0)
            #expect(index.stdoutLines.last == "Skipped      \(broken) file\(broken == 1 ? "" : "s") with errors; 'afterflow check' shows them")
            let check = try sandbox.run(["check"], directory: vault)
            #expect(check.status != 0)
            #expect(check.stdout.contains("sessions/2024/broken-0.md:6:7: error: a quoted value must end on the same line"), "\(check)")
            // Fixed: the warning goes.
            for n in 0..<broken { try sandbox.write(vault + "/sessions/2024/broken-\(n).md", Self.brokenText.replacingOccurrences(of: "\"3.5 g", with: "3.5 g")) }
            let fixed = try sandbox.run(["list", "--format", "paths"], directory: vault)
            expectStatus(fixed, 0)
            #expect(fixed.stderr == "")
            #expect(fixed.stdoutLines.count == 4 + broken)
        }
    }

    #if os(Linux)
    @Test("list warns about a file that cannot be read at all, not only about files with errors")
    func readFailureWarning() throws {
        // A read failure (EIO, permissions) is dropped from the index and kept only in that
        // refresh's report, which list, stats and search ignore: they print no warning, and
        // `index` says nothing either, while `check` does report the file.
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            try FileManager.default.createSymbolicLink(atPath: vault + "/sessions/2025/unreadable.md", withDestinationPath: "/proc/self/mem")
            let check = try sandbox.run(["check"], directory: vault)
            #expect(check.status != 0)
            #expect(check.stdout.contains("unreadable.md"), "\(check)")
            let list = try sandbox.run(["list", "--format", "paths"], directory: vault)
            expectStatus(list, 0)
            #expect(list.stdoutLines.count == 4)
            #expect(list.stderr == "warning: 1 file could not be read; run 'afterflow check' to see why\n", "\(list)")
        }
    }
    #endif

    @Test("eight processes at once, some rebuilding, never corrupt the index", arguments: [0, 400])
    func concurrentProcesses(_ extra: Int) throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let generated = try generate(extra, in: vault, sandbox)
            var expected = [IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a] + generated.reversed()
            let runs: [[String]] = [
                ["index"], ["list", "--format", "paths"], ["index", "--rebuild"], ["stats", "--format", "json"],
                ["search", "tide"], ["index", "--rebuild", "--format", "json"],
                ["list", "--format", "paths", "--where", "facilitator=Maya"], ["list", "--format", "paths"],
            ]
            let index = vault + "/.afterflow/index.sqlite"
            // Round 0: no index yet; 1: a file added and one edited; 2: the index deleted.
            for round in 0..<3 {
                if round == 1 {
                    let added = "sessions/2025/2025-03-01-cannabis.md"
                    try sandbox.write(vault + "/" + added, IndexVault.file("F1000000-0000-4000-8000-000000000001", "2025-03-01T10:00:00-08:00",
                                                                           "cannabis", "mood_before: 5\n", intention: "Added.", reflections: ""))
                    expected.insert(added, at: 0)
                    try sandbox.write(vault + "/" + IndexVault.d, try sandbox.readText(vault + "/" + IndexVault.d) + "Edited.\n")
                }
                if round == 2 {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
                }
                let results = try sandbox.runAll(runs, directory: vault)
                for result in results {
                    expectStatus(result, 0)
                    #expect(result.stderr == "", "round \(round): \(result)")
                }
                #expect(results[1].stdoutLines == expected, "round \(round)")
                #expect(results[7].stdoutLines == expected, "round \(round)")
                #expect(results[6].stdoutLines == [IndexVault.b], "round \(round)")
                #expect(results[4].stdoutLines.first?.hasPrefix(IndexVault.a + ":23: ") == true, "round \(round): \(results[4])")
                #expect((results[3].json as? [String: Any])?["sessions"] as? Int == expected.count, "round \(round)")
                #expect((results[5].json as? [String: Any])?["sessions"] as? Int == expected.count, "round \(round)")
                #expect(try sqlite(index, "PRAGMA integrity_check;") == "ok\n", "round \(round)")
                #expect(try sqlite(index, "INSERT INTO session_text(session_text) VALUES('integrity-check');") == "", "round \(round)")
                #expect(try sandbox.mode(index) == 0o600)
            }
            let after = try sandbox.run(["list", "--format", "paths"], directory: vault)
            #expect(after.stdoutLines == expected)
            let edited = try sandbox.run(["search", "edited"], directory: vault)
            #expect(edited.stdoutLines.first?.hasPrefix(IndexVault.d + ":") == true, "\(edited)")
        }
    }

    @Test("an index of another schema version is rebuilt by itself, still readable by the owner alone")
    func schemaChange() throws {
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let index = vault + "/.afterflow/index.sqlite"
            expectStatus(try sandbox.run(["index"], directory: vault), 0)
            let current = try sqlite(index, "PRAGMA user_version;")
            #expect(current != "2\n" && current != "0\n")
            #expect(try sqlite(index, "PRAGMA user_version = 2; PRAGMA user_version;") == "2\n")
            let result = try sandbox.run(["index", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "")
            let json = try #require(result.json as? [String: Any], "\(result)")
            #expect(json["refresh"] as? [String: Int] == ["added": 5, "changed": 0, "removed": 0, "touched": 0, "unchanged": 0])
            #expect(json["sessions"] as? Int == 4)
            #expect(try sqlite(index, "PRAGMA user_version;") == current)
            #expect(try sandbox.mode(index) == 0o600)
            let list = try sandbox.run(["list", "--format", "paths"], directory: vault)
            #expect(list.stdoutLines == [IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a])
        }
    }

    @Test("eight processes meeting an index of another schema version at once all succeed")
    func schemaChangeRace() throws {
        // Each process that sees the old version deletes the index files and creates new ones
        // (IndexStore.open → removeFiles), also under the processes that have just created theirs.
        // Seen here: in most rounds a process dies of SIGILL (status 4 here, 132 in a shell;
        // _dispatch_semaphore_dispose in BatchPipeline.deinit, after its write transaction failed),
        // and once index.sqlite was left with mode 0644 (SQLite created the file itself after
        // another process had unlinked the 0600 one). The race needs a few thousand files to show.
        try withSandbox { sandbox in
            let vault = try IndexVault.make(sandbox)
            let generated = try generate(3000, in: vault, sandbox)
            let expected = [IndexVault.d, IndexVault.c, IndexVault.b, IndexVault.a] + generated.reversed()
            let index = vault + "/.afterflow/index.sqlite"
            let runs = (0..<8).map { $0 % 2 == 0 ? ["index"] : ["list", "--format", "paths"] }
            expectStatus(try sandbox.run(["index"], directory: vault), 0)
            for round in 0..<4 {
                _ = try sqlite(index, "PRAGMA user_version = 2;")
                let results = try sandbox.runAll(runs, directory: vault)
                for result in results {
                    #expect(result.status == 0, "round \(round): \(result.arguments) exit \(result.status)\n\(result.stderr.prefix(300))")
                }
                for result in results where result.arguments.first == "list" && result.status == 0 {
                    #expect(result.stdoutLines == expected, "round \(round)")
                }
                #expect(try sqlite(index, "PRAGMA integrity_check;") == "ok\n", "round \(round)")
                for suffix in ["", "-wal", "-shm"] where sandbox.exists(index + suffix) {
                    #expect(try sandbox.mode(index + suffix) == 0o600, "round \(round): index.sqlite\(suffix)")
                }
            }
        }
    }

    /// A vault whose index another program (sqlite3) holds the write lock of: the lock is taken
    /// before this returns, and let go once `release` has a line written to it (a FIFO), so the
    /// test decides when, without sleeping. Returns the index's path and inode.
    static func lockedIndexVault(_ sandbox: Sandbox, release: String) throws -> (vault: String, index: String, inode: UInt64, holder: ChildProcess.Running) {
        let vault = try IndexVault.make(sandbox)
        let index = vault + "/.afterflow/index.sqlite"
        expectStatus(try sandbox.run(["index"], directory: vault), 0)
        try sandbox.write(vault + "/sessions/2025/2025-03-01-cannabis.md",
                          IndexVault.file("F1000000-0000-4000-8000-000000000001", "2025-03-01T10:00:00-08:00", "cannabis",
                                          "mood_before: 5\n", intention: "Added.", reflections: ""))
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? UInt64)
        #expect(mkfifo(release, 0o600) == 0)
        let marker = sandbox.path("locked")
        let holder = try ChildProcess("/bin/sh", ["-c", "printf 'BEGIN IMMEDIATE;\\n.shell touch %s; head -n 1 %s\\nROLLBACK;\\n' \"$1\" \"$3\" | sqlite3 \"$2\"",
                                                  "sh", marker, index, release], input: .null).start()
        let deadline = Date().addingTimeInterval(10)
        while !sandbox.exists(marker) && Date() < deadline { usleep(20_000) }
        try #require(sandbox.exists(marker), "sqlite3 took the lock")
        return (vault, index, inode, holder)
    }

    /// Lets the lock of `lockedIndexVault` go.
    static func release(_ fifo: String, _ holder: ChildProcess.Running) {
        // Opened without blocking, again until head has the FIFO open for reading: a blocking
        // open would wait for ever for a holder that has already ended.
        var fd: Int32 = -1
        let opening = Date().addingTimeInterval(30)
        while fd < 0, holder.isRunning, Date() < opening {
            fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 { usleep(10_000) }
        }
        if fd >= 0 {
            _ = "go\n".withCString { write(fd, $0, 3) }
            close(fd)
        }
        if holder.wait(seconds: 60) == nil {
            kill(-holder.processIdentifier, SIGKILL)
            Issue.record("sqlite3 did not let the lock go within 60 seconds of the release")
        }
    }

    @Test("an index another program keeps locked longer than the wait is reported, never deleted under it")
    func lockedIndexReported() throws {
        // IndexStore.init treated any failure to open as an unreadable cache: after the 10-second
        // busy timeout it unlinked index.sqlite, -wal and -shm while the other program still had
        // them open, and built a new index beside it (exit 0, "2 added" for one new file).
        try withSandbox { sandbox in
            let fifo = sandbox.path("release")
            let locked = try Self.lockedIndexVault(sandbox, release: fifo)
            let result = try sandbox.run(["index", "--format", "json"], directory: locked.vault, timeout: 60)
            Self.release(fifo, locked.holder)
            expectStatus(result, 1)
            #expect(result.stderr.contains("index"), "\(result.stderr)")
            let after = try FileManager.default.attributesOfItem(atPath: locked.index)[.systemFileNumber] as? UInt64
            #expect(after == locked.inode, "the locked index.sqlite was deleted and made again")
        }
    }

    @Test("an index another program locks for a moment is waited for: the refresh then reads the one new file")
    func lockedIndexWaitedFor() throws {
        try withSandbox { sandbox in
            let fifo = sandbox.path("release")
            let locked = try Self.lockedIndexVault(sandbox, release: fifo)
            // The lock goes once the command has started waiting (it has opened the index).
            let releaser = Thread {
                let deadline = Date().addingTimeInterval(5)
                while Date() < deadline, !Self.openedBySomeoneElse(locked.index, besides: locked.holder.processIdentifier) {
                    usleep(10_000)
                }
                Self.release(fifo, locked.holder)
            }
            releaser.start()
            let result = try sandbox.run(["index", "--format", "json"], directory: locked.vault, timeout: 60)
            #expect(locked.holder.wait(seconds: 60) != nil, "sqlite3 let the lock go")
            expectStatus(result, 0)
            let refresh = (result.json as? [String: Any])?["refresh"] as? [String: Int]
            #expect(refresh?["added"] == 1, "only the new file is read: \(result.stdout)")
            let after = try FileManager.default.attributesOfItem(atPath: locked.index)[.systemFileNumber] as? UInt64
            #expect(after == locked.inode)
        }
    }

    /// Whether a process other than sqlite3 (and its shell) has `path` open, from /proc.
    static func openedBySomeoneElse(_ path: String, besides holder: Int32) -> Bool {
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for pid in pids where Int32(pid) != nil && Int32(pid) != holder && Int32(pid) != getpid() {
            let fds = "/proc/\(pid)/fd"
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), comm.hasPrefix("afterflow") else { continue }
            for fd in (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? [] {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + fd)) == real { return true }
            }
        }
        return false
    }

    @Test("no progress bar when standard error is not a terminal, even for thousands of files")
    func noProgressBar() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            _ = try generate(2100, in: vault, sandbox)
            let index = try sandbox.run(["index"], directory: vault, environment: ["TERM": "xterm-256color"])
            expectStatus(index, 0)
            #expect(index.stderr == "")
            #expect(index.stdoutLines.first?.hasPrefix("Updated the index: 2100 added (2100 files, ") == true, "\(index)")
            let rebuilt = try sandbox.run(["list", "--format", "paths"], directory: vault, environment: ["TERM": "xterm-256color"])
            #expect(rebuilt.stderr == "")
            #expect(rebuilt.stdoutLines.count == 2100)
        }
    }

    @Test("on a terminal the same run draws a progress bar (the control for the test above)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script") && afterflowBinary != nil))
    func progressBarOnTerminal() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            _ = try generate(2100, in: vault, sandbox)
            let binary = try #require(afterflowBinary)
            // script(1) gives the command a pseudo-terminal and copies what it shows to stdout.
            let ran = try TestProgram.run("/usr/bin/script", ["-qec", "\(binary) index --rebuild", "/dev/null"], environment: [
                "PATH": "/usr/bin:/bin", "HOME": sandbox.home, "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8",
            ], directory: vault)
            let output = ran.text
            #expect(ran.status == 0, "\(output)")
            #expect(output.contains("\rIndexing █"), "\(output.debugDescription)")
            #expect(output.contains("Rebuilt the index"))
        }
    }
}
