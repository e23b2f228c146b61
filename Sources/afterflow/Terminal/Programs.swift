import AfterflowKit
import Foundation

/// The programs the commands start, found on afterflow's `PATH` (the library's `ChildProcess`
/// reads no environment: the search path is passed from here).
enum Programs {
    /// `PATH`, or the system's default when it is not set (as `env` and the shell use).
    static var searchPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    /// `name` on `PATH`, or nil.
    static func find(_ name: String) -> String? {
        ChildProcess.find(name, searchPath: searchPath)
    }

    /// `command` (a program's name and its arguments), to run the program found on `PATH`; fails
    /// as a program that cannot start when it is not there. It is started through `env`, so that
    /// its `argv[0]` is its bare name: tar and git begin their messages with it ("tar: "), and
    /// the commands read those messages.
    static func child(_ command: [String], directory: String? = nil) throws(ChildProcess.LaunchFailure) -> ChildProcess {
        try ChildProcess.onPath(command, searchPath: searchPath, directory: directory)
    }
}
