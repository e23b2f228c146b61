@testable import AfterflowKit
import Foundation
import Testing

/// `PracticeCheck.diagnostics(in: store)`, the whole vault's checks across files as `VaultCheck`
/// runs them: it walks only `clients/` and reads, elsewhere, only the files the freshly refreshed
/// index holds as a client, goal or trial session. Its problems must be those of
/// `diagnostics(in: vault)`, which walks the vault and reads every file: compared here on vaults
/// holding every problem, files of every kind outside the client folders, unsaved text, and a
/// session edited by hand into a trial session (the file the shortcut skips until the refresh
/// sees its new kind).
@Suite struct PracticeCheckIndexTests {
    /// The check from the index, after a refresh, and the check that reads every file.
    static func both(_ root: String, unsaved: [String: [UInt8]] = [:]) throws -> (fromIndex: [String], reading: [String]) {
        let vault = try Vault(root: root)
        let store = try IndexStore(vault: vault)
        try store.refresh()
        let now = VaultCheckFilesTests.now
        return (try PracticeCheck.diagnostics(in: store, replacing: unsaved, now: now).map(\.description),
                PracticeCheck.diagnostics(in: vault, replacing: unsaved, now: now).map(\.description))
    }

    @Test func theKindsReadOutsideTheClientFoldersAreThoseWithAPlaceInThem() {
        // A session's own rule is about files inside a client's folder, which are all read.
        #expect(Set(PracticeCheck.kindsOutsideClients) == ["client", "goal", "trials"])
    }

    @Test(arguments: PracticeCheckTests.fixtures)
    func eachPracticeFixture(_ name: String) throws {
        let temp = try TemporaryVault()
        let source = Fixtures.directory.appendingPathComponent("practice").appendingPathComponent(name).path
        for path in try FileManager.default.subpathsOfDirectory(atPath: source).sorted() where path.hasSuffix(".md") {
            try temp.write(path, try String(contentsOfFile: source + "/" + path, encoding: .utf8))
        }
        if let config = FileManager.default.contents(atPath: source + "/config.yml") {
            try temp.write(".afterflow/config.yml", String(decoding: config, as: UTF8.self))
        }
        let (fromIndex, reading) = try Self.both(temp.root)
        #expect(reading.isEmpty == (name == "clean"), "\(reading)")
        #expect(fromIndex == reading)
    }

    @Test(arguments: [false, true])
    func exampleVaultWithEveryProblem(audited: Bool) throws {
        let folder = try VaultCheckFilesTests.Folder.exampleVault()
        try VaultCheckFilesTests.breakAll(folder)
        if audited {
            try folder.edit(".afterflow/config.yml") { $0 + "audit: true\nconcurrent_97155: false\n" }
        }
        let (fromIndex, reading) = try Self.both(folder.root)
        // breakAll puts a goal, a trial session and a client's file outside the client folders.
        for misplaced in ["a goal must be in its client's goals folder", "a trial session must be in its client's sessions folder",
                          "a client's file must be clients/<short>/client.md"] {
            #expect(reading.contains { $0.contains(misplaced) }, "\(misplaced)")
        }
        #expect(fromIndex == reading)
    }

    /// Files of every kind outside `clients/`: a trial session, a goal and a client's file away
    /// from their places, a session whose text holds the word "type", a file of a type afterflow
    /// does not know, another tool's note, a draft of a trial session, and a mood check-in.
    static func strayVault() throws -> TemporaryVault {
        let vault = try PracticeCheckTests.practiceVault()
        let maya = PracticeCheckTests.maya
        try vault.write("notes/stray.md", "---\ntype: trials\nid: 8D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(maya)\ndate: 2025-01-14\n---\n")
        try vault.write("sessions/2025/goal.md", "---\ntype: goal\nid: 3C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(maya)\ntitle: Blends\n---\n")
        try vault.write("maya.md", "---\ntype: client\nid: 4C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nname: Maya Other\n---\n")
        try vault.write("sessions/2025/2025-02-01-lsd.md", sessionText(id: "21111111-2222-4333-8444-555555555555") + "\nWe talked about the type of music.\n")
        try vault.write("notes/odd.md", "---\ntype: recipe\n---\nFlour.\n")
        try vault.write("notes/hugo.md", "---\ntitle: A post\ntype: post\n---\nText.\n")
        try vault.write(".afterflow/drafts/x.md", "---\ntype: trials\nid: 9D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(maya)\ndate: 2025-01-14\n---\n")
        return vault
    }

    @Test func filesOfEveryKindOutsideTheClientFolders() throws {
        let vault = try Self.strayVault()
        let (fromIndex, reading) = try Self.both(vault.root)
        // The three misplaced files, each with its error (and the practice vault's three).
        #expect(reading.filter { $0.hasPrefix("notes/stray.md:") || $0.hasPrefix("sessions/2025/goal.md:") || $0.hasPrefix("maya.md:") }.count >= 3,
                "\(reading)")
        #expect(fromIndex == reading)
    }

    @Test func unsavedTextOutsideTheClientFolders() throws {
        let vault = try Self.strayVault()
        let maya = PracticeCheckTests.maya
        // A session on disk (which the index holds as a session) made a trial session in the
        // editor; a new trial session not saved yet; the stray trial session made a session.
        let unsaved: [String: [UInt8]] = [
            "sessions/2024/2024-12-10-psilocybin.md": Array("---\ntype: trials\nid: 6D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(maya)\ndate: 2025-01-14\n---\n".utf8),
            "notes/new.md": Array("---\ntype: goal\nid: 7D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(maya)\ntitle: New\n---\n".utf8),
            "notes/stray.md": Array(sessionText(id: "31111111-2222-4333-8444-555555555555").utf8),
        ]
        let (fromIndex, reading) = try Self.both(vault.root, unsaved: unsaved)
        #expect(reading.contains { $0.hasPrefix("sessions/2024/2024-12-10-psilocybin.md:") }, "\(reading)")
        #expect(reading.contains { $0.hasPrefix("notes/new.md:") }, "\(reading)")
        #expect(!reading.contains { $0.hasPrefix("notes/stray.md:") }, "\(reading)")
        #expect(fromIndex == reading)
    }

    @Test func aSessionEditedByHandIntoATrialSessionIsSeenAfterTheRefresh() throws {
        let vault = try PracticeCheckTests.practiceVault()
        let path = "sessions/2024/2024-12-10-psilocybin.md"
        let first = try Self.both(vault.root)
        #expect(first.fromIndex == first.reading)
        #expect(!first.reading.contains { $0.hasPrefix(path + ":") })
        // The file the check from the index does not read while the index holds it as a session.
        try vault.write(path, "---\ntype: trials\nid: 6D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(PracticeCheckTests.maya)\ndate: 2025-01-14\n---\n")
        let second = try Self.both(vault.root)
        #expect(second.reading.contains { $0.hasPrefix(path + ":") && $0.contains("must be in its client's sessions folder") }, "\(second.reading)")
        #expect(second.fromIndex == second.reading)
    }
}
