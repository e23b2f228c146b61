import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every file and folder any command creates is the owner's alone, whatever the umask (#14).
@Suite("owner-only files under any umask")
struct OwnerOnlyTests {
    /// Runs `afterflow` through `sh` with `umask` set, from the sandbox's root.
    static func run(_ sandbox: Sandbox, umask: String, _ arguments: [String], environment: [String: String] = [:],
                    holding lock: String? = nil) throws -> (status: Int32, stderr: String) {
        let binary = try #require(afterflowBinary)
        let shell = ["/bin/sh", "-c", "umask \(umask); exec \"$@\"", "sh", binary] + arguments
        // `flock FILE COMMAND` holds the vault's lock while the command runs, as another afterflow would.
        let command = lock.map { ["/usr/bin/flock", $0] + shell } ?? shell
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
                   "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"]
        for (key, value) in environment { env[key] = value }
        let ran = try TestProgram.run(command[0], Array(command.dropFirst()), environment: env, directory: sandbox.root)
        return (ran.status, ran.errorText)
    }

    /// Every path under `folder` (itself included) whose mode lets the group or others in.
    static func opened(under folder: String) -> [String] {
        var found: [String] = []
        var info = stat()
        if lstat(folder, &info) == 0, info.st_mode & 0o077 != 0, (info.st_mode & S_IFMT) != S_IFLNK {
            found.append(folder + " " + String(info.st_mode & 0o777, radix: 8))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return found
        }
        for name in names { found += opened(under: folder + "/" + name) }
        return found
    }

    @Test func theWalkerFindsAFileOthersCanRead() throws {
        try withSandbox { sandbox in
            try sandbox.write("w/a/b.txt", "x")
            chmod(sandbox.path("w"), 0o700)
            chmod(sandbox.path("w/a"), 0o700)
            chmod(sandbox.path("w/a/b.txt"), 0o644)
            #expect(Self.opened(under: sandbox.path("w")) == [sandbox.path("w/a/b.txt") + " 644"])
        }
    }

    @Test("init, new, drafts, set, reflect, the queue, the index, delete, fmt, import and every export", arguments: ["000", "022"])
    func everythingCreatedIsPrivate(_ umask: String) throws {
        try withSandbox { sandbox in
            func ok(_ arguments: [String], environment: [String: String] = [:], holding lock: String? = nil) throws {
                let result = try Self.run(sandbox, umask: umask, arguments, environment: environment, holding: lock)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            try FileManager.default.createDirectory(atPath: sandbox.path("out"), withIntermediateDirectories: true)
            let v = sandbox.path("vault")
            try ok(["init", v, "--no-git", "--time-zone", "UTC"])
            try ok(["new", "--vault", v, "--date", "2024-12-10 14:30", "--treatment", "lsd", "--intention", "Rest.",
                    "--mood-before", "5", "--remind", "3h"])
            try ok(["new", "--vault", v, "--treatment", "mdma"])
            try ok(["new", "--vault", v, "--date", "2024-12-11 10:00", "--treatment", "dmt", "--intention", "x",
                    "--mood-before", "4", "--remind", "none"])
            try ok(["set", "--vault", v, "2024-12-10", "mood_after=8"])
            try ok(["reflect", "--vault", v, "2024-12-10", "Felt calm."])
            try ok(["assess", "--vault", v, "phq9", "--answers", "1,1,2,1,0,1,0,0,0"])
            try ok(["list", "--vault", v])
            try ok(["fmt", "--vault", v])
            try ok(["delete", "--vault", v, "2024-12-11", "--yes"])
            try ok(["export", "csv", "--vault", v, "-o", sandbox.path("out/s.csv")])
            try ok(["export", "json", "--vault", v, "-o", sandbox.path("out")])
            try ok(["export", "fhir", "--vault", v, "-o", sandbox.path("out/f.json")])
            try ok(["export", "html", "--vault", v, "-o", sandbox.path("out")])
            try ok(["reminders", "--vault", v, "--ics", "-o", sandbox.path("out/r.ics")])
            if BrowserTests.chromium != nil { try ok(["export", "pdf", "--vault", v, "-o", sandbox.path("out")]) }
            try ok(["export", "csv", "--vault", v, "-o", sandbox.path("in.csv")])
            let fresh = sandbox.path("fresh")
            try ok(["init", fresh, "--no-git", "--time-zone", "UTC"])
            try ok(["import", "csv", sandbox.path("in.csv"), "--vault", fresh])
            // The vault's lock held by another process: the reflection goes to the queue.
            try ok(["reflect", "--vault", v, "2024-12-10", "Queued."], environment: ["AFTERFLOW_LOCK_TIMEOUT": "0"],
                   holding: v + "/.afterflow/lock")
            #expect(!sandbox.files(under: "home/.local/state/afterflow/queue").isEmpty, "the reflection was queued")
            var opened = Self.opened(under: v) + Self.opened(under: fresh) + Self.opened(under: sandbox.home + "/.local")
            opened += Self.opened(under: sandbox.path("out")).filter { !$0.hasPrefix(sandbox.path("out") + " ") }
            opened.append(contentsOf: Self.opened(under: sandbox.path("in.csv")))
            #expect(opened.isEmpty, "\(opened.joined(separator: "\n"))")
            #expect(!sandbox.files(under: "out").isEmpty)
        }
    }

    @Test("the practice's commands, check-ins, export trials csv and backup", arguments: ["000", "022"])
    func practiceMoodsAndBackupArePrivate(_ umask: String) throws {
        try withSandbox { sandbox in
            func ok(_ arguments: [String]) throws {
                let result = try Self.run(sandbox, umask: umask, arguments, environment: ["AFTERFLOW_NOW": "2025-04-01T15:00:00-07:00"])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            try FileManager.default.createDirectory(atPath: sandbox.path("out"), withIntermediateDirectories: true)
            let v = sandbox.path("vault")
            try ok(["init", v, "--no-git", "--time-zone", "America/Los_Angeles"])
            try ok(["client", "add", "--vault", v, "Maya Thompson", "--born", "2017-03-02"])
            try ok(["goal", "add", "--vault", v, "maya-t", "Produce /s/ in word-initial position", "--short", "s-initial"])
            try ok(["trials", "start", "--vault", v, "maya-t"])
            try ok(["trial", "--vault", v, "maya-t", "s-initial", "+", "--at", "15:01:00"])
            try ok(["trials", "end", "--vault", v, "maya-t", "--at", "15:30"])
            try ok(["goal", "phase", "--vault", v, "maya-t", "s-initial", "maintenance"])
            try ok(["mood", "--vault", v, "7", "A calm evening."])
            try ok(["export", "progress", "--vault", v, "maya-t", "-o", sandbox.path("out/maya.html")])
            try ok(["export", "trials", "csv", "--vault", v, "-o", sandbox.path("out/trials.csv")])
            try ok(["export", "trials", "csv", "--vault", v, "-o", sandbox.path("out/")])
            if BackupTests.age != nil {
                let key = try BackupTests.keygen(sandbox, "key.txt")
                try ok(["backup", "--vault", v, "-o", sandbox.path("out/vault.age"), "--recipient", key])
                #expect(sandbox.exists("out/vault.age"))
            }
            var opened = Self.opened(under: v) + Self.opened(under: sandbox.home + "/.local")
            opened += Self.opened(under: sandbox.path("out")).filter { !$0.hasPrefix(sandbox.path("out") + " ") }
            #expect(opened.isEmpty, "\(opened.joined(separator: "\n"))")
            #expect(sandbox.files(under: "out").count >= 3, "\(sandbox.files(under: "out"))")
            #expect(sandbox.files(under: "vault/moods").count == 1, "the check-in was written")
        }
    }
}
