import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `afterflow serve` running on a vault for a test: started with the sandbox's environment, its
/// address (with the token) read from what it prints; `stop()` ends it with SIGTERM.
final class ServedVault {
    let process: Process
    let url: String
    let token: String
    let port: Int
    let output: String
    let scheme: String

    /// The Python scripts the serve tests run (`Support/serve/`).
    static let scripts = packageRoot + "/Tests/afterflowTests/Support/serve"

    /// A program the server runs under (`strace -f -o LOG`), if any.
    let wrapper: [String]

    init(_ sandbox: Sandbox, vault: String, arguments: [String] = [], port: Int = 0, wrapper: [String] = []) throws {
        self.wrapper = wrapper
        guard let binary = afterflowBinary else { throw CLIError(description: "no afterflow binary; set AFTERFLOW_BIN") }
        output = sandbox.path(".io/serve-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper.first ?? binary)
        process.arguments = (wrapper.isEmpty ? [] : Array(wrapper.dropFirst()) + [binary])
            + ["serve", "--vault", vault, "--port", String(port)] + arguments
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
            "NO_COLOR": "1", "TZ": "UTC", "TERM": "dumb", "LANG": "C.UTF-8",
        ]
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: output)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        var found: String?
        while found == nil {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            // The last line of the start-up, after the address and its QR code.
            if text.contains("The token is new at each start") {
                found = text.split(separator: "\n").first(where: { $0.hasPrefix("Open: ") }).map { String($0.dropFirst(6)) }
            }
            if found != nil { break }
            if !process.isRunning || Date() > deadline {
                process.terminate()
                throw CLIError(description: "afterflow serve did not print its address:\n\(text)")
            }
            usleep(20_000)
        }
        url = found!
        guard let parts = URLComponents(string: url), let token = parts.queryItems?.first(where: { $0.name == "token" })?.value,
              let port = parts.port else { throw CLIError(description: "cannot read the address \(url)") }
        scheme = parts.scheme ?? "http"
        self.token = token
        self.port = port
    }

    /// The server's address without the path: `http://127.0.0.1:PORT`.
    var base: String { "http://127.0.0.1:\(port)" }

    var printed: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    /// Ends the server with SIGTERM and waits for it; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            // Under a wrapper, the server is its child: ended first, the wrapper follows.
            let pid = process.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in wrapper.isEmpty ? [] : children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGTERM) }
            if wrapper.isEmpty { kill(pid, SIGTERM) }
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Runs `python3 Support/serve/NAME arguments…`; its status and what it printed.
    static func python(_ name: String, _ arguments: [String], timeout: TimeInterval = 300) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scripts + "/" + name] + arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("serve-py-\(UUID().uuidString).out").path
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: out) }
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: out)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { process.terminate() }
            usleep(20_000)
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }
}
