#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `git setup`'s rules: the ignores that keep afterflow's state out of git, `.gitattributes`'s
/// line, the merge driver's config and the pre-commit hook. It prints nothing: each step is told
/// to a sink in order.
public struct GitSetup {
    /// A step, in the order it was taken.
    public enum Event: Equatable, Sendable {
        /// A `.gitignore` made, or one given the temporary files' pattern.
        case ignoreCreated(String)
        case ignoreExtended(String)
        /// `.gitattributes` already had afterflow's line, was given it, or was made with it.
        case attributesPresent
        case attributesAdded
        case attributesCreated
        /// A `.gitattributes` line after afterflow's that overrides it (kept: it is the user's).
        case overridden(GitAttributes.Override)
        /// A config key that had the value, or was set to it in the repository at `top`.
        case configPresent(String)
        case configSet(key: String, value: String, top: String)
        /// The hook at the path is the user's own and was kept; afterflow's hook was there; or
        /// it was written at the path.
        case hookOwn(String)
        case hookPresent
        case hookWritten(String)
    }

    public static let driverName = "afterflow: merges vault documents key by key, reflections and trials as a union"
    public static let hookMark = "# afterflow pre-commit hook"

    public var git: GitRepository
    /// How git calls afterflow: a program's path quoted for the shell, or `afterflow`.
    public var executable: String
    public var vaultRoot: String { git.directory }

    public init(git: GitRepository, executable: String) {
        self.git = git
        self.executable = executable
    }

    /// Takes every step; whether anything changed.
    public func run(events: (Event) -> Void) throws(VaultError) -> Bool {
        guard let top = git.output(["rev-parse", "--show-toplevel"]) else {
            throw VaultError(.notFound, "\(vaultRoot) is not in a git repository", details: [
                "Make it one with 'git init' in the vault (or clone the shared repository), then run 'afterflow git setup' again.",
            ])
        }
        // afterflow's own state (the index, drafts, the trash) stays out of git.
        let ignores = try VaultInitializer.addGitignores(root: vaultRoot)
        for path in ignores.created { events(.ignoreCreated(path)) }
        for path in ignores.extended { events(.ignoreExtended(path)) }
        var changed = !ignores.created.isEmpty || !ignores.extended.isEmpty
        if try writeAttributes(events: events) { changed = true }
        // A later line for documents wins over afterflow's: said, not changed (it is the user's).
        for found in GitSync.overrides(vaultRoot: vaultRoot) { events(.overridden(found)) }
        let driver = executable + " merge-driver %O %A %B %P"
        for (key, value) in [("merge.afterflow.name", Self.driverName), ("merge.afterflow.driver", driver)] {
            if git.output(["config", "--local", "--get", key]) == value {
                events(.configPresent(key))
                continue
            }
            guard git.output(["config", "--local", key, value]) != nil else {
                throw VaultError(.io, "git config \(key) failed in \(top)")
            }
            changed = true
            events(.configSet(key: key, value: value, top: top))
        }
        if try installHook(events: events) { changed = true }
        return changed
    }

    /// Adds afterflow's line to `.gitattributes` (made when missing); whether it wrote.
    func writeAttributes(events: (Event) -> Void) throws(VaultError) -> Bool {
        let line = GitAttributes.afterflowLine
        let attributes = vaultRoot + "/.gitattributes"
        let bytes = FileManager.default.contents(atPath: attributes).map { Array($0) }
        let existing = bytes.map { String(decoding: $0, as: UTF8.self) }
        if existing?.split(whereSeparator: \.isNewline).contains(where: { $0.trimmingCharacters(in: .whitespaces) == line }) ?? false {
            events(.attributesPresent)
            return false
        }
        if let bytes, let existing {
            // Added at the end, in the file's own line ending; the rest is kept byte for byte.
            let ending = existing.contains("\r\n") ? "\r\n" : "\n"
            let added = (bytes.isEmpty || bytes.last == 0x0A ? "" : ending) + line + ending
            try FileIO.replace(attributes, expecting: bytes, with: bytes + Array(added.utf8))
            events(.attributesAdded)
        } else {
            try FileIO.create(attributes, contents: Array((line + "\n").utf8))
            events(.attributesCreated)
        }
        return true
    }

    /// The pre-commit hook's text: it runs `afterflow git pre-commit` on the vault at `vault`
    /// (relative to the repository's top).
    public func hookText(vault: String) -> String {
        """
        #!/bin/sh
        \(Self.hookMark), written by 'afterflow git setup': checks the documents staged, and
        # their form, before each commit. Delete this file to commit without it.
        exec \(executable) git pre-commit --vault \(Shell.quote(vault))

        """
    }

    /// Writes the pre-commit hook, unless the repository has a hook of its own; whether it wrote.
    func installHook(events: (Event) -> Void) throws(VaultError) -> Bool {
        guard let path = git.gitPath("hooks/pre-commit") else { return false }
        let prefix = git.output(["rev-parse", "--show-prefix"]) ?? ""
        let text = hookText(vault: prefix.isEmpty ? "." : String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0)))
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if let existing, !existing.contains(Self.hookMark) {
            events(.hookOwn(path))
            return false
        }
        if existing == text {
            events(.hookPresent)
            return false
        }
        try FileIO.createDirectories((path as NSString).deletingLastPathComponent)
        try FileIO.overwrite(path, contents: Array(text.utf8))
        chmod(path, 0o700)
        events(.hookWritten(path))
        return true
    }
}
