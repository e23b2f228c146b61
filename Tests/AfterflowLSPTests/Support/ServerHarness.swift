import AfterflowKit
@testable import AfterflowLSP
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `LanguageServer` running on a thread of its own, spoken to over two pipes as an editor
/// speaks to `afterflow lsp` over its standard input and output.
final class ServerHarness: @unchecked Sendable {
    private let toServer: (read: Int32, write: Int32)
    private let fromServer: (read: Int32, write: Int32)
    private let received = MessageBox()
    private let exitStatus = ExitBox()
    private var nextID = 1
    /// The notifications read while waiting for responses, oldest first.
    private(set) var notifications: [JSON] = []

    /// A server for the vault at `vaultRoot` (none: every search for a vault fails), its clock
    /// stopped at `now` when given.
    init(vaultRoot: String? = nil, now: Date? = nil) {
        toServer = ServerHarness.makePipe()
        fromServer = ServerHarness.makePipe()
        let input = toServer.read
        let output = fromServer.write
        let status = exitStatus
        let thread = Thread {
            let server = LanguageServer(timeZone: TimeZone(identifier: "America/Los_Angeles")!) { _ in
                guard let vaultRoot else { throw VaultError(.notFound, "no vault in this test") }
                return try Vault(root: vaultRoot)
            }
            if let now { server.now = { now } }
            status.set(server.run(input: input, output: output))
            close(output)
            close(input)
        }
        thread.stackSize = 8 << 20
        thread.start()
        // Read everything the server writes as it comes, so that it never waits on a full pipe.
        let source = fromServer.read
        let box = received
        Thread {
            var frames = FrameReader()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                frames.append(chunk[0..<count])
                while let frame = frames.next() {
                    if case .message(let body) = frame { box.put(JSON.parse(body) ?? .null) }
                }
            }
            box.end()
            close(source)
        }.start()
    }

    deinit {
        if !closedInput { close(toServer.write) }
    }

    private static func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        // Close-on-exec: a program another test starts meanwhile must not inherit an end of these
        // pipes and keep them open (a reader here would then never see their end).
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    // MARK: Sending

    /// Writes raw bytes, as one write.
    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toServer.write, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    func send(_ message: JSON) { sendRaw(framed(message.serialized)) }

    func notify(_ method: String, _ params: JSON = [:]) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and returns its id (without waiting).
    @discardableResult
    func sendRequest(_ method: String, _ params: JSON = [:]) -> JSON {
        let id = JSON.int(nextID)
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        return id
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSON = [:]) -> JSON? {
        response(to: sendRequest(method, params))
    }

    /// `initialize` and `initialized`, with the vault's folder as the workspace when there is one.
    @discardableResult
    func initialize(root: String? = nil) -> JSON? {
        let params: JSON = root.map { ["processId": .null, "rootUri": .string(URL(fileURLWithPath: $0).absoluteString), "capabilities": [:]] }
            ?? ["processId": .null, "rootUri": .null, "capabilities": [:]]
        let answer = request("initialize", params)
        notify("initialized")
        return answer
    }

    // MARK: Receiving

    /// The next message the server sends, or nil when none comes within `timeout` seconds or
    /// the server closed its output.
    func nextMessage(timeout: Double = 10) -> JSON? { received.take(timeout: timeout) }

    /// The response with `id`, keeping the notifications read on the way.
    func response(to id: JSON, timeout: Double = 10) -> JSON? {
        while let message = nextMessage(timeout: timeout) {
            if message["id"] == id && message["method"] == nil { return message }
            if message["method"] != nil { notifications.append(message) }
        }
        return nil
    }

    /// The next `textDocument/publishDiagnostics` for `uri` (among those already read first).
    func diagnostics(for uri: String, timeout: Double = 10) -> [JSON]? {
        if let index = notifications.firstIndex(where: { ServerHarness.isDiagnostics($0, uri) }) {
            return notifications.remove(at: index)["params"]?["diagnostics"]?.array
        }
        while let message = nextMessage(timeout: timeout) {
            if ServerHarness.isDiagnostics(message, uri) { return message["params"]?["diagnostics"]?.array }
            if message["method"] != nil { notifications.append(message) }
        }
        return nil
    }

    private static func isDiagnostics(_ message: JSON, _ uri: String) -> Bool {
        message["method"]?.string == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.string == uri
    }

    // MARK: Ending

    /// Closes the server's input.
    func closeInput() { close(toServer.write) ; closedInput = true }
    private var closedInput = false

    /// The server's exit status, waiting up to `timeout` seconds for it to return.
    func exitCode(timeout: Double = 10) -> Int32? { exitStatus.wait(timeout: timeout) }
}

/// The messages the server sent, handed from the thread reading them to the test's.
final class MessageBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [JSON] = []
    private var ended = false

    func put(_ message: JSON) {
        condition.lock()
        messages.append(message)
        condition.broadcast()
        condition.unlock()
    }

    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    func take(timeout: Double) -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty, !ended, condition.wait(until: deadline) {}
        return messages.isEmpty ? nil : messages.removeFirst()
    }
}

/// The status `run` returned, handed from the server's thread to the test's.
final class ExitBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var status: Int32?

    func set(_ value: Int32) {
        condition.lock()
        status = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while status == nil, condition.wait(until: deadline) {}
        return status
    }
}

/// The repository's root: this file is `Tests/AfterflowLSPTests/Support/ServerHarness.swift`.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()

/// A copy of the repository's ExampleVault in a temporary folder, removed when done with.
final class VaultCopy {
    let root: String

    /// A copy of ExampleVault; when `minimal`, of its settings and one client's folder only (for
    /// tests that check thousands of texts).
    init(minimal: Bool = false) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-lsp-\(UUID().uuidString)").path
        let manager = FileManager.default
        if minimal {
            try manager.createDirectory(atPath: root + "/clients", withIntermediateDirectories: true)
            try manager.copyItem(atPath: packageRoot + "/ExampleVault/.afterflow", toPath: root + "/.afterflow")
            try manager.copyItem(atPath: packageRoot + "/ExampleVault/clients/maya-t", toPath: root + "/clients/maya-t")
        } else {
            try manager.copyItem(atPath: packageRoot + "/ExampleVault", toPath: root)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func uri(_ relative: String) -> String { URL(fileURLWithPath: root + "/" + relative).absoluteString }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: root + "/" + relative, encoding: .utf8) }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
