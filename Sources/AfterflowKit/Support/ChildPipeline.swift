import Foundation

/// Two programs found on a search path, the one's output the other's input (`tar | age`, or
/// `age | tar`), started through `ChildProcess`.
public struct ChildPipeline {
    /// A `PATH` value to find the programs on.
    public var searchPath: String
    /// The environment age runs with in the terminal's foreground.
    public var environment: [String: String]
    /// Told the process id of each program as it starts (so that a signal handler can stop it).
    public var started: (Int32) -> Void

    public init(searchPath: String, environment: [String: String], started: @escaping (Int32) -> Void = { _ in }) {
        self.searchPath = searchPath
        self.environment = environment
        self.started = started
    }

    /// How the two programs ended: their statuses, what both wrote on standard error, and what
    /// the second wrote on standard output when it was captured.
    public struct Ended {
        public let first: Int32
        public let second: Int32
        public let errors: String
        public let output: Data
    }

    /// Runs `first | second`; with `capture`, what `second` writes on standard output is returned
    /// (else it goes to afterflow's).
    public func run(_ first: [String], _ second: [String], directory: String? = nil, capture: Bool = false) throws(ChildProcess.LaunchFailure) -> Ended {
        var childA = try ChildProcess.onPath(first, searchPath: searchPath, directory: directory)
        var childB = try ChildProcess.onPath(second, searchPath: searchPath, directory: directory)
        let pipe = Pipe()
        childA.output = .pipe(pipe)
        childB.input = .pipe(pipe)
        let errA = Pipe(), errB = Pipe()
        childA.error = .pipe(errA)
        childB.error = .pipe(errB)
        let out = Pipe()
        if capture { childB.output = .pipe(out) }
        let a = try childA.start()
        started(a.processIdentifier)
        let b = try childB.start()
        started(b.processIdentifier)
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        // Read on their own threads, so that a full pipe never stops tar or age.
        nonisolated(unsafe) var ea = Data(), eb = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { ea = errA.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { eb = errB.fileHandleForReading.readDataToEndOfFile() }
        let output = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        group.wait()
        let endA = a.wait(), endB = b.wait()
        return Ended(first: endA.status, second: endB.status, errors: String(decoding: ea + eb, as: UTF8.self), output: output)
    }

    /// Where age is on the search path; nil when it is not installed.
    public var agePath: String? { ChildProcess.find("age", searchPath: searchPath) }

    /// Runs age in the terminal's foreground, where it asks for the passphrase itself on
    /// /dev/tty (a process in a group of its own could not read the terminal); its exit status.
    public func ageOnTerminal(_ arguments: [String], input: Int32? = nil, output: Int32? = nil) -> Int32 {
        guard let age = agePath else { return 127 }
        switch try? ChildProcess.runInForeground(age, arguments, environment: environment, input: input, output: output) {
        case .exited(let status)?: return status
        default: return 1
        }
    }

    /// `tar … | age …` with age in the terminal's foreground to ask for the passphrase (with
    /// `tarReads`, `age … | tar …`): the archive goes through a pipe, and nothing of the vault is
    /// written anywhere else in the clear. The statuses of tar and age and tar's errors.
    public func withAgeOnTerminal(tar arguments: [String], age ageArguments: [String], tarReads: Bool) throws(ChildProcess.LaunchFailure) -> (tar: Int32, age: Int32, errors: String) {
        var child = try ChildProcess.onPath(arguments, searchPath: searchPath)
        let pipe = Pipe(), errors = Pipe()
        if tarReads { child.input = .pipe(pipe) } else { child.output = .pipe(pipe) }
        child.error = .pipe(errors)
        let tar = try child.start()
        started(tar.processIdentifier)
        // Only age holds the other end, so that tar sees the end of its input when age is done
        // (or age the end of its, when tar is).
        let ours = tarReads ? pipe.fileHandleForWriting : pipe.fileHandleForReading
        try? (tarReads ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        let status = tarReads
            ? ageOnTerminal(ageArguments, output: ours.fileDescriptor)
            : ageOnTerminal(ageArguments, input: ours.fileDescriptor)
        try? ours.close()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        return (tar.wait().status, status, String(decoding: text, as: UTF8.self))
    }
}
