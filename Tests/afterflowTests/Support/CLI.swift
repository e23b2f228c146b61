import struct AfterflowKit.ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif


// MARK: - Locating the binary

/// The package's root folder: this file is `Tests/afterflowTests/Support/CLI.swift`.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()

/// The sample vault in the repository (never written to: tests copy it first).
let exampleVault = packageRoot + "/ExampleVault"

/// The `afterflow` executable built next to the running test bundle.
///
/// `swift test` runs `<scratch>/<triple>/debug/<Package>PackageTests.xctest` (an executable on
/// Linux, a bundle on macOS), and the `afterflow` product sits in the same products folder,
/// whatever `--scratch-path` was. `AFTERFLOW_BIN` is the fallback, for running against another
/// build.
let afterflowBinary: String? = {
    var starts: [String] = []
    if let path = Bundle.main.executablePath { starts.append(path) }
    starts.append(Bundle.main.bundlePath)
    if let first = CommandLine.arguments.first, !first.isEmpty {
        starts.append(first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first)
    }
    starts += Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
    for start in starts {
        // Resolve symbolic links (`.build/debug` is one), then look in the folder and a few above
        // it (a macOS bundle keeps its executable in `X.xctest/Contents/MacOS/`).
        var directory = URL(fileURLWithPath: start).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("afterflow").path
            if isExecutableFile(candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
    }
    if let fromEnvironment = ProcessInfo.processInfo.environment["AFTERFLOW_BIN"], isExecutableFile(fromEnvironment) {
        return fromEnvironment
    }
    return nil
}()

func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
}

// MARK: - Running it

/// What one run of the binary did.
struct RunResult: Sendable, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var stdoutData: Data
    var stderrData: Data
    var timedOut: Bool

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    var stdoutLines: [String] { lines(stdout) }
    var stderrLines: [String] { lines(stderr) }

    private func lines(_ text: String) -> [String] {
        var parts = text.components(separatedBy: "\n")
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Standard output parsed as JSON (nil when it is not JSON).
    var json: Any? { try? JSONSerialization.jsonObject(with: stdoutData, options: [.fragmentsAllowed]) }

    var description: String {
        "afterflow \(arguments.joined(separator: " ")) → exit \(status)\(timedOut ? " (timed out)" : "")\n"
            + "--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
}

/// A temporary folder for one test: `HOME` for the binary, and room for vaults. `remove()` deletes
/// it; `withSandbox` does that for you.
struct Sandbox: Sendable {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        root = base + "/afterflow-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.io", withIntermediateDirectories: true)
    }

    var home: String { root + "/home" }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The absolute path of `relative` inside the sandbox.
    func path(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : root + "/" + relative
    }

    /// Runs `afterflow` with `arguments`.
    ///
    /// The environment is small and fixed: `PATH`, `HOME` (the sandbox), `NO_COLOR=1`, `TZ=UTC`,
    /// `TERM=dumb`; `AFTERFLOW_VAULT`, `VISUAL` and `EDITOR` are unset unless given in
    /// `environment` (a nil value removes a variable). `directory` is relative to the sandbox.
    @discardableResult
    func run(_ arguments: [String], directory: String? = nil, environment: [String: String?] = [:],
             stdin: Data? = nil, timeout: TimeInterval = 60) throws -> RunResult {
        try start(arguments, directory: directory, environment: environment, stdin: stdin).finish(timeout: timeout)
    }

    /// Starts every run before waiting for any, so that they run at the same time; the results
    /// come back in the order of `runs`.
    func runAll(_ runs: [[String]], directory: String? = nil, environment: [String: String?] = [:],
                timeout: TimeInterval = 180) throws -> [RunResult] {
        let started = try runs.map { try start($0, directory: directory, environment: environment, stdin: nil) }
        return started.map { $0.finish(timeout: timeout) }
    }

    /// A run of the binary that has started.
    struct Running {
        var arguments: [String]
        var process: ChildProcess.Running
        var files: (out: FileHandle, err: FileHandle, input: FileHandle)
        var paths: [String]

        /// Waits for the process (killing it after `timeout` seconds) and collects what it wrote.
        func finish(timeout: TimeInterval) -> RunResult {
            // A wait with an end, so that a hung run (an editor waiting for a terminal) fails
            // the test instead of the whole suite.
            var timedOut = false
            var ended = process.wait(seconds: timeout)
            if ended == nil {
                timedOut = true
                process.terminate()
                ended = process.wait(seconds: 10)
                if ended == nil {
                    process.send(SIGKILL)
                    ended = process.wait()
                }
            }
            try? files.out.close()
            try? files.err.close()
            try? files.input.close()
            defer {
                for path in paths { try? FileManager.default.removeItem(atPath: path) }
            }
            return RunResult(
                arguments: arguments, status: ended?.status ?? -1,
                stdoutData: FileManager.default.contents(atPath: paths[0]) ?? Data(),
                stderrData: FileManager.default.contents(atPath: paths[1]) ?? Data(),
                timedOut: timedOut)
        }
    }

    func start(_ arguments: [String], directory: String?, environment: [String: String?], stdin: Data?) throws -> Running {
        guard let binary = afterflowBinary else {
            throw CLIError(description: "cannot find the afterflow binary next to the test bundle; set AFTERFLOW_BIN")
        }
        var env: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "NO_COLOR": "1",
            "TZ": "UTC",
            "TERM": "dumb",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { env[key] = value }

        let io = root + "/.io/" + UUID().uuidString
        let outPath = io + ".out", errPath = io + ".err", inPath = io + ".in"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: stdin ?? Data())
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath),
              let input = FileHandle(forReadingAtPath: inPath) else {
            throw CLIError(description: "cannot open the files for the binary's standard streams in \(root)/.io")
        }

        let process = try ChildProcess(binary, arguments, environment: env, directory: path(directory ?? "."),
                                       input: .file(input), output: .file(out), error: .file(err)).start()
        return Running(arguments: arguments, process: process, files: (out, err, input), paths: [outPath, errPath, inPath])
    }

    // MARK: Vaults

    /// Makes a vault with `afterflow init NAME --no-git --time-zone ZONE` and returns its absolute path.
    func initVault(_ name: String = "vault", timeZone: String = "America/Los_Angeles") throws -> String {
        let result = try run(["init", name, "--no-git", "--time-zone", timeZone])
        guard result.status == 0 else { throw CLIError(description: "init failed: \(result)") }
        return path(name)
    }

    /// Copies the repository's ExampleVault into the sandbox and returns the copy's absolute path.
    func copyExampleVault(_ name: String = "example") throws -> String {
        let destination = path(name)
        try FileManager.default.copyItem(atPath: exampleVault, toPath: destination)
        // As the repository holds it: without the tool's state that git does not keep (an index
        // that `make demo` brought up to date would answer a test's changed files from before
        // the change).
        for state in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "lock", "disclosures.log"] {
            try? FileManager.default.removeItem(atPath: destination + "/.afterflow/" + state)
        }
        return destination
    }

    // MARK: Files

    func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: self.path(path)) else {
            throw CLIError(description: "cannot read \(self.path(path))")
        }
        return data
    }

    func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: self.path(path))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: self.path(path))
    }

    /// Permission bits (`0o600`), from stat(2).
    func mode(_ path: String) throws -> Int {
        var info = stat()
        guard stat(self.path(path), &info) == 0 else { throw CLIError(description: "cannot stat \(self.path(path))") }
        return Int(info.st_mode & 0o7777)
    }

    /// Regular files under `folder`, relative to it, sorted.
    func files(under folder: String) -> [String] {
        let base = path(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let next = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }

    /// Writes an executable shell script (for `EDITOR`) and returns its absolute path.
    func script(_ name: String, _ body: String) throws -> String {
        let file = path(name)
        try write(file, "#!/bin/sh\n" + body + "\n")
        guard chmod(file, 0o755) == 0 else { throw CLIError(description: "cannot chmod \(file)") }
        return file
    }
}

/// Runs `body` with a fresh sandbox and removes it afterwards, whatever happens.
func withSandbox<T>(_ body: (Sandbox) throws -> T) throws -> T {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    return try body(sandbox)
}

// MARK: - Reading session files

/// The lines between the opening and closing `---` of a session file.
func frontMatterLines(_ text: String) -> [String] {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else { return [] }
    return Array(lines[1..<close])
}

/// The keys of the front matter in file order (top-level `key:` lines only).
func frontMatterKeys(_ text: String) -> [String] {
    frontMatterLines(text).compactMap { line in
        guard let first = line.first, first != " ", first != "#", first != "-", let colon = line.firstIndex(of: ":") else { return nil }
        return String(line[..<colon])
    }
}

/// The value written after `key: ` in the front matter, as text.
func frontMatterValue(_ text: String, _ key: String) -> String? {
    for line in frontMatterLines(text) where line.hasPrefix(key + ":") {
        return String(line.dropFirst(key.count + 1)).trimmingCharacters(in: .whitespaces)
    }
    return nil
}

/// `2024-12-10T14:30:00-08:00` (or a bare day) as an instant, for ordering.
func parseISODate(_ text: String) -> Date? {
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime]
    if let date = iso.date(from: text) { return date }
    iso.formatOptions = [.withFullDate]
    return iso.date(from: text)
}

/// Expect `status`, and show the whole run when it differs.
func expectStatus(_ result: RunResult, _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(!result.timedOut, "\(result)", sourceLocation: sourceLocation)
}
