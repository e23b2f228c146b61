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
    ///
    /// The program gets its three standard streams and no other descriptor of afterflow's: every
    /// other one is closed in the child as it starts (`POSIX_SPAWN_CLOEXEC_DEFAULT` on macOS,
    /// `posix_spawn_file_actions_addclosefrom_np` on Linux). Foundation's `Process` closes the
    /// descriptors it saw open a moment before the spawn instead, and makes its pipes without
    /// close-on-exec, so a program started on one thread could inherit a pipe another thread had
    /// just made and keep it open: a reader of that pipe then waited for the end of a stranger.
    /// The program runs in a process group of its own, as `Process` put it.
    public func start() throws(LaunchFailure) -> Running {
        let pid = try Spawn.start(self)
        // Afterflow's copies of the program's ends of pipes, so that a reader sees the end of
        // the pipe when the program (and whatever it started) closes it.
        if case .pipe(let pipe) = input { try? pipe.fileHandleForReading.close() }
        for stream in [output, error] {
            if case .pipe(let pipe) = stream { try? pipe.fileHandleForWriting.close() }
        }
        return Running(pid)
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

    /// A program that was started.
    public final class Running: @unchecked Sendable {
        public let processIdentifier: Int32
        private let condition = NSCondition()
        private var ended: Termination?

        init(_ pid: Int32) {
            processIdentifier = pid
            // One thread a program, waiting for it alone (never for any child), so that nothing
            // else in afterflow's process can take its status.
            let thread = Thread { [self] in
                // Seen ended first and taken (reaped) under the lock, so that `send` never signals
                // a process that took its number.
                Spawn.waitUntilEnded(pid)
                condition.lock()
                ended = Spawn.reap(pid)
                condition.broadcast()
                condition.unlock()
            }
            thread.stackSize = 64 << 10
            thread.start()
        }

        public var isRunning: Bool {
            condition.lock()
            defer { condition.unlock() }
            return ended == nil
        }

        /// Sends SIGTERM, while it runs.
        public func terminate() { send(SIGTERM) }

        /// Sends `signal` to the program, while it runs (never to a process that took its
        /// number after it ended).
        public func send(_ signal: Int32) {
            condition.lock()
            defer { condition.unlock() }
            if ended == nil { kill(processIdentifier, signal) }
        }

        /// Waits for the program to end.
        public func wait() -> Termination {
            condition.lock()
            defer { condition.unlock() }
            while ended == nil { condition.wait() }
            return ended ?? .exited(0)
        }

        /// Waits up to `seconds` for the program to end; nil when it still runs.
        public func wait(seconds: Double) -> Termination? {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while ended == nil, condition.wait(until: deadline) {}
            return ended
        }
    }
}

extension ChildProcess.LaunchFailure: LocalizedError {
    public var errorDescription: String? { reason }
}
