@testable import AfterflowKit
import Foundation
import Testing

/// `restore`'s library steps: unpacking through age and tar, moving the restored vault into
/// place, and the warning for what was left out.
@Suite struct RestorePlanTests {
    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("install moves the vault into an empty target folder and removes its own folder")
    func installIntoEmptyFolder() throws {
        let parent = try RestoreFolderTests.temporary()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent + "/target", withIntermediateDirectories: true)
        let held = try RestoreFolder.make(beside: parent + "/target")
        try write("a", to: held.vault + "/sessions/a.md")
        try held.install(at: parent + "/target", shown: "target")
        #expect(FileManager.default.contents(atPath: parent + "/target/sessions/a.md") == Data("a".utf8) && !FileManager.default.fileExists(atPath: held.path))
    }

    @Test("install never writes over a file that appeared in the target, and still removes its folder")
    func installKeepsAFileInTheTarget() throws {
        let parent = try RestoreFolderTests.temporary()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let held = try RestoreFolder.make(beside: parent + "/target")
        try write("a", to: held.vault + "/a.md")
        try write("mine", to: parent + "/target/mine.md")
        #expect(throws: VaultError.self) { try held.install(at: parent + "/target", shown: "target") }
        #expect(FileManager.default.contents(atPath: parent + "/target/mine.md") == Data("mine".utf8) && !FileManager.default.fileExists(atPath: held.path))
    }

    @Test("the warning counts what was left out and shows control characters")
    func skippedWarning() {
        let warning = RestorePlan.skippedWarning([RestoreFolder.Skipped(path: "dev/\u{1B}x", what: "a device node, left out")])
        #expect(warning.message.hasPrefix("1 thing in the archive is not") && warning.lines == ["  dev/^[x: a device node, left out"])
    }

    @Test("unpack with an identity decrypts with age -d -i and unpacks with tar into the folder",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/age-keygen"), "needs age"))
    func unpackWithIdentity() throws {
        let parent = try RestoreFolderTests.temporary()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try write("hello", to: parent + "/source/note.md")
        let made = try TestProgram.run("/bin/sh", ["-c", "cd '\(parent)' && age-keygen -o key.txt 2>/dev/null && tar -C source -cf - note.md | age -r \"$(age-keygen -y key.txt)\" -o archive"])
        try #require(made.succeeded, "\(made)")
        try FileManager.default.createDirectory(atPath: parent + "/out", withIntermediateDirectories: true)
        let programs = ChildPipeline(searchPath: "/usr/local/bin:/usr/bin:/bin", environment: ProcessInfo.processInfo.environment)
        let result = try RestorePlan.unpack(parent + "/archive", identity: parent + "/key.txt", into: parent + "/out", with: programs)
        #expect(result.age == 0 && result.tar == 0 && FileManager.default.contents(atPath: parent + "/out/note.md") == Data("hello".utf8), "\(result.errors)")
    }
}
