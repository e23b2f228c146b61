@testable import AfterflowKit
import Foundation
import Testing

/// `export trials csv` reads its clients for their values alone (`DocumentStore.load(_:checking:
/// false)`, `DocumentContent(valuesOf:)`, `TrialSession(document:checking: false)`): every value
/// is the one the checked reading gives, only the problems differ. Compared on every file of
/// ExampleVault, on sessions made to have a problem of each check left out, and on whole clients.
@Suite struct TrialCSVValuesTests {
    @Test("every ExampleVault file reads the same for its values as with its checks")
    func exampleVault() throws {
        let root = Fixtures.repository.appendingPathComponent("ExampleVault").path
        let paths = try #require(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".md") }.sorted()
        #expect(paths.count > 20)
        var differing: [String] = []
        for path in paths {
            let document = Document(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))))
            if !Self.sameValues(DocumentContent(document: document), DocumentContent(valuesOf: document)) { differing.append(path) }
        }
        #expect(differing == [])
    }

    @Test("a session with a problem of each check left out has the same values, without those problems")
    func checksLeftOut() {
        var random = SeededRandom("TrialCSVValuesTests.checksLeftOut")
        var fewer = 0
        for round in 0..<60 {
            let document = Document(Self.awkwardSession(&random, round: round))
            let checked = TrialSession(document: document)
            let values = TrialSession(document: document, checking: false)
            #expect(Self.sameValues(.trials(checked), .trials(values)), "round \(round)")
            // What is left out is problems, never one that reading the values met.
            #expect(values.diagnostics.allSatisfy { found in checked.diagnostics.contains { $0.location == found.location && $0.message == found.message } })
            if values.diagnostics.count < checked.diagnostics.count { fewer += 1 }
        }
        #expect(fewer > 30)
    }

    @Test("a client loaded for its values is the client loaded with its checks")
    func loadedClient() throws {
        let temp = try TemporaryVault()
        for (path, text) in TrialCSVStreamTests.files(clients: ["ana-b"], sessions: 6) { try temp.write(path, text) }
        var random = SeededRandom("TrialCSVValuesTests.loadedClient")
        for index in 0..<6 { try temp.write("clients/ana-b/sessions/2025/2025-02-0\(index + 1)-1500.md", Self.awkwardSession(&random, round: index)) }
        let store = DocumentStore(vault: try temp.vault)
        let checked = try store.load("ana-b"), values = try store.load("ana-b", checking: false)
        #expect(checked.sessions.count == 12 && values.sessions.count == 12)
        #expect(checked.goals.map(\.path) == values.goals.map(\.path))
        for (a, b) in zip(checked.sessions, values.sessions) {
            #expect(a.path == b.path && Self.sameValues(.trials(a.session), .trials(b.session)), "\(a.path)")
        }
    }

    /// Whether two readings hold the same values: a trial session's compared with its problems
    /// taken as equal, any other view whole.
    static func sameValues(_ a: DocumentContent, _ b: DocumentContent) -> Bool {
        guard case .trials(var checked) = a, case .trials(let values) = b else {
            return String(describing: a) == String(describing: b)
        }
        checked.diagnostics = values.diagnostics
        return String(describing: checked) == String(describing: values)
    }

    /// A trial session with, at random, a control character, lines after its end, a pause outside
    /// it, events out of order, a seal that does not match, an unclosed fence, and good lines.
    static func awkwardSession(_ random: inout SeededRandom, round: Int) -> String {
        var lines = ["---", "type: trials", "id: \(UUID().uuidString)", "date: 2025-02-0\(1 + round % 9)T15:00:00", "end: 2025-02-0\(1 + round % 9)T15:30:00"]
        if Bool.random(using: &random) { lines.append("pauses: [\(["15:10-15:12", "16:10-16:20", "14:00-14:05"].randomElement(using: &random)!)]") }
        if Bool.random(using: &random) {
            lines += ["signed: 2025-02-10T10:00:00-08:00", "signed_by: J. Doe", "signed_hash: sha256:" + String(repeating: "0", count: 64)]
        }
        lines += ["---", "", "## Trials", ""]
        let candidates = [
            "- 15:01:00 s-initial + independent", "- 15:02:00 two-step - minimal  said /th/", "- 15:45:00 s-initial + moderate  after the end",
            "- 15:03:00 hitting count", "- 15:05:00 crying start", "- 15:04:00 crying stop", "- 15:06:00 s-initial + minimal  a\u{7}bell",
            "- 15:07 two-step + independent", "- 25:00:00 s-initial + independent", "a line of text", "- 15:08:00 hitting interval 1 +",
        ]
        for _ in 0..<Int.random(in: 1...12, using: &random) { lines.append(candidates.randomElement(using: &random)!) }
        lines += ["", "## Notes", "", ["Calm session.", "A \u{1B}[31m colour", "```", "- 15:09:00 s-initial + independent"].randomElement(using: &random)!]
        return lines.joined(separator: "\n") + "\n"
    }
}
