@testable import AfterflowKit
import Foundation
import Testing

/// One fixture per problem a client, goal or trial session file can have on its own:
/// `Fixtures/kind-diagnostics/NAME.md` and the exact problems it must produce, one
/// `line:col: severity: message` a line, in `NAME.expected` (record them with AFTERFLOW_RECORD=1,
/// then read them through with git diff). The file's name starts with the kind it is read as.
@Suite struct KindDiagnosticFixtureTests {
    static let names = Fixtures.names(in: "kind-diagnostics").map { String($0.dropLast(3)) }

    @Test func everyKindHasFixtures() {
        for kind in ["client-", "goal-", "trials-", "mood-", "assessment-"] {
            #expect(Self.names.filter { $0.hasPrefix(kind) }.count >= 5, "\(kind)")
        }
    }

    @Test(arguments: names)
    func producesExactlyTheExpectedProblems(_ name: String) throws {
        // In one of afterflow's folders: elsewhere a file whose type afterflow does not know
        // (unknown-type) is another tool's note, with no problems.
        let path = "sessions/\(name).md"
        let entry = VaultEntry(path: path, bytes: Fixtures.bytes("kind-diagnostics", "\(name).md"))
        let actual = entry.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        #expect(!actual.isEmpty)
        #expect(entry.diagnostics.allSatisfy { $0.path == path })
        if ProcessInfo.processInfo.environment["AFTERFLOW_RECORD"] == "1" {
            let url = Fixtures.repository.appendingPathComponent("Tests/AfterflowKitTests/Fixtures/kind-diagnostics/\(name).expected")
            try Data(actual.map { $0 + "\n" }.joined().utf8).write(to: url)
            Issue.record("recorded \(name).expected; read it through, then run the tests without AFTERFLOW_RECORD")
            return
        }
        let expected = Fixtures.text("kind-diagnostics", "\(name).expected").split(separator: "\n").map(String.init)
        #expect(actual == expected)
    }

    @Test(arguments: names)
    func isReadAsTheKindItsNameSays(_ name: String) {
        let entry = VaultEntry(path: "\(name).md", bytes: Fixtures.bytes("kind-diagnostics", "\(name).md"))
        let kind = name.split(separator: "-").first.map(String.init)
        #expect(entry.kind == DocumentKind(rawValue: kind ?? "") || (name == "unknown-type" && entry.kind == nil))
    }

    @Test(arguments: names)
    func aFileWithProblemsStillRoundTrips(_ name: String) {
        let bytes = Fixtures.bytes("kind-diagnostics", "\(name).md")
        #expect(Document(bytes: bytes).bytes == bytes)
    }
}
