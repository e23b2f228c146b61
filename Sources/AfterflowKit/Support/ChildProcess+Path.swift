import Foundation

extension ChildProcess {
    /// `command` (a program's name and its arguments), to run the program found on `searchPath`
    /// (a `PATH` value the caller passes in); fails as a program that cannot start when it is not
    /// there. It is started through `env`, so that its `argv[0]` is its bare name: tar and git
    /// begin their messages with it ("tar: "), and the commands read those messages.
    public static func onPath(_ command: [String], searchPath: String, directory: String? = nil) throws(LaunchFailure) -> ChildProcess {
        guard let name = command.first, find(name, searchPath: searchPath) != nil else {
            throw LaunchFailure(reason: "\(command.first ?? "") was not found on PATH (\(searchPath))")
        }
        return ChildProcess("/usr/bin/env", command, directory: directory)
    }
}
