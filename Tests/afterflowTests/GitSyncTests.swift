import Foundation
import Testing

/// `afterflow git sync` and `git setup` in the situations of #20: the tool installed on PATH, a
/// remote's .gitattributes that turns the merge driver off, a loose umask, a file deleted on one
/// machine and changed on the other. Real git, in the sandbox.
@Suite("git sync, installed and with what other machines push")
struct GitSyncTests {
    typealias G = GitMergeTests

    /// Runs `afterflow` as an installed program is run: by its name, found in PATH (`bin` first),
    /// from `directory`, through a shell with `umask`.
    static func runInstalled(_ arguments: [String], in directory: String, bin: String, _ sandbox: Sandbox,
                             umask: String = "077") throws -> (status: Int32, output: String) {
        let ran = try TestProgram.run("/bin/sh", ["-c", "umask \(umask); exec afterflow \"$@\"", "sh"] + arguments, environment: [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"),
            "HOME": sandbox.home, "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1", "TERM": "dumb",
        ], directory: directory, mergingErrors: true)
        return (ran.status, ran.text)
    }

    /// A folder holding a copy of the built afterflow, as `make install` puts it on PATH.
    static func installed(_ sandbox: Sandbox) throws -> String {
        let bin = sandbox.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: afterflowBinary!, toPath: bin + "/afterflow")
        return bin
    }

    @Test("installed on PATH and run by its name, git setup's hook lets git sync commit")
    func syncFromPath() throws {
        try withSandbox { sandbox in
            let bin = try Self.installed(sandbox)
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            try G.git(["init", "-q", "-b", "main"], in: vault, sandbox)
            try G.git(["config", "--global", "user.name", "Test"], in: vault, sandbox)
            try G.git(["config", "--global", "user.email", "test@example.com"], in: vault, sandbox)
            #expect(try Self.runInstalled(["git", "setup"], in: vault, bin: bin, sandbox).status == 0)
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", "Explore"], directory: vault,
                                         environment: practiceAt("2025-03-25T15:00:00Z")), 0)
            let sync = try Self.runInstalled(["git", "sync"], in: vault, bin: bin, sandbox)
            #expect(sync.status == 0 && sync.output.hasPrefix("Committed "), "\(sync.output)")
        }
    }

    @Test("a remote's .gitattributes that turns the driver off: sync merges, finds the errors and pushes nothing")
    func remoteAttributeStopsPush() throws {
        try withSandbox { sandbox in
            let (a, b) = try G.clones(sandbox)
            try sandbox.write(a + "/.gitattributes", "*.md merge=afterflow\n*.md merge=union\n")
            expectStatus(try sandbox.run(["set", G.sameKey, "mood_after=7"], directory: a, environment: G.laptop), 0)
            expectStatus(try sandbox.run(["git", "sync"], directory: a), 0)
            // b takes the line with a's change (merged by afterflow's driver, which b's attributes still name) ...
            expectStatus(try sandbox.run(["git", "sync"], directory: b), 0)
            // ... and from then on git merges documents with union there.
            expectStatus(try sandbox.run(["set", G.sameKey, "mood_after=8"], directory: a, environment: practiceAt("2025-03-26T09:30:00Z")), 0)
            expectStatus(try sandbox.run(["git", "sync"], directory: a), 0)
            let pushed = try G.git(["rev-parse", "main"], in: sandbox.path("remote.git"), sandbox).output
            expectStatus(try sandbox.run(["set", G.sameKey, "dose=2 g"], directory: b, environment: G.desktop), 0)
            let sync = try sandbox.run(["git", "sync"], directory: b)
            #expect(sync.status == 1 && sync.stderr.contains("\(G.sameKey)") && sync.stderr.contains("nothing was pushed")
                    && sync.stderr.contains(".gitattributes line 2, '*.md merge=union'"), "\(sync)")
            #expect(try G.git(["rev-parse", "main"], in: sandbox.path("remote.git"), sandbox).output == pushed, "the remote keeps a's vault")
        }
    }

    @Test("git setup says when a later .gitattributes line overrides afterflow's")
    func setupNamesOverride() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            try G.git(["init", "-q", "-b", "main"], in: vault, sandbox)
            try sandbox.write(vault + "/.gitattributes", "*.md merge=afterflow\n*.txt text\n*.md merge=union\n")
            let setup = try sandbox.run(["git", "setup"], directory: vault)
            #expect(setup.stderr.contains(".gitattributes line 3, '*.md merge=union', comes after '*.md merge=afterflow' and overrides it"), "\(setup)")
        }
    }

    @Test("under umask 000, git sync leaves FETCH_HEAD the owner's alone")
    func fetchHeadPrivate() throws {
        try withSandbox { sandbox in
            let (a, _) = try G.clones(sandbox)
            let bin = try Self.installed(sandbox)
            expectStatus(try sandbox.run(["set", G.sameKey, "mood_after=7"], directory: a, environment: G.laptop), 0)
            let sync = try Self.runInstalled(["git", "sync"], in: a, bin: bin, sandbox, umask: "000")
            #expect(sync.status == 0, "\(sync.output)")
            #expect(try sandbox.mode(a + "/.git/FETCH_HEAD") & 0o077 == 0)
        }
    }

    /// `a` deletes a session and syncs; `b` changes it and syncs: a delete-versus-edit conflict in `b`.
    static func deletedThere(_ sandbox: Sandbox) throws -> (b: String, sync: RunResult) {
        let (a, b) = try G.clones(sandbox)
        try FileManager.default.removeItem(atPath: a + "/" + G.sameKey)
        expectStatus(try sandbox.run(["git", "sync"], directory: a), 0)
        expectStatus(try sandbox.run(["set", G.sameKey, "mood_after=3"], directory: b, environment: G.desktop), 0)
        return (b, try sandbox.run(["git", "sync"], directory: b))
    }

    @Test("git sync names a file deleted on the other machine and changed here, with the way to keep either side")
    func deleteEditConflictSync() throws {
        try withSandbox { sandbox in
            let (_, sync) = try Self.deletedThere(sandbox)
            #expect(sync.status == 1 && sync.stderr.contains("\(G.sameKey): changed on this machine and deleted on the other")
                    && sync.stderr.contains("keep it with 'git add \(G.sameKey)', or delete it with 'git rm \(G.sameKey)'"), "\(sync)")
        }
    }

    @Test("check names a file deleted on the other machine and changed here while the merge is unfinished")
    func deleteEditConflictCheck() throws {
        try withSandbox { sandbox in
            let (b, _) = try Self.deletedThere(sandbox)
            let check = try sandbox.run(["check"], directory: b)
            #expect(check.status == 1 && check.stdout.contains("\(G.sameKey):1:1: error: a merge conflict: changed on this machine and deleted on the other"), "\(check)")
        }
    }
}
