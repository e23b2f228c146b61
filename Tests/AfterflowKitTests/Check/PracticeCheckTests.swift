@testable import AfterflowKit
import Foundation
import Testing

/// The checks across a practice's files. One fixture per problem: `Fixtures/practice/NAME/` is a
/// small vault (its settings in `config.yml`, when it has any) and `NAME/expected` the exact
/// problems, one `path:line:col: severity: message` a line (record them with AFTERFLOW_RECORD=1,
/// then read them through with git diff).
@Suite struct PracticeCheckTests {
    static let fixtures: [String] = {
        let url = Fixtures.directory.appendingPathComponent("practice")
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }()

    /// The fixture's documents, vault-relative, and its settings.
    static func load(_ name: String) -> (entries: [VaultEntry], paths: [String], config: VaultConfig) {
        let root = Fixtures.directory.appendingPathComponent("practice").appendingPathComponent(name).path
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { paths.append(path) }
        }
        paths.sort()
        let entries = paths.map { VaultEntry(path: $0, bytes: Array(FileManager.default.contents(atPath: root + "/" + $0) ?? Data())) }
        let configBytes = FileManager.default.contents(atPath: root + "/config.yml")
        let config = configBytes.map { VaultConfig(bytes: Array($0)) } ?? VaultConfig()
        return (entries.filter { !$0.isPlainNote }, paths, config)
    }

    @Test func thereIsAFixtureForEachProblem() {
        #expect(Self.fixtures.count >= 15)
        #expect(Self.fixtures.contains("clean"))
    }

    @Test(arguments: fixtures)
    func producesExactlyTheExpectedProblems(_ name: String) throws {
        let (entries, paths, config) = Self.load(name)
        #expect(config.diagnostics.isEmpty)
        let found = PracticeCheck(config: config).diagnostics(entries: entries, paths: paths)
        let actual = found.map { "\($0.path ?? "?"):\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        #expect(actual.isEmpty == (name == "clean"), "\(actual)")
        if ProcessInfo.processInfo.environment["AFTERFLOW_RECORD"] == "1" {
            let url = Fixtures.repository.appendingPathComponent("Tests/AfterflowKitTests/Fixtures/practice/\(name)/expected")
            try Data(actual.map { $0 + "\n" }.joined().utf8).write(to: url)
            Issue.record("recorded practice/\(name)/expected; read it through, then run the tests without AFTERFLOW_RECORD")
            return
        }
        let expected = Fixtures.text("practice/\(name)", "expected").split(separator: "\n").map(String.init)
        #expect(actual == expected)
    }

    @Test(arguments: fixtures)
    func theFixturesFilesHaveNoProblemsOfTheirOwn(_ name: String) {
        // Each fixture shows the check's problem alone; only the untyped files read as sessions.
        guard name != "untyped-files-in-client-folder" && name != "client-file-not-a-client" else { return }
        for entry in Self.load(name).entries {
            #expect(entry.diagnostics.isEmpty, "\(name)/\(entry.path): \(entry.diagnostics)")
        }
    }

    // MARK: - A vault on disk

    static let maya = "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"
    static let sam = "1B2C3D4E-5F60-4A7B-8C9D-0E1F2A3B4C5D"

    /// Maya's and Sam's folders; Maya's session names a goal she has not, a cue the vault has not,
    /// and her folder holds a goal of Sam's.
    static func practiceVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("clients/maya-t/client.md", "---\ntype: client\nid: \(maya)\nname: Maya Thompson\nborn: 2017-03-02\n---\n")
        try vault.write("clients/sam-k/client.md", "---\ntype: client\nid: \(sam)\nname: Sam Kim\n---\n")
        try vault.write("clients/maya-t/goals/s-initial.md",
                        "---\ntype: goal\nid: 0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B\nclient: \(maya)\ntitle: Produce /s/\ncue: minimal\n---\n")
        try vault.write("clients/maya-t/goals/two-step.md",
                        "---\ntype: goal\nid: 7A1E0B2D-4F60-4A3C-8E5F-9A9B0C1D2E3F\nclient: \(sam)\ntitle: Follow two-step directions\n---\n")
        try vault.write("clients/maya-t/sessions/2025/2025-01-14-1500.md", """
            ---
            type: trials
            id: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E
            client: \(maya)
            date: 2025-01-14T15:00:00
            ---
            ## Trials

            - 15:02:10 s-initial + independent
            - 15:02:31 s-intial - minimal  said “th”
            - 15:03:40 two-step + prompted

            """)
        try vault.write("sessions/2024/2024-12-10-psilocybin.md", sessionText(id: "11111111-2222-4333-8444-555555555555"))
        return vault
    }

    static let expectedInVault = [
        "clients/maya-t/goals/two-step.md:4:9: error: client \(sam) is the id of clients/sam-k/client.md, not of this folder's client (clients/maya-t/client.md, id \(maya)): a goal of another client; move the file to clients/sam-k/goals/, or write \(maya)",
        "clients/maya-t/sessions/2025/2025-01-14-1500.md:10:12: error: trial line: no goal \"s-intial\" in clients/maya-t/goals/ (maya-t's goals are s-initial, two-step); did you mean \"s-initial\"?",
        "clients/maya-t/sessions/2025/2025-01-14-1500.md:11:23: error: trial line: cue level \"prompted\" is not one of the vault's cue levels (independent, minimal, moderate, maximal); write one of them, or add it to cue_levels in .afterflow/config.yml",
    ]

    @Test func checksAVaultOnDisk() throws {
        let vault = try Self.practiceVault()
        #expect(PracticeCheck.diagnostics(in: try vault.vault).map(\.description) == Self.expectedInVault)
    }

    @Test func theCatalogAddsThemToTheFilesTheyAreAbout() throws {
        let vault = try Self.practiceVault()
        let catalog = VaultCatalog(vault: try vault.vault)
        #expect(catalog.diagnostics.map(\.description) == Self.expectedInVault)
        let session = try #require(catalog.entries.first { $0.path.hasSuffix("2025-01-14-1500.md") })
        #expect(session.diagnostics.count == 2)
        #expect(catalog.entries.first { $0.path.hasPrefix("sessions/") }?.diagnostics.isEmpty == true)
    }

    @Test func theVaultsOwnLevelsMakeATrialLineRight() throws {
        let vault = try Self.practiceVault()
        try vault.write(".afterflow/config.yml", "version: 1\ntime_zone: America/Los_Angeles\ncue_levels: [independent, minimal, prompted]\n")
        let found = PracticeCheck.diagnostics(in: try vault.vault).map(\.description)
        #expect(found == Array(Self.expectedInVault.prefix(2)))
    }

    @Test func aFileOutsideTheClientFoldersIsReadOnlyWhenItMayNameAKind() {
        #expect(PracticeCheck.mayNameKind(Array("---\ntype: trials\n---\n".utf8)))
        #expect(PracticeCheck.mayNameKind(Array("---\n\"type\": goal\n---\n".utf8)))
        #expect(!PracticeCheck.mayNameKind(Array(sessionText(id: "11111111-2222-4333-8444-555555555555").utf8)))
        #expect(!PracticeCheck.mayNameKind([]))
        #expect(!PracticeCheck.mayNameKind(Array("typ".utf8)))
        #expect(PracticeCheck.mayNameKind(Array("type".utf8)))
    }

    @Test func aTrialSessionOutsideTheClientFoldersIsFoundOnDisk() throws {
        let vault = try Self.practiceVault()
        try vault.write("notes/stray.md", "---\ntype: trials\nid: 8D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(Self.maya)\ndate: 2025-01-14\n---\n")
        let found = PracticeCheck.diagnostics(in: try vault.vault).filter { $0.path == "notes/stray.md" }
        #expect(found.map(\.description) == [
            "notes/stray.md:2:7: error: a trial session must be in its client's sessions folder, clients/<short>/sessions/YYYY/YYYY-MM-DD-HHMM.md, found it at notes/stray.md; move it there (a client's files are read from the client's folder)",
        ])
    }

    @Test func draftsAreNotChecked() throws {
        let vault = try Self.practiceVault()
        try vault.write(".afterflow/drafts/x.md", "---\ntype: trials\nid: 8D2A5C0E-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(Self.maya)\ndate: 2025-01-14\n---\n")
        #expect(VaultCatalog(vault: try vault.vault).diagnostics.map(\.description) == Self.expectedInVault)
    }
}
