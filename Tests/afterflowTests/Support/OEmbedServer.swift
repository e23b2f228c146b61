import struct AfterflowKit.ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `oembed_server.py` on loopback: a stand-in for Spotify's, YouTube's, SoundCloud's and Tidal's
/// oEmbed endpoints that answers as each really does and records every request it gets.
final class OEmbedServer {
    let process: ChildProcess.Running
    let port: Int
    let logPath: String

    static let script = packageRoot + "/Tests/afterflowTests/Support/oembed_server.py"
    static let python = BrowserTests.onPath(["python3"])

    /// Starts it, logging to `logPath`, and waits for its port.
    init(logPath: String) throws {
        guard let python = OEmbedServer.python else { throw CLIError(description: "python3 is not on PATH") }
        self.logPath = logPath
        // It prints its port on a line of its own, into a file read until the line is whole.
        let printed = logPath + ".port"
        _ = FileManager.default.createFile(atPath: printed, contents: nil)
        guard let printing = FileHandle(forWritingAtPath: printed) else { throw CLIError(description: "cannot open \(printed)") }
        defer { try? printing.close() }
        process = try ChildProcess(python, [OEmbedServer.script, logPath], input: .null, output: .file(printing), error: .null).start()
        var line = Data()
        let deadline = Date().addingTimeInterval(20)
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline && process.isRunning {
            usleep(10_000)
            line = FileManager.default.contents(atPath: printed) ?? Data()
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first, let port = Int(text) else {
            process.send(SIGKILL)
            throw CLIError(description: "the oEmbed test server did not start")
        }
        self.port = port
    }

    /// `AFTERFLOW_OEMBED_BASE` for it.
    var base: String { "http://127.0.0.1:\(port)" }

    /// One request as the server saw it.
    struct Request {
        var path: String
        var provider: String?
        var link: String
        /// Header names lower-cased.
        var headers: [String: String]
    }

    /// Every request so far, in order.
    func requests() -> [Request] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(path: object["path"] as? String ?? "", provider: object["provider"] as? String,
                           link: object["link"] as? String ?? "", headers: object["headers"] as? [String: String] ?? [:])
        }
    }

    /// Stops it with SIGKILL: the test runner's threads block SIGTERM, and a child inherits that.
    func stop() {
        process.send(SIGKILL)
        _ = process.wait()
    }

    deinit { stop() }
}
