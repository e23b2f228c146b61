@testable import AfterflowKit
import Foundation
import Testing

/// `GitSync`, `GitSetup` and `GitPreCommit` on real repositories in temporary folders, with git
/// found on the search path the test passes in.
@Suite struct GitSyncTests {
    static let searchPath = "/usr/local/bin:/usr/bin:/bin"

    /// A vault in a new repository with an identity to commit with; a bare remote when `remote`.
    static func repository(remote: Bool = false) throws -> (vault: TemporaryVault, git: GitRepository) {
        let vault = try TemporaryVault()
        let git = GitRepository(directory: vault.root, searchPath: searchPath)
        _ = git.run(["init", "-q", "-b", "main"])
        _ = git.run(["config", "user.email", "test@example.invalid"])
        _ = git.run(["config", "user.name", "Test"])
        if remote {
            let bare = vault.root + "/.afterflow/drafts/remote.git"
            _ = git.run(["init", "-q", "--bare", bare])
            _ = git.run(["remote", "add", "origin", bare])
        }
        return (vault, git)
    }

    @Test("without a remote: the change is committed, afterflow's index is not (even without .afterflow/.gitignore), and the sync ends there")
    func commitsWithoutRemote() throws {
        let (vault, git) = try Self.repository()
        try FileManager.default.removeItem(atPath: vault.root + "/.afterflow/.gitignore")
        try vault.write("a.md", "# a\n")
        try vault.write(".afterflow/index.sqlite", "cache")
        var events: [GitSync.Event] = []
        try GitSync(git: git).run(check: { _ in true }, events: { events.append($0) })
        let committed = git.output(["ls-files"])?.split(separator: "\n").map(String.init) ?? []
        #expect(events.suffix(2) == [.committed(committed.count), .noRemote] && committed.contains("a.md") && !committed.contains(".afterflow/index.sqlite"))
    }

    @Test("a clone without the driver is warned before anything else happens")
    func warnsWithoutDriver() throws {
        let (vault, git) = try Self.repository()
        var events: [GitSync.Event] = []
        try GitSync(git: git).run(check: { _ in true }, events: { events.append($0) })
        #expect(events.first == .driverMissing && FileManager.default.fileExists(atPath: vault.root))
    }

    @Test("a folder that is not a repository stops the sync as not found")
    func notARepository() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/afterflow-norepo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: GitSync.Stop(VaultError(.notFound, "\(folder) is not in a git repository", details: [
            "Make it one with 'afterflow init --git' or 'git init' in the vault, then run 'afterflow git setup'.",
        ]))) {
            try GitSync(git: GitRepository(directory: folder, searchPath: Self.searchPath)).run(check: { _ in true }, events: { _ in })
        }
    }

    @Test("a remote without the branch gets it from the first sync, which ends there")
    func pushesNewBranch() throws {
        let (vault, git) = try Self.repository(remote: true)
        try vault.write("a.md", "# a\n")
        var events: [GitSync.Event] = []
        try GitSync(git: git).run(check: { _ in true }, events: { events.append($0) })
        #expect(events.last == .pushedNewBranch(remote: "origin", branch: "main"))
    }

    @Test("each push is told to beforePush first, with its remote, files and clients; a refusal there pushes nothing")
    func beforePushIsToldOfEachPush() throws {
        let (vault, git) = try Self.repository(remote: true)
        try vault.write("a.md", "# a\n")
        try vault.write("clients/maya-t/client.md", "# m\n")
        var pushes: [GitSync.Push] = []
        // The remote has no branch yet: every tracked document goes.
        try GitSync(git: git).run(check: { _ in true }, beforePush: { pushes.append($0) }, events: { _ in })
        #expect(pushes == [GitSync.Push(remote: "origin", files: [".afterflow/config.yml", "a.md", "clients/maya-t/client.md"])])
        #expect(pushes.first?.clients == ["maya-t"])
        try vault.write("clients/leo-o/sessions/2025/2025-03-10-1000.md", "# l\n")
        try vault.write("b.md", "# b\n")
        #expect(throws: GitSync.Stop.self) {
            try GitSync(git: git).run(check: { _ in true }, beforePush: { (push) throws(VaultError) in
                pushes.append(push)
                throw VaultError(.io, "the log cannot be written")
            }, events: { _ in })
        }
        #expect(pushes.last == GitSync.Push(remote: "origin", files: ["b.md", "clients/leo-o/sessions/2025/2025-03-10-1000.md"]))
        #expect(pushes.last?.clients == ["leo-o"])
        #expect(git.output(["rev-parse", "HEAD"]) != git.output(["rev-parse", "origin/main"]))
    }

    @Test("a check that fails stops the push, and the remote keeps what it had")
    func checkStopsPush() throws {
        let (vault, git) = try Self.repository(remote: true)
        try vault.write("a.md", "# a\n")
        try GitSync(git: git).run(check: { _ in true }, events: { _ in })
        try vault.write("b.md", "# b\n")
        var checked: [String] = []
        #expect(throws: GitSync.Stop.self) {
            try GitSync(git: git).run(check: { checked = $0; return false }, events: { _ in })
        }
        #expect(checked == ["b.md"] && git.output(["rev-parse", "HEAD"]) != git.output(["rev-parse", "origin/main"]))
    }

    @Test("conflict advice names each file, explains a conflict of both sides once, and ends with what to run")
    func conflictAdvice() {
        let lines = GitSync.conflictAdvice([GitConflicts.Conflict(path: "a.md", kind: .bothChanged), GitConflicts.Conflict(path: "b.md", kind: .bothChanged)])
        #expect(lines.count == 4 && lines[0].hasPrefix("a.md: ") && lines[3] == "Then run 'afterflow git sync' again.")
    }

    @Test("check looks at the settings and documents, not templates or afterflow's state")
    func checkedPaths() {
        #expect([".afterflow/config.yml", "s/a.md", "Templates/t.md", ".afterflow/drafts/d.md"].filter(GitSync.isChecked) == [".afterflow/config.yml", "s/a.md"])
    }

    @Test("setup changes something the first time and nothing the second")
    func setupOnce() throws {
        let (vault, git) = try Self.repository()
        let setup = GitSetup(git: git, executable: "afterflow")
        let first = try setup.run(events: { _ in })
        var again: [GitSetup.Event] = []
        let second = try setup.run(events: { again.append($0) })
        #expect(first && !second && again.contains(.hookPresent) && FileManager.default.fileExists(atPath: vault.root + "/.gitattributes"))
    }

    @Test("setup keeps a pre-commit hook of the user's own")
    func setupKeepsOwnHook() throws {
        let (vault, git) = try Self.repository()
        try vault.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        var events: [GitSetup.Event] = []
        _ = try GitSetup(git: git, executable: "afterflow").run(events: { events.append($0) })
        #expect(try vault.read(".git/hooks/pre-commit") == "#!/bin/sh\nexit 0\n" && events.contains { if case .hookOwn = $0 { true } else { false } })
    }

    @Test("setup adds its line at the end of a .gitattributes in the file's own CRLF endings")
    func setupAddsAttributesLine() throws {
        let (vault, git) = try Self.repository()
        try vault.write(".gitattributes", "*.png binary\r\n")
        _ = try GitSetup(git: git, executable: "afterflow").run(events: { _ in })
        #expect(try vault.read(".gitattributes") == "*.png binary\r\n*.md merge=afterflow\r\n")
    }

    @Test("pre-commit checks the staged files and names those with unstaged changes")
    func preCommitPlan() throws {
        let (vault, git) = try Self.repository()
        try vault.write("a.md", "---\nid: x\n---\n")
        try vault.write("b.md", "# plain\n")
        try vault.write("Templates/t.md", "---\nid: t\n---\n")
        _ = git.run(["add", "a.md", "b.md", "Templates/t.md"])
        try vault.write("b.md", "# plain, changed\n")
        let plan = GitPreCommit(git: git)
        #expect(plan == GitPreCommit(checked: ["a.md", "b.md"], documents: ["a.md"], unstaged: ["b.md"]))
    }
}
