import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Writers killed with SIGKILL at random moments (#14): every file is afterwards exactly its old
/// or its new content, no temporary file is read as a document, `check` passes and the index
/// recovers by itself. `CRASH_RUNS` sets the runs per command (default 25; `make stress` more).
@Suite("crash safety", .serialized)
struct CrashSafetyTests {
    static let runs = Int(ProcessInfo.processInfo.environment["CRASH_RUNS"] ?? "") ?? 25

    /// Every Markdown file under `folder` (relative path → bytes, with the clock's traces taken
    /// out: the `updated:` line and a reflection's `[2026-01-01 10:00] ` stamp), temporary files
    /// left out.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let names = FileManager.default.enumerator(atPath: folder) else { return files }
        while let name = names.nextObject() as? String {
            guard name.hasSuffix(".md"), !name.hasPrefix(".afterflow/trash"),
                  let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("updated: ") }
                .map { line -> String in
                    // `[2026-01-01 10:00] ` is 19 characters, the `]` the 18th.
                    let u = Array(line.utf8)
                    return u.count >= 19 && u[0] == UInt8(ascii: "[") && u[17] == UInt8(ascii: "]") ? String(line.dropFirst(19)) : String(line)
                }
            files[name] = Data(lines.joined(separator: "\n").utf8)
        }
        return files
    }

    /// Runs `arguments` on a fresh copy of `vault` to the end, for the content a finished run writes.
    static func finished(_ sandbox: Sandbox, _ vault: String, _ arguments: [String], name: String) throws -> [String: Data] {
        let copy = sandbox.path(name)
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: vault, toPath: copy)
        let result = try sandbox.run(arguments + ["--vault", copy])
        #expect(result.status == 0, "\(result)")
        return snapshot(copy)
    }

    /// Starts the command on a copy of `vault`, kills it after a random pause, and checks the copy.
    static func killRuns(_ sandbox: Sandbox, _ vault: String, _ arguments: [String], maxDelay: UInt32 = 60_000,
                         allowNewFiles: Bool = false) throws {
        let before = snapshot(vault)
        let after = try finished(sandbox, vault, arguments, name: "finished")
        var killedMidway = 0
        var random = SeededRandom("CrashSafetyTests \(arguments.prefix(2).joined(separator: " "))")
        for run in 0..<runs {
            let copy = sandbox.path("run")
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: vault, toPath: copy)
            let running = try sandbox.start(arguments + ["--vault", copy], directory: nil,
                                            environment: [:], stdin: nil)
            usleep(UInt32.random(in: 0...maxDelay, using: &random))
            if running.process.isRunning { killedMidway += 1 }
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.finish(timeout: 30)
            let now = snapshot(copy)
            for (path, data) in now {
                let old = before[path], new = after[path]
                if data == old || data == new { continue }
                // A file only a finished run would make, written with other ids or times: whole if it checks.
                #expect(allowNewFiles && old == nil, "run \(run) of \(arguments): \(path) is neither its old nor its new content")
            }
            for (path, _) in before where now[path] == nil {
                #expect(after[path] == nil, "run \(run) of \(arguments): \(path) is gone but a finished run keeps it")
            }
            let check = try sandbox.run(["check", "--vault", copy])
            #expect(check.status == 0, "run \(run) of \(arguments): check after a kill: \(check)")
            let list = try sandbox.run(["list", "--vault", copy, "--format", "paths"])
            #expect(list.status == 0, "run \(run) of \(arguments): the index did not recover: \(list)")
        }
        // Make sure the kills landed while the command ran, at least sometimes.
        #expect(killedMidway > 0, "\(arguments): every run had ended before its kill")
    }

    @Test("set, reflect, fmt, delete, index --rebuild, trial, note and goal phase, killed at random moments", arguments: [
        ["set", "2024-12-10", "mood_after=9", "environment=A quiet room.", "--replace"],
        ["reflect", "2024-12-10", "Killed or not, this is whole."],
        ["fmt"],
        ["delete", "2024-12-10", "--yes"],
        ["index", "--rebuild"],
        ["trial", "maya-t", "s-initial", "success", "--cue", "minimal", "--at", "15:20:00", "--session", "maya-t/2025-03-25"],
        ["trial", "maya-t", "two-step", "failure", "--at", "15:05:00", "--note", "in time order: a rewrite", "--session", "maya-t/2025-03-25"],
        ["note", "maya-t"],
        ["goal", "phase", "maya-t", "s-initial", "maintenance", "--date", "2025-04-01"],
    ])
    func killed(_ arguments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            expectStatus(try sandbox.run(["list", "--vault", vault]), 0)
            try Self.killRuns(sandbox, vault, arguments)
        }
    }

    @Test("record, killed at random moments: a duration's start (appended) and an interval run inserted in time order, whole or absent")
    func record() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let client = try sandbox.readText(vault + "/clients/maya-t/client.md")
            let id = client.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) } ?? ""
            for (short, keys) in [("tantrum", ["measure: duration"]), ("on-task", ["measure: interval", "method: partial", "interval: 10s"])] {
                try sandbox.write(vault + "/clients/maya-t/goals/\(short).md",
                                  (["---", "type: goal", "id: \(UUID().uuidString)", "client: \(id)", "title: \(short)"] + keys + ["---", ""]).joined(separator: "\n"))
            }
            expectStatus(try sandbox.run(["list", "--vault", vault]), 0)
            try Self.killRuns(sandbox, vault, ["record", "maya-t", "tantrum", "start", "--at", "15:20:00", "--session", "maya-t/2025-03-25"])
            try Self.killRuns(sandbox, vault, ["record", "maya-t", "on-task", "+", "-", "+", "--at", "15:05:00", "--session", "maya-t/2025-03-25"])
        }
    }

    @Test("new, import csv and import trials csv, killed at random moments: every file they made is whole")
    func creations() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            expectStatus(try sandbox.run(["export", "csv", "--vault", vault, "-o", sandbox.path("all.csv")]), 0)
            let fresh = try sandbox.initVault("fresh")
            try Self.killRuns(sandbox, fresh, ["import", "csv", sandbox.path("all.csv")], maxDelay: 150_000, allowNewFiles: true)
            try Self.killRuns(sandbox, vault, ["new", "--date", "2025-11-01 10:00", "--treatment", "lsd", "--intention", "Whole.",
                                               "--mood-before", "5", "--remind", "none"], allowNewFiles: true)
            // Trials into a practice without its sessions: new session files, whole or absent.
            expectStatus(try sandbox.run(["export", "trials", "csv", "--vault", vault, "-o", sandbox.path("trials.csv")]), 0)
            let practice = sandbox.path("practice")
            try FileManager.default.copyItem(atPath: vault, toPath: practice)
            for client in ["maya-t", "leo-o"] { try FileManager.default.removeItem(atPath: practice + "/clients/\(client)/sessions") }
            try Self.killRuns(sandbox, practice, ["import", "trials", "csv", sandbox.path("trials.csv")], maxDelay: 150_000, allowNewFiles: true)
        }
    }

    @Test("undo, mood, assess and import daylio, killed at random moments: the session put back or still in the trash, new files whole or absent")
    func betweenSessions() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            expectStatus(try sandbox.run(["delete", "2024-12-10", "--yes", "--vault", vault]), 0)
            try Self.killRuns(sandbox, vault, ["undo"])
            try Self.killRuns(sandbox, vault, ["mood", "6", "Killed or not, this is whole.", "--date", "2025-11-02 20:00"], allowNewFiles: true)
            try Self.killRuns(sandbox, vault, ["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,1", "--date", "2025-11-02 20:05"], allowNewFiles: true)
            try Self.killRuns(sandbox, vault, ["import", "daylio", packageRoot + "/Tests/AfterflowKitTests/Fixtures/daylio/daylio_export.csv"],
                              maxDelay: 150_000, allowNewFiles: true)
        }
    }
}
