@testable import AfterflowKit
import Foundation
import Testing

@Suite struct VaultTests {
    @Test func initWritesSettingsGitignoreAndTemplatesAndKeepsExistingFiles() throws {
        let temp = try TemporaryVault(timeZone: "Europe/Berlin")
        #expect(try temp.read(".afterflow/config.yml").contains("time_zone: Europe/Berlin"))
        #expect(try temp.read(".afterflow/.gitignore") == VaultConfig.gitignoreText)
        #expect(try temp.read("Templates/session.md") == DefaultTemplates.session)
        #expect(try temp.mode(".afterflow/config.yml") == 0o600)
        #expect(try temp.mode(".afterflow") == 0o700)
        #expect(try temp.vault.timeZone.identifier == "Europe/Berlin")
        try temp.write("Templates/session.md", "mine\n")
        let again = try VaultInitializer.initialize(at: temp.root, timeZone: .current)
        #expect(again.created.isEmpty)
        #expect(try temp.read("Templates/session.md") == "mine\n")
    }

    /// The library knows no current folder, so a relative path would have become one under `/`
    /// (the benchmark generator made `/bench-vaults/…/.afterflow` that way): it is refused.
    @Test func aRelativePathIsRefusedAndNothingIsMade() throws {
        let name = "afterflow-relative-\(UInt32.random(in: 0 ... .max))"
        #expect(throws: VaultError.self) { try VaultInitializer.initialize(at: name + "/vault", timeZone: .current) }
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
    }

    @Test func theVaultIsFoundByFlagThenEnvironmentThenWalkingUp() throws {
        let temp = try TemporaryVault()
        let other = try TemporaryVault()
        try FileManager.default.createDirectory(atPath: temp.root + "/sessions/2024", withIntermediateDirectories: true)
        let fromFlag = try Vault.locate(explicit: other.root, environment: ["AFTERFLOW_VAULT": temp.root], from: "/")
        #expect(fromFlag.root == other.root)
        let fromEnvironment = try Vault.locate(explicit: nil, environment: ["AFTERFLOW_VAULT": other.root], from: temp.root)
        #expect(fromEnvironment.root == other.root)
        let walked = try Vault.locate(explicit: nil, environment: [:], from: temp.root + "/sessions/2024")
        #expect(walked.root == temp.root)
        do {
            _ = try Vault.locate(explicit: nil, environment: [:], from: "/")
            Issue.record("expected no vault at /")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.details.joined().contains("afterflow init"))
        }
        #expect(throws: VaultError.self) { try Vault.locate(explicit: temp.root + "/sessions", environment: [:], from: "/") }
    }

    @Test(arguments: [("journal", "/home/sam", "/home/sam/journal"), ("./a/../b/", "/x", "/x/b"), ("/abs/./v", "/x", "/abs/v")])
    func relativeVaultPathsStartAtTheGivenFolder(_ path: String, _ from: String, _ expected: String) {
        #expect(Vault.absolute(path, from: from) == expected)
    }

    @Test func aBadConfigIsReportedWithItsLocation() {
        let config = VaultConfig(bytes: Array("version: 1\ntime_zone: Mars/Olympus\n".utf8))
        #expect(config.diagnostics.map(\.description) == [
            "<input>:2:12: error: time_zone must be a time zone name like America/Los_Angeles or Europe/Berlin, found \"Mars/Olympus\"",
        ])
    }

    @Test func theScannerSkipsDotFoldersAndTemplatesAndPlainNotes() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000001"))
        try temp.write("notes/readme.md", "# Just notes\n")
        try temp.write(".hidden/x.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000002"))
        try temp.write(".afterflow/drafts/d.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000003", intention: ""))
        try temp.write("sessions/2024/not-markdown.txt", "x")
        let vault = try temp.vault
        #expect(VaultScanner.documentPaths(in: vault) == ["notes/readme.md", "sessions/2024/a.md"])
        let catalog = VaultCatalog(vault: vault)
        #expect(catalog.sessions.map(\.path) == ["sessions/2024/a.md"])
        #expect(catalog.drafts.map(\.path) == [".afterflow/drafts/d.md"])
        #expect(catalog.plainNotes == ["notes/readme.md"])
    }

    @Test func duplicateIdsAreErrorsOnTheSecondFile() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/a.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000001"))
        try temp.write("sessions/b.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000001"))
        let catalog = VaultCatalog(vault: try temp.vault)
        #expect(catalog.diagnostics.map(\.description) == [
            "sessions/b.md:2:5: error: id AAAAAAAA-0000-4000-8000-000000000001 is also the id of sessions/a.md; give this file a new id (delete the id line and run 'afterflow fmt')",
        ])
    }

    @Test func referencesResolveByIdPrefixPathAndDay() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        try temp.write("sessions/2024/b.md", sessionText(id: "6F1D0000-5B3D-4C1A-9F0E-2D7B8C9A1E34", date: "2024-12-11T09:00:00-08:00"))
        try temp.write("sessions/2024/c.md", sessionText(id: "99990000-5B3D-4C1A-9F0E-2D7B8C9A1E34", date: "2024-12-11T18:00:00-08:00"))
        let catalog = VaultCatalog(vault: try temp.vault)
        func resolve(_ text: String) throws(VaultError) -> String {
            try DocumentReference(text).resolve(in: catalog, from: temp.root).path
        }
        #expect(try resolve("6f1c") == "sessions/2024/a.md")
        #expect(try resolve("6F1C2A8E5B3D") == "sessions/2024/a.md")
        #expect(try resolve("2024-12-10") == "sessions/2024/a.md")
        #expect(try resolve("sessions/2024/b.md") == "sessions/2024/b.md")
        #expect(try resolve(temp.root + "/sessions/2024/c.md") == "sessions/2024/c.md")
        for (text, kind) in [("6F1", VaultError.Kind.noMatch), ("6F1", .noMatch), ("6F1x", .noMatch), ("2024-12-11", .ambiguous),
                             ("2024-12-12", .noMatch), ("ABCD", .noMatch), ("sessions/none.md", .noMatch)] {
            do {
                _ = try resolve(text)
                Issue.record("\(text) should not resolve")
            } catch {
                #expect(error.kind == kind, "\(text)")
            }
        }
        do {
            _ = try resolve("2024-12-11")
        } catch {
            #expect(error.details.count == 2)
            #expect(error.details[0].contains("sessions/2024/b.md"))
        }
        do {
            _ = try resolve("2024-12-12")
        } catch {
            #expect(error.details.first == "The nearest:")
        }
    }

    @Test func newSessionsGoIntoTheirYearWithSuffixesOnCollisionAndDraftsApart() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let date = LocalDate.parse("2024-12-10T14:30:00-08:00")!
        var values = SessionValues(date: date, treatment: .psilocybin, created: date)
        values.intention = "Listen."
        values.moodBefore = 5
        #expect(try store.create(values).path == "sessions/2024/2024-12-10-psilocybin.md")
        values.id = UUID()
        #expect(try store.create(values).path == "sessions/2024/2024-12-10-psilocybin-2.md")
        values.id = UUID()
        #expect(try store.create(values).path == "sessions/2024/2024-12-10-psilocybin-3.md")
        values.id = UUID()
        values.moodBefore = nil
        let draft = try store.create(values)
        #expect(draft.path == ".afterflow/drafts/2024-12-10-psilocybin.md")
        #expect(try temp.mode(".afterflow/drafts/2024-12-10-psilocybin.md") == 0o600)

        // Finishing the draft moves it into the journal.
        let catalog = VaultCatalog(vault: try temp.vault)
        let entry = try #require(catalog.drafts.first)
        let editor = SessionEditor(timeZone: try temp.vault.timeZone)
        let finished = editor.finishing(try editor.setting("mood_before", to: "6", in: entry.document), now: Date())
        let moved = try store.save(finished, over: entry)
        #expect(moved == "sessions/2024/2024-12-10-psilocybin-4.md")
        #expect(temp.files(under: ".afterflow/drafts").isEmpty)
        #expect(Session(parsing: try temp.read(moved)).status == .needsReflection)
    }

    @Test func aVaultTemplateIsUsedAndABrokenOneIsReported() throws {
        let temp = try TemporaryVault()
        let date = LocalDate.parse("2024-12-10T14:30:00-08:00")!
        var values = SessionValues(date: date, treatment: .lsd, created: date)
        values.intention = "See."
        values.moodBefore = 5
        try temp.write("Templates/session.md", "---\n{{{front_matter}}}\nmood_source: template\n---\n# {{{title}}}\n\n## Intention\n\n{{{intention}}}\n")
        let created = try DocumentStore(vault: try temp.vault).create(values)
        #expect(try temp.read(created.path).contains("mood_source: template\n---\n# LSD • Dec 10, 2024\n\n## Intention\n\nSee.\n"))
        try temp.write("Templates/session.md", "---\ntitle: {{{title}}}\n---\n")
        #expect(throws: VaultError.self) { try DocumentStore(vault: try temp.vault).create(values) }
    }
}
