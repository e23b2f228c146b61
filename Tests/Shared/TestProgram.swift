import struct AfterflowKit.ChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a program a test ran did.
struct ProgramRun: CustomStringConvertible {
    /// The exit status, or the number of the signal that ended it (see `signaled`).
    var status: Int32
    var signaled: Bool
    var output: Data
    var errors: Data
    /// It was still running at the time limit and was killed.
    var timedOut: Bool

    var text: String { String(decoding: output, as: UTF8.self) }
    var errorText: String { String(decoding: errors, as: UTF8.self) }
    var succeeded: Bool { status == 0 && !signaled && !timedOut }

    var description: String {
        "exit \(signaled ? "by signal " : "")\(status)\(timedOut ? " (timed out)" : "")\n--- stdout ---\n\(text)--- stderr ---\n\(errorText)"
    }
}

/// Runs other programs for the tests (python3 reading what afterflow wrote, git, a shell…)
/// through the library's `ChildProcess`, never Foundation's `Process`: a program started here
/// keeps no descriptor of the test process but its three streams, whatever the tests running
/// beside it are doing, and no wait is without an end.
enum TestProgram {
    /// Runs `executable` (an absolute path) with `arguments`, writes `input` to its standard input
    /// (else /dev/null), and collects its standard output and error (one stream with
    /// `mergingErrors`). Past `timeout` seconds its process group is killed.
    static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                    directory: String? = nil, input: Data? = nil, mergingErrors: Bool = false,
                    timeout: Double = 120) throws -> ProgramRun {
        let out = Pipe(), err = Pipe(), inPipe = input.map { _ in Pipe() }
        let child = ChildProcess(executable, arguments, environment: environment, directory: directory,
                                 input: inPipe.map { .pipe($0) } ?? .null, output: .pipe(out),
                                 error: mergingErrors ? .pipe(out) : .pipe(err))
        let running = try child.start()
        // start() closed our copies of the ends the program got; the unused error pipe's is ours.
        if mergingErrors { try? err.fileHandleForWriting.close() }
        if let input, let inPipe {
            let writer = inPipe.fileHandleForWriting
            // On a thread of its own, so that a program that writes before it reads all its
            // input cannot stop both sides on full pipes.
            Thread {
                signal(SIGPIPE, SIG_IGN)
                try? writer.write(contentsOf: input)
                try? writer.close()
            }.start()
        }
        let deadline = Date().addingTimeInterval(timeout)
        var collected = collect([out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor],
                                until: deadline, running: running)
        var timedOut = false
        if running.wait(seconds: max(0, deadline.timeIntervalSinceNow)) == nil {
            timedOut = true
            kill(-running.processIdentifier, SIGKILL)
            running.send(SIGKILL)
        }
        let ended = running.wait()
        try? out.fileHandleForReading.close()
        try? err.fileHandleForReading.close()
        if collected.count < 2 { collected += [Data(), Data()] }
        switch ended {
        case .exited(let status):
            return ProgramRun(status: status, signaled: false, output: collected[0], errors: collected[1], timedOut: timedOut)
        case .signaled(let number):
            return ProgramRun(status: number, signaled: true, output: collected[0], errors: collected[1], timedOut: timedOut)
        }
    }

    /// Runs `name`, found on PATH, as `run` does; nil when it is not on PATH.
    static func runOnPath(_ name: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                          directory: String? = nil, input: Data? = nil, mergingErrors: Bool = false,
                          timeout: Double = 120) throws -> ProgramRun? {
        guard let path = ChildProcess.find(name, searchPath: ProcessInfo.processInfo.environment["PATH"]) else { return nil }
        return try run(path, arguments, environment: environment, directory: directory, input: input,
                       mergingErrors: mergingErrors, timeout: timeout)
    }

    /// Reads `descriptors` to their ends, or until `deadline`, or until a few seconds after the
    /// program ended (a program it left running may hold a pipe open: what came is kept).
    private static func collect(_ descriptors: [Int32], until deadline: Date, running: ChildProcess.Running) -> [Data] {
        var data = descriptors.map { _ in Data() }
        var open = Set(descriptors.indices)
        var endedAt: Date?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty, Date() < deadline {
            if endedAt == nil, !running.isRunning { endedAt = Date() }
            if let endedAt, Date().timeIntervalSince(endedAt) > 5 { break }
            var polls = open.sorted().map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            for (slot, index) in open.sorted().enumerated() where polls[slot].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
                if count > 0 { data[index].append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { open.remove(index) }
            }
        }
        return data
    }
}
