@testable import AfterflowKit
import Foundation
import Testing

@Suite struct FileIOTests {
    @Test func createMakesOwnerOnlyFilesAndNeverOverwrites() throws {
        let temp = try TemporaryVault()
        let path = temp.root + "/sessions/2024/a.md"
        try FileIO.createDirectories(FileIO.parentPath(of: path))
        try FileIO.create(path, contents: Array("one\n".utf8))
        #expect(try temp.mode("sessions/2024/a.md") == 0o600)
        #expect(try temp.mode("sessions/2024") == 0o700)
        #expect(try temp.mode("sessions") == 0o700)
        #expect(throws: VaultError.self) { try FileIO.create(path, contents: Array("two\n".utf8)) }
        #expect(try temp.read("sessions/2024/a.md") == "one\n")
        #expect(temp.files(under: "sessions/2024") == ["a.md"])
    }

    @Test func replaceRefusesAFileThatChangedSinceItWasRead() throws {
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        let read = try FileIO.read(path)
        try temp.write("a.md", "edited in another editor\n")
        do {
            try FileIO.replace(path, expecting: read, with: Array("ours\n".utf8))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .changedOnDisk)
        }
        #expect(try temp.read("a.md") == "edited in another editor\n")
        #expect(temp.files(under: "").filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func replaceKeepsTheFilesOwnPermissions() throws {
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        chmod(path, 0o644)
        try FileIO.replace(path, expecting: try FileIO.read(path), with: Array("new\n".utf8))
        #expect(try temp.read("a.md") == "new\n")
        #expect(try temp.mode("a.md") == 0o644)
    }

    @Test func moveTakesANewPathInOneStepAndNeverReplaces() throws {
        let temp = try TemporaryVault()
        try temp.write("a.md", "a\n")
        try temp.write("b.md", "b\n")
        #if os(Linux)
        #expect(FileIO.renameNoReplace != nil, "glibc's renameat2 is found, so a move is one rename")
        #endif
        #expect(throws: VaultError.self) { try FileIO.move(temp.root + "/a.md", to: temp.root + "/b.md") }
        #expect(try temp.read("a.md") == "a\n")
        #expect(try temp.read("b.md") == "b\n")
        try FileIO.move(temp.root + "/a.md", to: temp.root + "/c.md")
        #expect(temp.files(under: "").filter { $0.hasSuffix(".md") && !$0.contains("/") } == ["b.md", "c.md"])
        #expect(try temp.read("c.md") == "a\n")
    }

    /// renameat2 and syncfs are called straight (CFileSystem), not looked up at run time, so the
    /// kernel answers them in any build, a static one included: not ENOSYS, not a fallback.
    @Test func renameat2AndSyncfsReachTheKernel() throws {
        #if os(Linux)
        let temp = try TemporaryVault()
        try temp.write("a.md", "a\n")
        try temp.write("b.md", "b\n")
        let renameat2 = try #require(FileIO.renameNoReplace)
        let (a, b) = (temp.root + "/a.md", temp.root + "/b.md")
        #expect(renameat2(AT_FDCWD, a, AT_FDCWD, b, 1 /* RENAME_NOREPLACE */) == -1)
        #expect(errno == EEXIST, "the kernel refused to replace b.md")
        #expect(renameat2(AT_FDCWD, a, AT_FDCWD, b, FileIO.renameExchange) == 0)
        #expect(try temp.read("a.md") == "b\n")
        #expect(try temp.read("b.md") == "a\n")
        let syncfs = try #require(FileIO.syncFileSystem)
        let folder = open(temp.root, O_RDONLY | O_CLOEXEC)
        defer { close(folder) }
        #expect(syncfs(folder) == 0)
        #expect(syncfs(-1) == -1 && errno == EBADF, "an answer from the kernel, not ENOSYS")
        #endif
    }

    @Test func vaultPathsNeverLeaveTheVault() throws {
        let vault = try TemporaryVault().vault
        #expect(throws: VaultError.self) { try vault.path("../outside.md") }
        #expect(throws: VaultError.self) { try vault.path("sessions/../../x.md") }
        #expect(throws: VaultError.self) { try vault.path("/etc/passwd") }
        #expect(try vault.path("sessions/2024/a.md") == vault.root + "/sessions/2024/a.md")
        #expect(FreeName.sanitize("2024-12-10-../../x y") == "2024-12-10-------x-y")
    }
}
