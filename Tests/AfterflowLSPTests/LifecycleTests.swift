@testable import AfterflowLSP
import Testing

/// The server's lifecycle and errors, spoken to over pipes.
struct LifecycleTests {
    @Test func initializeAnswersWithUTF16AndIncrementalSync() {
        let server = ServerHarness()
        let capabilities = server.initialize()?["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16" && capabilities?["textDocumentSync"]?["change"] == 2)
    }

    @Test func aRequestBeforeInitializeIsServerNotInitialized() {
        let server = ServerHarness()
        #expect(server.request("textDocument/hover")?["error"]?["code"] == .int(-32002))
    }

    @Test func anUnknownMethodIsMethodNotFound() {
        let server = ServerHarness()
        server.initialize()
        #expect(server.request("afterflow/noSuchThing")?["error"]?["code"] == .int(-32601))
    }

    @Test func malformedJSONIsAParseErrorWithANullID() {
        let server = ServerHarness()
        server.sendRaw(framed(Array("{\"jsonrpc\": \"2.0\", \"id\": 1, ".utf8)))
        let answer = server.nextMessage()
        #expect(answer?["error"]?["code"] == .int(-32700) && answer?["id"] == .null)
    }

    @Test func aMessageWithoutMethodIsAnInvalidRequest() {
        let server = ServerHarness()
        server.send(["jsonrpc": "2.0", "id": 7])
        #expect(server.response(to: 7)?["error"]?["code"] == .int(-32600))
    }

    @Test func initializeTwiceIsAnInvalidRequest() {
        let server = ServerHarness()
        server.initialize()
        #expect(server.request("initialize", ["capabilities": [:]])?["error"]?["code"] == .int(-32600))
    }

    @Test func aRequestCancelledBeforeItIsHandledAnswersRequestCancelled() {
        let server = ServerHarness()
        server.initialize()
        // The request and its cancellation in one write: the server reads both before answering.
        let request: JSON = ["jsonrpc": "2.0", "id": 41, "method": "shutdown"]
        let cancel: JSON = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 41]]
        server.sendRaw(framed(request.serialized) + framed(cancel.serialized))
        #expect(server.response(to: 41)?["error"]?["code"] == .int(-32800))
    }

    @Test func aRequestAfterShutdownIsAnInvalidRequest() {
        let server = ServerHarness()
        server.initialize()
        _ = server.request("shutdown")
        #expect(server.request("textDocument/hover")?["error"]?["code"] == .int(-32600))
    }

    @Test func shutdownThenExitEndsWithStatusZero() {
        let server = ServerHarness()
        server.initialize()
        _ = server.request("shutdown")
        server.notify("exit")
        #expect(server.exitCode() == 0)
    }

    @Test func exitWithoutShutdownEndsWithStatusOne() {
        let server = ServerHarness()
        server.initialize()
        server.notify("exit")
        #expect(server.exitCode() == 1)
    }

    @Test func theEndOfInputEndsTheServer() {
        let server = ServerHarness()
        server.initialize()
        server.closeInput()
        #expect(server.exitCode() == 1)
    }

    @Test func aBadHeaderIsSkippedAndTheNextRequestAnswered() {
        let server = ServerHarness()
        server.sendRaw(Array("Content-Length: many\r\n\r\n".utf8))
        #expect(server.request("initialize", ["capabilities": [:]])?["result"]?["capabilities"] != nil)
    }
}

/// JSON as the server reads it.
struct JSONReadingTests {
    @Test func booleansNumbersAndTextKeepTheirTypes() {
        let parsed = JSON.parse(Array("[true, 0, 1.5, \"1\", null, {\"a\": false}, 18446744073709551615]".utf8))
        #expect(parsed == [true, 0, .double(1.5), "1", nil, ["a": false], .double(18446744073709551615)])
    }

    @Test func nestingDeeperThanReadIsNotJSONRatherThanAStall() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSON.parse(Array(deep.utf8)) == nil)
    }
}
