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

    /// Random documents (any Unicode, any bytes read as UTF-8, long lines, lone CRs, front
    /// matter cut anywhere) opened and changed, each followed by a request of every kind at a
    /// random position, a frame that is not JSON, and a method no server has. Every request is
    /// answered by its id (a result or an error); the unknown method with "method not found"
    /// (-32601), the frame with a parse error (-32700, id null); the server is never silent.
    @Test func everyRequestOnRandomDocumentsIsAnsweredAndTheMalformedWithTheirError() throws {
        let vault = try VaultCopy(minimal: true)
        let server = ServerHarness(vaultRoot: vault.root)
        server.initialize(root: vault.root)
        var random = SeededRandom("everyRequestOnRandomDocumentsIsAnsweredAndTheMalformedWithTheirError")
        let methods = ["textDocument/completion", "textDocument/hover", "textDocument/documentSymbol", "textDocument/definition",
                       "textDocument/references", "textDocument/formatting", "textDocument/codeAction", "textDocument/prepareRename"]
        let rounds = 150
        var asked: [String: String] = [:]
        for round in 0..<rounds {
            let relative = ["sessions/2025/r.md", "clients/maya-t/sessions/2025/r.md", "moods/2025/r.md", "notes/r.md"].randomElement(using: &random)!
            let uri = JSON.string(vault.uri(relative))
            server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": .int(round), "text": .string(Self.randomDocument(&random))]])
            server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": .int(round + 1)],
                                                     "contentChanges": [["text": .string(Self.randomDocument(&random))]]])
            let position: JSON = ["line": .int(Int.random(in: -2..<60, using: &random)), "character": .int(Int.random(in: -2..<400, using: &random))]
            for method in methods {
                let id = "r\(round)-\(method)"
                asked[id] = method
                server.send(["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": [
                    "textDocument": ["uri": uri], "position": position, "range": ["start": position, "end": position],
                    "context": ["includeDeclaration": true, "diagnostics": []], "options": ["tabSize": 4, "insertSpaces": true],
                ]])
            }
            server.sendRaw(framed(Array("}{".utf8) + (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
            asked["u\(round)"] = "no/such/method"
            server.send(["jsonrpc": "2.0", "id": .string("u\(round)"), "method": "no/such/method"])
            server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        }
        var answered: [String: JSON] = [:]
        var parseErrors = 0
        while answered.count < asked.count, let message = server.nextMessage(timeout: 60) {
            guard message["method"] == nil else { continue }
            if let id = message["id"]?.string { answered[id] = message }
            if message["id"] == .null, message["error"]?["code"] == .int(-32700) { parseErrors += 1 }
        }
        // 150 rounds of 8 requests and one unknown method: 1,350 answers, one by id.
        #expect(asked.count == rounds * (methods.count + 1))
        #expect(Set(answered.keys) == Set(asked.keys), "unanswered: \(Set(asked.keys).subtracting(answered.keys).sorted().prefix(5))")
        for (id, message) in answered {
            #expect(message["result"] != nil || message["error"]?["code"]?.int != nil, "\(id): neither a result nor an error")
            if asked[id] == "no/such/method" { #expect(message["error"]?["code"] == .int(-32601)) }
        }
        // The parse errors come before the last unknown method's answer: all 150 are read.
        #expect(parseErrors == rounds)
        server.send(["jsonrpc": "2.0", "id": "last", "method": "shutdown"])
        #expect(server.response(to: "last", timeout: 60)?["result"] == .null)
    }

    /// A document as random as text gets: front matter cut anywhere, keys of every kind with
    /// random values, random Unicode scalars and random bytes read as UTF-8, lines up to 3,000
    /// characters, CR, CRLF and LF.
    static func randomDocument(_ random: inout SeededRandom) -> String {
        var text = Bool.random(using: &random) ? "---\n" : ""
        for _ in 0..<Int.random(in: 0..<25, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                text += ["type", "id", "date", "treatment", "client", "labels", "score", "tags", "end", "session"].randomElement(using: &random)! + ": "
            case 1:
                text += String(String.UnicodeScalarView((0..<Int.random(in: 0..<80, using: &random)).compactMap { _ in
                    Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random))
                }))
            case 2:
                text += String(decoding: (0..<Int.random(in: 0..<80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, as: UTF8.self)
            case 3:
                text += String(repeating: ["x", "[[", "- 15:02:23 a + ", "é", "🍄"].randomElement(using: &random)!, count: Int.random(in: 1..<600, using: &random))
            default:
                text += ["\n", "\r\n", "\r", "---\n", "## Trials\n", "\t"].randomElement(using: &random)!
            }
        }
        return text
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
