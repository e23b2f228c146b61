@testable import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// Diagnostics published for open documents, compared with what `check` reports for the same
/// text saved: messages, severities and places (UTF-16).
struct DiagnosticsTests {
    static let trials = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let session = "sessions/2024/2024-12-10-psilocybin.md"

    /// What `afterflow check FILE` reports for `relative` after `text` is saved there, as the
    /// protocol places it: `[line, character, end, severity, message]` each.
    static func checkOnDisk(_ vault: VaultCopy, _ relative: String, _ text: String) throws -> [[JSON]] {
        try vault.write(relative, text)
        let store = try IndexStore(vault: try Vault(root: vault.root))
        let report = try store.refresh()
        let found = try VaultCheck(store: store, readFailures: report.readFailures).check(files: [relative]).diagnostics
        let document = TextDocument(text: text, version: 0)
        return found.map { LanguageServer.json($0, in: document) }.map(summary)
    }

    static func summary(_ diagnostic: JSON) -> [JSON] {
        let range = diagnostic["range"]
        return [range?["start"]?["line"] ?? .null, range?["start"]?["character"] ?? .null, range?["end"]?["character"] ?? .null,
                diagnostic["severity"] ?? .null, diagnostic["message"] ?? .null]
    }

    static func open(_ server: ServerHarness, _ vault: VaultCopy, _ relative: String, _ text: String, version: Int = 1) {
        server.notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(vault.uri(relative)), "languageId": "markdown", "version": .int(version), "text": .string(text),
        ]])
    }

    static func started(_ vault: VaultCopy) -> ServerHarness {
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        return server
    }

    @Test func aSessionOpenedWithProblemsGetsCheckMessagesAndPlaces() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session)
            .replacingOccurrences(of: "treatment: psilocybin", with: "treatment: psilocybn")
            .replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11")
        let server = Self.started(vault)
        Self.open(server, vault, Self.session, text)
        let published = server.diagnostics(for: vault.uri(Self.session))?.map(Self.summary)
        let expected = try Self.checkOnDisk(vault, Self.session, text)
        #expect(published == expected && !expected.isEmpty)
    }

    @Test func anUnknownGoalInATrialLineIsPlacedOnTheGoalsName() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.trials) + "- 15:17:00 blends + independent\n"
        let server = Self.started(vault)
        Self.open(server, vault, Self.trials, text)
        let line = TextDocument(text: text, version: 0).lineCount - 2
        let published = server.diagnostics(for: vault.uri(Self.trials))?.map(Self.summary)
        #expect(published?.first.map { [$0[0], $0[1], $0[2]] } == [.int(line), .int(11), .int(17)])
    }

    @Test func aProblemAfterCJKAndAnEmojiOnItsLineIsPlacedInUTF16CodeUnits() throws {
        let vault = try VaultCopy()
        // check: 12:22 (bytes); before it "tags: [" 7, "日本" 2, "😀" 2, ", " 2, "na" 2 code units.
        let text = try vault.read(Self.session).replacingOccurrences(of: "tags: [integration, nature]", with: "tags: [日本😀, na\u{1}ture]")
        let server = Self.started(vault)
        Self.open(server, vault, Self.session, text)
        let start = server.diagnostics(for: vault.uri(Self.session))?.first?["range"]?["start"]
        #expect(start == ["line": 11, "character": 15])
    }

    @Test func anIncrementalChangeThatFixesTheValueClearsTheDiagnostic() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session).replacingOccurrences(of: "treatment: psilocybin", with: "treatment: psilocybn")
        let server = Self.started(vault)
        let uri = vault.uri(Self.session)
        Self.open(server, vault, Self.session, text)
        _ = server.diagnostics(for: uri)
        // "treatment: psilocyb|n" on line 3: insert the missing "i".
        server.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": 3, "character": 19], "end": ["line": 3, "character": 19]], "text": "i"]],
        ])
        #expect(server.diagnostics(for: uri) == [])
    }

    @Test func aFullChangeIsCheckedAsTheNewText() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session)
        let server = Self.started(vault)
        let uri = vault.uri(Self.session)
        Self.open(server, vault, Self.session, text)
        _ = server.diagnostics(for: uri)
        let broken = text.replacingOccurrences(of: "mood_after: 8", with: "mood_after: eleven")
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(broken)]]])
        #expect(server.diagnostics(for: uri)?.map(Self.summary) == (try Self.checkOnDisk(vault, Self.session, broken)))
    }

    @Test func aGoalOpenedInTheEditorMakesTheTrialLinesThatNameItValid() throws {
        let vault = try VaultCopy()
        let trials = try vault.read(Self.trials) + "- 15:17:00 blends + independent\n"
        let server = Self.started(vault)
        Self.open(server, vault, Self.trials, trials)
        _ = server.diagnostics(for: vault.uri(Self.trials))
        let goal = try vault.read("clients/maya-t/goals/two-step.md")
            .replacingOccurrences(of: "F7F15365-5A79-5559-9BC5-32E52F1EA2AA", with: "0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B")
        Self.open(server, vault, "clients/maya-t/goals/blends.md", goal)
        #expect(server.diagnostics(for: vault.uri(Self.trials)) == [])
    }

    @Test func aGoalFileCreatedOnDiskMakesTheTrialLinesThatNameItValid() throws {
        let vault = try VaultCopy()
        let trials = try vault.read(Self.trials) + "- 15:17:00 blends + independent\n"
        let server = Self.started(vault)
        Self.open(server, vault, Self.trials, trials)
        _ = server.diagnostics(for: vault.uri(Self.trials))
        let goal = try vault.read("clients/maya-t/goals/two-step.md")
            .replacingOccurrences(of: "F7F15365-5A79-5559-9BC5-32E52F1EA2AA", with: "0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B")
        try vault.write("clients/maya-t/goals/blends.md", goal)
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(vault.uri("clients/maya-t/goals/blends.md")), "type": 1]]])
        #expect(server.diagnostics(for: vault.uri(Self.trials)) == [])
    }

    @Test func aNewSessionWithAnExistingIDIsADuplicate() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session)
        let server = Self.started(vault)
        Self.open(server, vault, "sessions/2025/2025-11-01-copy.md", text)
        let published = server.diagnostics(for: vault.uri("sessions/2025/2025-11-01-copy.md"))
        #expect(published?.first?["message"]?.string?.contains("is also the id of \(Self.session)") == true)
    }

    @Test func aDocumentOutsideTheVaultGetsNoDiagnosticsAndTheServerGoesOn() throws {
        let vault = try VaultCopy()
        let server = Self.started(vault)
        let outside = URL(fileURLWithPath: NSTemporaryDirectory() + "elsewhere-\(UUID().uuidString).md").absoluteString
        server.notify("textDocument/didOpen", ["textDocument": ["uri": .string(outside), "languageId": "markdown", "version": 1, "text": "---\nmood_before: 99\n---\n"]])
        #expect(server.diagnostics(for: outside) == [])
    }

    @Test func closingADocumentClearsItsDiagnostics() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session).replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11")
        let server = Self.started(vault)
        let uri = vault.uri(Self.session)
        Self.open(server, vault, Self.session, text)
        _ = server.diagnostics(for: uri)
        server.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(server.diagnostics(for: uri) == [])
    }

    @Test func nothingInTheVaultIsWrittenButTheIndex() throws {
        let vault = try VaultCopy()
        let before = try Self.snapshot(vault.root)
        let server = Self.started(vault)
        let text = try vault.read(Self.session) + "\nMore.\n"
        Self.open(server, vault, Self.session, text)
        _ = server.diagnostics(for: vault.uri(Self.session))
        _ = server.request("shutdown")
        #expect(try Self.snapshot(vault.root) == before)
    }

    /// Every file of the vault and its bytes, but the index's.
    static func snapshot(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) where !path.hasPrefix(".afterflow/index") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return files
    }
}
