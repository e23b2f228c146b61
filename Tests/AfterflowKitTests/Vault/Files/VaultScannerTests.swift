@testable import AfterflowKit
import Foundation
import Testing

/// The library's one directory walk (`VaultScanner.walk`), through each listing built on it.
@Suite struct VaultScannerTests {
    /// A vault with a document at the top, in a year folder and deeper, beside what the walk
    /// leaves out: dot-folders (git's, afterflow's, another tool's), hidden files, the top-level
    /// `Templates/`, files that are not Markdown, and a link to a folder.
    static func makeVault() throws -> TemporaryVault {
        let temp = try TemporaryVault()
        for path in ["top.md", "sessions/2024/a.md", "clients/maya-t/sessions/2025/b.md", "notes/Templates/kept.md"] {
            try temp.write(path, "# \(path)\n")
        }
        for path in [".git/HEAD.md", ".obsidian/workspace.md", ".hidden.md", "sessions/.draft.md", "sessions/2024/x.txt",
                     ".afterflow/drafts/d.md", ".afterflow/index.md", "Templates/goal.md"] {
            try temp.write(path, "# \(path)\n")
        }
        try FileManager.default.createSymbolicLink(atPath: temp.root + "/linked-folder", withDestinationPath: temp.root + "/sessions/2024")
        try FileManager.default.createSymbolicLink(atPath: temp.root + "/notes/linked.md", withDestinationPath: temp.root + "/top.md")
        try FileManager.default.createSymbolicLink(atPath: temp.root + "/notes/dangling.md", withDestinationPath: temp.root + "/gone.md")
        return temp
    }

    @Test("the walk skips dot-folders, hidden files, the top Templates/, other files and links to folders")
    func skips() throws {
        let temp = try VaultScannerTests.makeVault()
        var temporary: [String] = []
        let paths = VaultScanner.walk(temp.root, from: [""], temporaryFiles: &temporary).paths.sorted()
        #expect(paths == ["clients/maya-t/sessions/2025/b.md", "notes/Templates/kept.md", "notes/linked.md", "sessions/2024/a.md", "top.md"])
    }

    @Test("the walk's fingerprints, made from each folder's hash and the name, are those of the paths it hands back")
    func fingerprints() throws {
        let temp = try VaultScannerTests.makeVault()
        try temp.write(".afterflow/drafts/d.md", "---\ndate: 2025-01-01\n---\n")
        var temporary: [String] = []
        let scan = VaultScanner.survey(try temp.vault, includeDrafts: true, temporaryFiles: &temporary)
        let files = scan.files
        // Five documents (one four folders down, one a link) and the draft.
        #expect(files.map(\.path).sorted() == [".afterflow/drafts/d.md", "clients/maya-t/sessions/2025/b.md", "notes/Templates/kept.md",
                                                "notes/linked.md", "sessions/2024/a.md", "top.md"])
        #expect(scan.count == files.count)
        for file in files {
            #expect(file.fingerprint == ScannedFile(path: file.path, size: file.size, modified: file.modified).fingerprint, "\(file.path)")
        }
        #expect(IndexStore.digest(count: scan.count, sum: scan.sum) == IndexStore.digest(files))
    }

    @Test("a folder walked by name is walked whole, Templates/ and all")
    func startFolder() throws {
        let temp = try VaultScannerTests.makeVault()
        #expect(VaultScanner.documentPaths(in: try temp.vault, under: "Templates").contains("Templates/goal.md"))
    }

    @Test("the drafts are listed from .afterflow/drafts/ alone")
    func drafts() throws {
        let temp = try VaultScannerTests.makeVault()
        #expect(VaultScanner.draftPaths(in: try temp.vault) == [".afterflow/drafts/d.md"])
    }

    @Test("the refresh's scan lists what the document and draft listings list, with each file's size")
    func listingsAgree() throws {
        let temp = try VaultScannerTests.makeVault()
        let vault = try temp.vault
        let scanned = VaultScanner.scan(vault, includeDrafts: true).sorted { $0.path < $1.path }
        let expected = (VaultScanner.documentPaths(in: vault) + VaultScanner.draftPaths(in: vault)).sorted().map { path in
            ScannedFile(path: path, size: Int64(FileManager.default.contents(atPath: temp.root + "/" + path)?.count ?? -1), modified: 0)
        }
        #expect(scanned.map { [$0.path, String($0.size)] } == expected.map { [$0.path, String($0.size)] })
    }

    @Test("the walk hands back afterflow's temporary files, which it does not list")
    func temporaryFiles() throws {
        let temp = try VaultScannerTests.makeVault()
        try temp.write("sessions/2024/.a.md.Ab12Cd.tmp", "half\n")
        try temp.write("sessions/.other.tmp", "not ours\n")
        var temporary: [String] = []
        _ = VaultScanner.walk(temp.root, from: [""], temporaryFiles: &temporary)
        #expect(temporary == ["sessions/2024/.a.md.Ab12Cd.tmp"])
    }
}
