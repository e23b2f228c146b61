@testable import AfterflowLSP
import Foundation
import Testing

/// Thousands of malformed and random messages (seeded), then a request: the server still answers.
struct HostileInputTests {
    @Test func theServerStillAnswersAfterThreeThousandHostileMessages() throws {
        let vault = try VaultCopy(minimal: true)
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        var random = SeededRandom("theServerStillAnswersAfterThreeThousandHostileMessages")
        for _ in 0..<3000 {
            server.sendRaw(HostileInputTests.hostileBytes(&random, vault: vault))
        }
        // An id no hostile message used (theirs are numbers or random text).
        server.send(["jsonrpc": "2.0", "id": "after the storm", "method": "shutdown"])
        #expect(server.response(to: "after the storm", timeout: 120)?["result"] == .null)
    }

    /// One hostile message: framed garbage, JSON of the wrong shape, a known method with wrong
    /// or random parameters, header noise.
    static func hostileBytes(_ random: inout SeededRandom, vault: VaultCopy) -> [UInt8] {
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            return framed((0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 1:
            return Array("X-Noise: \(Int.random(in: 0..<1000, using: &random))\r\n\r\n".utf8)
        case 2:
            let depth = Int.random(in: 1..<300, using: &random)
            return framed(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        case 3:
            return framed(randomValue(&random, depth: 0).serialized)
        default:
            return framed(randomMessage(&random, vault: vault).serialized)
        }
    }

    static let methods = [
        "initialize", "initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
        "textDocument/didSave", "textDocument/completion", "textDocument/hover", "workspace/didChangeWatchedFiles",
        "$/cancelRequest", "$/setTrace", "no/such", "",
    ]

    static func randomMessage(_ random: inout SeededRandom, vault: VaultCopy) -> JSON {
        var message: [String: JSON] = ["jsonrpc": Bool.random(using: &random) ? "2.0" : randomValue(&random, depth: 2)]
        message["method"] = Int.random(in: 0..<10, using: &random) == 0 ? randomValue(&random, depth: 2) : .string(methods.randomElement(using: &random)!)
        if Bool.random(using: &random) { message["id"] = Bool.random(using: &random) ? .int(Int.random(in: 0..<50, using: &random)) : randomValue(&random, depth: 2) }
        let uri: JSON = Bool.random(using: &random)
            ? .string(vault.uri(["sessions/2025/x.md", "clients/maya-t/goals/a.md", "../outside.md", "a b.txt"].randomElement(using: &random)!))
            : randomValue(&random, depth: 1)
        let position: JSON = ["line": .int(Int.random(in: -3..<40, using: &random)), "character": .int(Int.random(in: -3..<300, using: &random))]
        message["params"] = Bool.random(using: &random) ? randomValue(&random, depth: 1) : [
            "textDocument": ["uri": uri, "version": .int(Int.random(in: 0..<9, using: &random)), "text": .string(randomText(&random))],
            "position": position,
            "contentChanges": [["range": ["start": position, "end": position], "text": .string(randomText(&random))], ["text": randomValue(&random, depth: 2)]],
            "id": randomValue(&random, depth: 2),
        ]
        return .object(message)
    }

    static func randomText(_ random: inout SeededRandom) -> String {
        let pieces = ["---\n", "id: ", "date: 2025-02-30\n", "treatment: 🍄\n", "mood_before: 11\n", "日本語", "\r\n", "\u{0}", "- [x] goal +\n", "## Reflections\n", "💥", "\u{FEFF}", ": [", "\r"]
        return (0..<Int.random(in: 0..<30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func randomValue(_ random: inout SeededRandom, depth: Int) -> JSON {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &random))
        case 3: return .double(Double.random(in: -1e300...1e300, using: &random))
        case 4: return .string(randomText(&random))
        case 5: return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object(Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0..<4, using: &random)).map { i in
                (["id", "uri", "text", "line", "x\(i)"][i], randomValue(&random, depth: depth + 1))
            }))
        }
    }
}
