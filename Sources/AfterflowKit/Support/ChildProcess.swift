import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place afterflow starts another program (git, tar, age, Chromium, WeasyPrint, unshare,
/// the oEmbed helper, notify-send, qrencode, afterflow itself, the user's editor).
///
/// A program is found on a search path the caller passes in (the library reads no environment
/// variable); it runs with its arguments, an environment (afterflow's own when none is given), a
/// working folder, and standard streams that are inherited, /dev/null, a pipe or a file. `run`
/// waits for it; `start` returns while it runs. `runInForeground` (ChildProcess+Foreground.swift)
/// runs one in the terminal's foreground, as an editor or age asking for a passphrase needs.
public struct ChildProcess {
    /// Where a standard stream of the program goes.
    public enum Stream {
        /// Afterflow's own.
        case inherit
        /// /dev/null.
        case null
        /// A pipe the caller reads or writes (and closes).
        case pipe(Pipe)
        /// An open file (or a pipe's end).
        case file(FileHandle)
    }

    /// How the program ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or the signal's number (as `Process.terminationStatus` gives it).
        public var status: Int32 {
            switch self {
            case .exited(let status), .signaled(let status): return status
            }
        }
    }

    /// The program could not be started; `reason` is the system's wording.
    public struct LaunchFailure: Error {
        public let reason: String
        public init(reason: String) { self.reason = reason }
    }

    /// The absolute path of the program.
    public var executable: String
    public var arguments: [String]
    /// Its whole environment; nil: afterflow's own.
    public var environment: [String: String]?
    /// Its working folder; nil: afterflow's.
    public var directory: String?
    public var input: Stream = .inherit
    public var output: Stream = .inherit
    public var error: Stream = .inherit

    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                directory: String? = nil, input: Stream = .inherit, output: Stream = .inherit, error: Stream = .inherit) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
        self.input = input
        self.output = output
        self.error = error
    }

    /// The first executable file called `name` in the folders of `searchPath` (a `PATH` value),
    /// or nil. An empty folder, and a relative one, are taken from `currentFolder` when it is
    /// given (as a shell does), else an empty one is skipped.
    public static func find(_ name: String, searchPath: String?, currentFolder: String? = nil) -> String? {
        candidates(name, searchPath: searchPath, currentFolder: currentFolder).first(where: FileIO.isExecutable)
    }

    /// Where `find` looks for `name`, in order.
    public static func candidates(_ name: String, searchPath: String?, currentFolder: String? = nil) -> [String] {
        (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false).compactMap { part in
            let folder = String(part)
            guard let currentFolder else { return folder.isEmpty ? nil : folder + "/" + name }
            return (folder.isEmpty ? currentFolder : Vault.absolute(folder, from: currentFolder)) + "/" + name
        }
    }

    /// Starts the program and returns while it runs.
    public func start() throws(LaunchFailure) -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let stream = ChildProcess.object(input) { process.standardInput = stream }
        if let stream = ChildProcess.object(output) { process.standardOutput = stream }
        if let stream = ChildProcess.object(error) { process.standardError = stream }
        do {
            try process.run()
        } catch {
            throw LaunchFailure(reason: error.localizedDescription)
        }
        return Running(process)
    }

    /// Runs the program and waits for it to end.
    public func run() throws(LaunchFailure) -> Termination {
        try start().wait()
    }

    /// Runs the program with its standard output into a pipe (and standard error too, with
    /// `mergingErrors`), waits, and returns how it ended and what it wrote.
    public func runCapturing(mergingErrors: Bool = false) throws(LaunchFailure) -> (termination: Termination, output: Data) {
        var child = self
        let pipe = Pipe()
        child.output = .pipe(pipe)
        if mergingErrors { child.error = .pipe(pipe) }
        let running = try child.start()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return (running.wait(), data)
    }

    private static func object(_ stream: Stream) -> Any? {
        switch stream {
        case .inherit: return nil
        case .null: return FileHandle.nullDevice
        case .pipe(let pipe): return pipe
        case .file(let handle): return handle
        }
    }

    /// A program that was started.
    public final class Running {
        private let process: Process

        init(_ process: Process) { self.process = process }

        public var processIdentifier: Int32 { process.processIdentifier }
        public var isRunning: Bool { process.isRunning }

        /// Sends SIGTERM.
        public func terminate() { process.terminate() }

        /// Waits for the program to end.
        public func wait() -> Termination {
            process.waitUntilExit()
            let status = process.terminationStatus
            return process.terminationReason == .uncaughtSignal ? .signaled(status) : .exited(status)
        }
    }
}

extension ChildProcess.LaunchFailure: LocalizedError {
    public var errorDescription: String? { reason }
}
