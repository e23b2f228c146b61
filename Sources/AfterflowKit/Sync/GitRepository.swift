#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Git run in a folder, found on the search path the caller passes in (through `ChildProcess`,
/// the one place programs are started).
public struct GitRepository: Sendable {
    public var directory: String
    /// A `PATH` value to find git on.
    public var searchPath: String

    public init(directory: String, searchPath: String) {
        self.directory = directory
        self.searchPath = searchPath
    }

    /// Runs git; its status and what it wrote (standard output and error together).
    public func run(_ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let ended = try ChildProcess.onPath(["git", "-C", directory] + arguments, searchPath: searchPath).runCapturing(mergingErrors: true)
            return (ended.termination.status, String(decoding: ended.output, as: UTF8.self))
        } catch {
            return (127, "cannot run git: \(error.reason)\n")
        }
    }

    /// Git's standard output without its final line feed, or nil when git fails or cannot run.
    public func output(_ arguments: [String]) -> String? {
        guard var child = try? ChildProcess.onPath(["git", "-C", directory] + arguments, searchPath: searchPath) else { return nil }
        child.error = .null
        guard let ended = try? child.runCapturing(), ended.termination.status == 0 else { return nil }
        var text = String(decoding: ended.output, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The path of `name` in the repository's git folder (`git rev-parse --git-path`), made
    /// absolute from `directory`; nil when git cannot say.
    public func gitPath(_ name: String) -> String? {
        guard var path = output(["rev-parse", "--git-path", name]) else { return nil }
        if !path.hasPrefix("/") { path = directory + "/" + path }
        return path
    }

    /// The files git left unmerged, relative to the repository's top, and how each is in conflict.
    public func conflicts() -> [GitConflicts.Conflict] {
        GitConflicts.parse(output(["ls-files", "-u", "-z", "--full-name"]) ?? "")
    }

    /// The files still in conflict, relative to `directory`.
    public func unmerged() -> [String] {
        (output(["diff", "--name-only", "--diff-filter=U", "--relative"]) ?? "").split(separator: "\n").map(String.init)
    }

    /// `check`'s problems for the conflicts without markers in the vault at `directory`, while its
    /// repository is in the middle of a merge (git is run only then).
    public func conflictDiagnostics() -> [Diagnostic] {
        guard GitConflicts.isMerging(directory) else { return [] }
        return GitConflicts.diagnostics(conflicts(), prefix: output(["rev-parse", "--show-prefix"]) ?? "")
    }

    /// Makes git's files `names` owner-only where they are not (one written under a looser umask
    /// by an earlier run keeps its mode when git rewrites it).
    public func keepPrivate(_ names: [String]) {
        for name in names {
            guard let path = gitPath(name) else { continue }
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 != 0 {
                chmod(path, mode_t(info.st_mode & 0o700))
            }
        }
    }
}
