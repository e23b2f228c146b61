import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// textDocument/hover over the protocol, on a copy of ExampleVault.
struct HoverTests {
    static func hover(_ relative: String, _ text: String?, line: Int, character: Int) throws -> String? {
        let vault = try VaultCopy()
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, relative, try text ?? vault.read(relative))
        let answer = server.request("textDocument/hover", [
            "textDocument": ["uri": .string(vault.uri(relative))], "position": ["line": .int(line), "character": .int(character)],
        ])
        return answer?["result"]?["contents"]?["value"]?.string
    }

    @Test func aKeyShowsWhatItMeans() throws {
        let shown = try Self.hover("sessions/2024/2024-12-10-psilocybin.md", nil, line: 5, character: 2)
        #expect(shown == "**dose**: " + Session.meaning(ofKey: "dose")!)
    }

    @Test func aMoodScoreShowsItsWord() throws {
        // Line 7 is "mood_after: 8".
        let shown = try Self.hover("sessions/2024/2024-12-10-psilocybin.md", nil, line: 7, character: 12)
        #expect(shown == "**8**: ☀️ Uplifted")
    }

    @Test func aGoalInATrialLineShowsTheGoal() throws {
        let relative = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
        let text = try VaultCopy().read(relative)
        let line = TextDocument(text: text, version: 0)
        let index = (0..<line.lineCount).first { line.line($0).hasPrefix("- 15:02:23 s-initial") }!
        let shown = try Self.hover(relative, text, line: index, character: 14)
        #expect(shown?.hasPrefix("**Produce /s/") == true && shown?.contains("mastery: ") == true)
    }

    @Test func nothingUnderTheCursorIsNoHover() throws {
        #expect(try Self.hover("sessions/2024/2024-12-10-psilocybin.md", "---\ntreatment: lsd\n---\n\n", line: 3, character: 0) == nil)
    }
}
