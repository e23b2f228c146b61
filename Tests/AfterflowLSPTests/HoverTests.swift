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

    /// ExampleVault's MEQ-30 of 2025-09-20 names its session by id on line 7 (index 6):
    /// `session: 29F8F0B2-69AA-439D-B61D-2A8079CCB844`, the psilocybin session of that day at
    /// 11:00 (a Saturday: Sep 1, 2025 was a Monday), with an intention and a mood before but no
    /// reflections yet, so it needs reflection.
    @Test func aSessionsIDShowsItsDayTreatmentAndStatus() throws {
        let relative = "assessments/2025/2025-09-20-2130-meq30.md"
        let text = try VaultCopy().read(relative)
        #expect(TextDocument(text: text, version: 0).line(6) == "session: 29F8F0B2-69AA-439D-B61D-2A8079CCB844")
        // Character 20 is inside the id ("session: " is 9 characters).
        let shown = try Self.hover(relative, text, line: 6, character: 20)
        #expect(shown == "**Sat Sep 20, 2025, 11:00 AM** · Psilocybin · needs reflection  \n`sessions/2025/2025-09-20-psilocybin.md`")
    }

    /// Maya's session of 2025-03-25 (id 2233C7FA-…): 15:00 to 15:18:23, a Tuesday, 30 trial
    /// lines under ## Trials, no signature. Written in a plain note's text, its id shows it, the
    /// client as first name and initial (Maya Thompson: Maya T.).
    @Test func aTrialSessionsIDShowsItsDayClientAndState() throws {
        let vault = try VaultCopy()
        let relative = "clients/maya-t/sessions/2025/2025-03-25-1500.md"
        let trials = try vault.read(relative).split(separator: "\n").filter { $0.hasPrefix("- 15:") }.count
        #expect(trials == 30)
        let shown = try Self.hover("notes/ids.md", "As in 2233C7FA-3A3A-5CD5-AB76-B88A5AFF6284.\n", line: 0, character: 8)
        #expect(shown == "**Tue Mar 25, 2025, 3:00 PM** · Maya T. · 30 trials · ended 3:18 PM · not signed  \n`\(relative)`")
    }

    @Test func anIDNoRecordHoldsAndADocumentsOwnIDShowNothing() throws {
        // No record has this id; the psilocybin session's own id line (index 1) is itself.
        #expect(try Self.hover("notes/ids.md", "00000000-0000-4000-8000-000000000000\n", line: 0, character: 3) == nil)
        #expect(try Self.hover("sessions/2025/2025-09-20-psilocybin.md", nil, line: 1, character: 10) == nil)
    }

    @Test func nothingUnderTheCursorIsNoHover() throws {
        #expect(try Self.hover("sessions/2024/2024-12-10-psilocybin.md", "---\ntreatment: lsd\n---\n\n", line: 3, character: 0) == nil)
    }
}
