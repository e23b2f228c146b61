import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// textDocument/formatting: what fmt writes, as an edit of only the lines that differ.
struct FormattingTests {
    static let session = "sessions/2024/2024-12-10-psilocybin.md"

    static func edits(_ text: String) throws -> [JSON]? {
        let vault = try VaultCopy()
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, Self.session, text)
        let answer = server.request("textDocument/formatting", [
            "textDocument": ["uri": .string(vault.uri(Self.session))], "options": ["tabSize": 4, "insertSpaces": true],
        ])
        return answer?["result"]?.array
    }

    @Test func aTreatmentInCapitalsBecomesLowerCaseOnItsLineOnly() throws {
        let text = try VaultCopy().read(Self.session).replacingOccurrences(of: "treatment: psilocybin", with: "treatment: Psilocybin")
        #expect(try Self.edits(text) == [[
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 0]], "newText": "treatment: psilocybin\n",
        ]])
    }

    @Test func aCanonicalDocumentNeedsNoEdit() throws {
        #expect(try Self.edits(try VaultCopy().read(Self.session)) == [])
    }

    @Test func aDocumentWithErrorsIsLeftAlone() throws {
        let text = try VaultCopy().read(Self.session).replacingOccurrences(of: "mood_before: 5", with: "mood_before: 50")
        #expect(try Self.edits(text) == [])
    }

    @Test func theEditAppliedGivesWhatFmtWrites() throws {
        let text = "---\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ntreatment: LSD\nmood_before: 5\ndate: 2025-01-02T10:00:00-08:00\n---\n## Intention\n\nListen.\n"
        let entry = VaultEntry(path: Self.session, bytes: Array(text.utf8))
        let expected = entry.kind?.descriptor.formatted(entry.content, timeZone: TimeZone(identifier: "America/Los_Angeles")!)
        var document = TextDocument(text: text, version: 1)
        for edit in try Self.edits(text) ?? [] {
            document.apply(edit["newText"]?.string ?? "", in: TextRange(edit["range"]), version: 2)
        }
        #expect(expected.map { String(decoding: $0.bytes, as: UTF8.self) } == document.text)
    }
}
