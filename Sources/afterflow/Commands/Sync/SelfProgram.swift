import AfterflowKit
import Foundation

/// This program's own executable, to run it again (the pre-commit hook's `check` and `fmt`, the
/// check `git sync` makes before it pushes).
enum SelfProgram {
    /// Where the running afterflow is: `argv[0]` as the shell found it (a path with a folder taken
    /// from the current folder, a bare name looked up in PATH, as the shell that started it did),
    /// else the executable the system names. Nil when none of them is an executable file.
    static func path() -> String? {
        let fm = FileManager.default
        let first = CommandLine.arguments.first ?? "afterflow"
        var candidates: [String] = []
        if first.contains("/") {
            candidates.append(LocalPaths.absolute(first, from: fm.currentDirectoryPath))
        } else {
            let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            candidates += ChildProcess.candidates(first, searchPath: search, currentFolder: fm.currentDirectoryPath)
        }
        if let own = Bundle.main.executablePath { candidates.append(own) }
        return candidates.first { fm.isExecutableFile(atPath: $0) }
    }

    /// Runs afterflow with `arguments` in `directory`; its standard output is shown on standard
    /// error only when it fails (quiet when all is well), its errors always. When it cannot be
    /// run at all, says which program could not be run and why, and returns 127.
    static func run(_ arguments: [String], in directory: String) -> Int32 {
        guard let program = path() else {
            ErrorStream.current.write("afterflow: cannot find the afterflow program to run '\(arguments.joined(separator: " "))' (started as \(CommandLine.arguments.first ?? "?"), not found in PATH)")
            return 127
        }
        let ended: (termination: ChildProcess.Termination, output: Data)
        do {
            ended = try ChildProcess(program, arguments, directory: directory).runCapturing()
        } catch {
            ErrorStream.current.write("afterflow: cannot run \(program) \(arguments.joined(separator: " ")): \(error.reason)")
            return 127
        }
        if ended.termination.status != 0 { FileHandle.standardError.write(ended.output) }
        return ended.termination.status
    }
}
