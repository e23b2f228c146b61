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

    @Test func aCheckInsLabelsAreOffered() throws {
        let text = "---\ntype: mood\nlabels: [\n---\n"
        #expect(Self.labels(try Self.items("moods/2025/new.md", text, line: 2, character: 9)) == MoodVocabulary.labels)
    }
}
