@testable import AfterflowKit
import Foundation
import Testing

/// Paths as the user can type them from where they are (#10).
@Suite struct DisplayPathTests {
    @Test("relative to the current folder inside the vault, absolute from elsewhere", arguments: [
        ("", "sessions/2024/x.md"),
        ("/sessions", "2024/x.md"),
        ("/sessions/2024", "x.md"),
        ("/notes", "../sessions/2024/x.md"),
        ("/notes/deep", "../../sessions/2024/x.md"),
        ("/.afterflow/drafts", "../../sessions/2024/x.md"),
    ])
    func inside(folder: String, expected: String) throws {
        let temporary = try TemporaryVault()
        let vault = try temporary.vault
        #expect(vault.displayPath("sessions/2024/x.md", from: vault.root + folder) == expected)
    }

    @Test("from above the vault and from outside it")
    func outside() throws {
        let temporary = try TemporaryVault()
        let vault = try temporary.vault
        let parent = FileIO.parentPath(of: vault.root)
        let name = String(vault.root.dropFirst(parent.count + 1))
        #expect(vault.displayPath("sessions/x.md", from: parent) == name + "/sessions/x.md")
        #expect(vault.displayPath("sessions/x.md", from: "/nowhere/else") == vault.root + "/sessions/x.md")
        #expect(vault.displayPath(vault.root + "/sessions/x.md", from: vault.root) == "sessions/x.md")
        #expect(vault.displayPath("/other/file.csv", from: "/other") == "file.csv")
        #expect(vault.displayPath("/other/file.csv", from: vault.root) == "/other/file.csv")
        #expect(vault.displayPath("", from: vault.root) == ".")
    }

    @Test("a vault named through a link, seen from inside its real folder")
    func link() throws {
        let temporary = try TemporaryVault()
        let link = temporary.root + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: temporary.root)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let vault = try Vault(root: link)
        let real = try #require(FileIO.realPath(temporary.root))
        #expect(vault.displayPath("sessions/x.md", from: real + "/sessions") == "x.md")
        #expect(vault.displayPath("sessions/x.md", from: real + "/notes") == "../sessions/x.md")
        #expect(vault.displayPath("sessions/x.md", from: link + "/notes") == "../sessions/x.md")
    }
}
