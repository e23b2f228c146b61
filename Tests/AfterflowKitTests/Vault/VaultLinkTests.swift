@testable import AfterflowKit
import Foundation
import Testing

@Suite struct VaultLinkTests {
    func outsideFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().appendingPathComponent("afterflow-outside-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aPathWithoutLinksIsTheLexicalOne() throws {
        let temp = try TemporaryVault()
        let vault = try temp.vault
        #expect(try vault.writablePath("sessions/2024/a.md") == vault.root + "/sessions/2024/a.md")
    }

    @Test func aLinkThatLeadsNowhereOutsideIsRefusedToo() throws {
        let temp = try TemporaryVault()
        let vault = try temp.vault
        try FileManager.default.createDirectory(atPath: temp.root + "/sessions", withIntermediateDirectories: true)
        symlink("/nonexistent-afterflow-place", temp.root + "/sessions/2023")
        do {
            _ = try vault.writablePath("sessions/2023/a.md")
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .outsideVault)
            #expect(error.message == "sessions/2023 is a link to /nonexistent-afterflow-place, outside the vault; afterflow writes only inside the vault")
        }
    }

    @Test func aLinkInsideIsFollowedUnlessItIsTheLastPartAndThatIsAsked() throws {
        let temp = try TemporaryVault()
        let vault = try temp.vault
        try temp.write("archive/a.md", "a\n")
        try FileManager.default.createDirectory(atPath: temp.root + "/sessions", withIntermediateDirectories: true)
        symlink("../archive/a.md", temp.root + "/sessions/a.md")
        #expect(try vault.writablePath("sessions/a.md") == vault.realRoot + "/archive/a.md")
        #expect(try vault.writablePath("sessions/a.md", followingFinalLink: false) == vault.root + "/sessions/a.md")
    }

    @Test func emptyingATrashThatLeadsOutsideRemovesNothing() throws {
        let temp = try TemporaryVault()
        let vault = try temp.vault
        let elsewhere = try outsideFolder()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let manifest = #"{"version":1,"entries":[{"file":"x.md","original":"sessions/x.md","deleted":"2024-12-11T09:12:00-08:00"}]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: elsewhere + "/manifest.json"))
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: elsewhere + "/x.md"))
        symlink(elsewhere, temp.root + "/.afterflow/trash")
        #expect(throws: VaultError.self) { try Trash(vault: vault).empty() }
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/x.md"))
        #expect(throws: VaultError.self) { try Trash(vault: vault).restore(Trash.Entry(file: "x.md", original: "sessions/x.md", deleted: "2024-12-11T09:12:00-08:00")) }
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/x.md"))
    }
}
