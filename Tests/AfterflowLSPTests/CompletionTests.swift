import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// textDocument/completion over the protocol, on a copy of ExampleVault.
struct CompletionTests {
    static let trials = "clients/maya-t/sessions/2025/2025-01-14-1500.md"

    /// The completion items at (`line`, `character`) of `text` opened at `relative`.
    static func items(_ relative: String, _ text: String, line: Int, character: Int) throws -> [JSON] {
        let vault = try VaultCopy()
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, relative, text)
        let answer = server.request("textDocument/completion", [
            "textDocument": ["uri": .string(vault.uri(relative))], "position": ["line": .int(line), "character": .int(character)],
        ])
        return answer?["result"]?["items"]?.array ?? []
    }

    static func labels(_ items: [JSON]) -> [String] { items.compactMap { $0["label"]?.string } }

    static let partialSession = "---\ntype: session\ntreatment: lsd\n\n---\n"

    @Test func keysOfTheKindNotYetPresentAreOffered() throws {
        let offered = Self.labels(try Self.items("sessions/2025/new.md", Self.partialSession, line: 3, character: 0))
        #expect(offered == SessionKey.order.filter { $0 != "type" && $0 != "treatment" })
    }

    @Test func aKeyComesWithWhatItMeans() throws {
        let dose = try Self.items("sessions/2025/new.md", Self.partialSession, line: 3, character: 0).first { $0["label"] == "dose" }
        #expect(dose?["documentation"]?["value"]?.string == Session.meaning(ofKey: "dose"))
    }

    @Test func treatmentsAreOfferedAfterTheirKey() throws {
        let text = "---\ntreatment: \n---\n"
        // The app's nine, then afterflow's common ones (the vault adds none of its own here).
        #expect(Self.labels(try Self.items("sessions/2025/new.md", text, line: 1, character: 11)) == [
            "psilocybin", "lsd", "dmt", "mdma", "ketamine", "ayahuasca", "mescaline", "cannabis", "other",
            "esketamine", "5-meo-dmt", "ibogaine", "psilocybin-truffles", "2c-b",
        ])
    }

    @Test func theVaultsOwnTreatmentsAreOfferedWithTheirNames() throws {
        let vault = try VaultCopy()
        let config = try String(contentsOfFile: vault.root + "/.afterflow/config.yml", encoding: .utf8)
        try vault.write(".afterflow/config.yml", config + "treatments: [ibogaine-hcl=Ibogaine HCl (oral)]\n")
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, "sessions/2025/new.md", "---\ntreatment: \n---\n")
        let answer = server.request("textDocument/completion", [
            "textDocument": ["uri": .string(vault.uri("sessions/2025/new.md"))], "position": ["line": .int(1), "character": .int(11)],
        ])
        let items = answer?["result"]?["items"]?.array ?? []
        // After the 14 afterflow knows, the vault's, with its display name.
        #expect(Self.labels(items).count == 15)
        let own = items.last
        #expect(own?["label"]?.string == "ibogaine-hcl")
        #expect(own?["documentation"]?["value"]?.string == "Ibogaine HCl (the app's CSV writes Other)")
    }

    @Test func moodScoresComeWithTheirWords() throws {
        let text = "---\nmood_before: \n---\n"
        let seven = try Self.items("sessions/2025/new.md", text, line: 1, character: 13).first { $0["label"] == "7" }
        #expect(seven?["documentation"]?["value"]?.string?.contains("Uplifted") == true)
    }

    @Test func tagsUsedInTheVaultAreOffered() throws {
        let text = "---\ntreatment: lsd\ntags: [\n---\n"
        #expect(Self.labels(try Self.items("sessions/2025/new.md", text, line: 2, character: 7)).contains("integration"))
    }

    @Test func aGoalsPhasesAreOffered() throws {
        let text = "---\ntype: goal\nphase: \n---\n"
        #expect(Self.labels(try Self.items("clients/maya-t/goals/new.md", text, line: 2, character: 7)) == GoalPhase.allCases.map(\.rawValue))
    }

    @Test func aGoalsClientIsOfferedByShortNameAndInsertsItsID() throws {
        let text = "---\ntype: goal\nclient: \n---\n"
        let maya = try Self.items("clients/maya-t/goals/new.md", text, line: 2, character: 8).first { $0["label"] == "maya-t" }
        #expect(maya?["insertText"] == "34AB4857-25A3-5531-8AE9-B66C4720C05A")
    }

    @Test func aTrialLineOffersTheClientsGoals() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.trials) + "- 15:16:00 "
        let lines = TextDocument(text: text, version: 0).lineCount
        #expect(Self.labels(try Self.items(Self.trials, text, line: lines - 1, character: 11)) == ["s-initial", "two-step"])
    }

    @Test func aTrialLineOffersTheVaultsCueLevelsAfterTheOutcome() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.trials) + "- 15:16:00 s-initial + "
        let lines = TextDocument(text: text, version: 0).lineCount
        #expect(Self.labels(try Self.items(Self.trials, text, line: lines - 1, character: 23)) == CueLevels.standard.names)
    }

    /// The server's clock: noon on Friday 2026-11-27 (UTC), 04:00 in Los Angeles, the harness's zone.
    static let friday = Date(timeIntervalSince1970: 1_795_780_800)

    static func nextSessionItem(_ relative: String, _ text: String, line: Int, character: Int, vault: VaultCopy) -> JSON? {
        let server = ServerHarness(vaultRoot: vault.root, now: friday)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, relative, text)
        let answer = server.request("textDocument/completion", [
            "textDocument": ["uri": .string(vault.uri(relative))], "position": ["line": .int(line), "character": .int(character)],
        ])
        return answer?["result"]?["items"]?.array?.first { $0["label"] == "next session" }
    }

    /// Maya's trial sessions in ExampleVault are weekly, on Tuesdays at 15:00; the latest two are
    /// 2025-03-18 and 2025-03-25 (7 days). From Friday 2026-11-27, the first Tuesday of that
    /// rhythm on or after it: 2025-03-25 is day 20172 since 1970, 2026-11-27 day 20784; 612 days
    /// later, 88 whole weeks (616 days) rounded up: day 20788, Tuesday 2026-12-01, 15:00 in
    /// Los Angeles (-08:00 in December).
    @Test func aTrialSessionsDateOffersTheNextSessionAtTheClientsRhythm() throws {
        let vault = try VaultCopy()
        let text = "---\ntype: trials\ndate: \n---\n"
        let item = Self.nextSessionItem("clients/maya-t/sessions/2026/new.md", text, line: 2, character: 6, vault: vault)
        #expect(item?["insertText"] == "2026-12-01T15:00:00-08:00")
        #expect(item?["documentation"]?["value"]?.string
            == "The next session at the rhythm of the last two: every 7 days after Tue Mar 25, 2025, so Tue Dec 1, 2026 at 3:00 PM.")
    }

    /// A journal session's date: the journal's two latest sessions, 2025-10-04 and 2025-10-18
    /// (14 days, the ketamine and LSD sessions). The LSD one is at 10:00 (its file's date).
    /// 2025-10-18 is day 20379; to day 20784 (2026-11-27) is 405 days, 29 fortnights (406)
    /// rounded up: day 20785, Saturday 2026-11-28.
    @Test func aJournalSessionsDateOffersTheNextSessionAtTheJournalsRhythm() throws {
        let vault = try VaultCopy()
        let lsd = try vault.read("sessions/2025/2025-10-18-lsd.md")
        let time = try #require(lsd.split(separator: "\n").first { $0.hasPrefix("date: ") }.map { String($0.dropFirst(6)) })
        let clock = String(time.dropFirst(11).prefix(8))
        let item = Self.nextSessionItem("sessions/2026/new.md", "---\ndate: \n---\n", line: 1, character: 6, vault: vault)
        let insert = try #require(item?["insertText"]?.string)
        #expect(insert.hasPrefix("2026-11-28T" + clock))
        #expect(item?["documentation"]?["value"]?.string?.contains("every 14 days after Sat Oct 18, 2025, so Sat Nov 28, 2026") == true)
    }

    @Test func aCheckInsLabelsAreOffered() throws {
        let text = "---\ntype: mood\nlabels: [\n---\n"
        #expect(Self.labels(try Self.items("moods/2025/new.md", text, line: 2, character: 9)) == MoodVocabulary.labels)
    }
}
