import struct AfterflowKit.ChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `afterflow serve` running on a vault for a test: started with the sandbox's environment, its
/// address (with the token) read from what it prints; `stop()` ends it with SIGTERM.
final class ServedVault {
    let process: ChildProcess.Running
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
        guard let printing = FileHandle(forWritingAtPath: output) else { throw CLIError(description: "cannot open \(output)") }
        defer { try? printing.close() }
        let process = try ChildProcess(wrapper.first ?? binary, (wrapper.isEmpty ? [] : Array(wrapper.dropFirst()) + [binary])
            + ["serve", "--vault", vault, "--port", String(port)] + arguments, environment: [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
            "NO_COLOR": "1", "TZ": "UTC", "TERM": "dumb", "LANG": "C.UTF-8",
        ], input: .null, output: .file(printing), error: .file(printing)).start()
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
            process.send(SIGKILL)
        }
        return process.wait().status
    }

    deinit { process.send(SIGKILL) }

    /// Runs `python3 Support/serve/NAME arguments…`; its status and what it printed.
    static func python(_ name: String, _ arguments: [String], timeout: TimeInterval = 300) throws -> (status: Int32, output: String) {
        let ran = try TestProgram.run("/usr/bin/env", ["python3", scripts + "/" + name] + arguments, mergingErrors: true, timeout: timeout)
        return (ran.status, ran.text + (ran.timedOut ? "\n(killed after \(Int(timeout)) seconds)" : ""))
    }
}
