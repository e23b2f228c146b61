import Foundation
import struct AfterflowKit.ChildProcess
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds an `flock` on `path` from this test process, as another afterflow process would, until
/// `body` returns.
func holdingLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
    let fd = open(path, O_RDWR | O_CREAT, 0o600)
    guard fd >= 0 else { throw CLIError(description: "cannot open \(path)") }
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw CLIError(description: "cannot lock \(path)") }
    defer { flock(fd, LOCK_UN) }
    return try body()
}

extension Sandbox {
    /// A vault with one session that needs reflection (2024-12-10 14:30, psilocybin); returns its
    /// vault-relative path and id.
    func vaultWithSession(remind: String = "none", timeZone: String = "America/Los_Angeles") throws -> (path: String, id: String) {
        _ = try initVault("vault", timeZone: timeZone)
        let made = try run(["new", "--date", "2024-12-10 14:30", "--treatment", "psilocybin", "--mood-before", "5",
                            "--intention", "A private intention.", "--remind", remind, "--format", "json"], directory: "vault")
        guard made.status == 0, let object = made.json as? [String: Any],
              let path = object["path"] as? String, let id = object["id"] as? String else {
            throw CLIError(description: "new failed: \(made)")
        }
        return (path, id)
    }

    /// The queue folder of the sandbox's user.
    var queueFolder: String { home + "/.local/state/afterflow/queue" }

    /// The queued reflections' files, in order.
    func queuedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: queueFolder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// The `[YYYY-MM-DD HH:MM] text` entries of a session file's Reflections section, in order.
func reflectionEntries(_ text: String) -> [String] {
    guard let range = text.range(of: "\n## Reflections\n") else { return [] }
    return text[range.upperBound...].components(separatedBy: "\n").filter { $0.hasPrefix("[") }
}

extension Sandbox {
    /// Runs `afterflow` on a pseudo-terminal (with util-linux `script`), typing `input`; returns
    /// the exit status and everything shown. Nil when `script` is not installed.
    func runOnTerminal(_ arguments: [String], input: String, directory: String) throws -> (status: Int32, output: String)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let binary = afterflowBinary else { return nil }
        let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let inputPath = root + "/.io/" + UUID().uuidString + ".tty-in"
        let outputPath = inputPath + ".out"
        try write(inputPath, input)
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        guard let input = FileHandle(forReadingAtPath: inputPath), let output = FileHandle(forWritingAtPath: outputPath) else {
            throw CLIError(description: "cannot open \(inputPath) or \(outputPath)")
        }
        defer { try? input.close(); try? output.close() }
        let running = try ChildProcess("/usr/bin/script", ["-qec", quoted, "/dev/null"], environment: [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
            "NO_COLOR": "1", "TERM": "dumb", "TZ": "UTC",
        ], directory: path(directory), input: .file(input), output: .file(output), error: .null).start()
        guard let ended = running.wait(seconds: 120) else {
            kill(-running.processIdentifier, SIGKILL)
            throw CLIError(description: "afterflow \(arguments.joined(separator: " ")) on a terminal did not end within 120 seconds")
        }
        return (ended.status, try readText(outputPath))
    }
}
