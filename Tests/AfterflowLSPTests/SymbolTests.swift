import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// textDocument/documentSymbol: the sections, and a trial session's goals with counts.
struct SymbolTests {
    static func symbols(_ relative: String) throws -> [JSON] {
        let vault = try VaultCopy()
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        DiagnosticsTests.open(server, vault, relative, try vault.read(relative))
        return server.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(vault.uri(relative))]])?["result"]?.array ?? []
    }

    @Test func aSessionsSymbolsAreItsHeadings() throws {
        let names = try Self.symbols("sessions/2024/2024-12-10-psilocybin.md").compactMap { $0["name"]?.string }
        #expect(names == ["Psilocybin • Dec 10, 2024", "Intention", "Environment", "Music", "Reflections"])
    }

    @Test func aTrialSessionsGoalsComeWithTheirCounts() throws {
        let relative = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
        let text = try VaultCopy().read(relative)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("- ") && $0.contains(" s-initial ") }
        let successes = lines.filter { $0.contains(" + ") }.count
        let goal = try Self.symbols(relative).first { $0["name"] == "s-initial" }
        #expect(goal?["detail"]?.string == "\(lines.count) trials, \(successes) +")
    }
}
