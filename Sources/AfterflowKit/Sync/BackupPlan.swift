#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `backup`'s rules: what goes in the archive, where the archive may be written, and the tar and
/// age commands that write it (the caller runs them through `ChildPipeline`).
public enum BackupPlan {
    /// The files a backup leaves out: the index, the lock and temporary files.
    public static let excluded = ["./.afterflow/index.sqlite*", "./.afterflow/lock", "./.afterflow/*.tmp"]

    /// tar writing the vault at `root` (without what `excluded` names) to `file` (`-`: standard output).
    public static func tarCreate(_ root: String, to file: String = "-") -> [String] {
        ["tar", "-C", root, "-cf", file] + excluded.map { "--exclude=" + $0 } + ["."]
    }

    /// age encrypting to `partial`: to each of `recipients`, else with a passphrase (`-p`).
    public static func age(writing partial: String, recipients: [String]) -> [String] {
        var age = ["age", "-o", partial]
        if recipients.isEmpty { age.append("-p") } else { for key in recipients { age += ["-r", key] } }
        return age
    }

    /// Throws when the archive cannot be written at `target` (absolute; `shown` as the user
    /// named it): inside the vault at `root`, a folder or special file there, or a file there
    /// without `force`.
    public static func checkTarget(_ target: String, shown: String, root: String, force: Bool) throws(VaultError) {
        if BackupPaths.isInside(target, root: root) {
            throw VaultError(.outsideVault, "the archive cannot be inside the vault it backs up; write it elsewhere")
        }
        var info = stat()
        guard lstat(target, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw VaultError(.exists, "\(shown) is a folder or a special file; name the archive's file, like \(Shell.quote(shown + "/journal.age"))")
        }
        guard force else {
            throw VaultError(.exists, "\(shown) exists; add --force to replace it (the new archive takes its place only once complete)")
        }
    }

    /// A file that would go in the archive.
    public struct File: Equatable, Sendable {
        public let path: String
        public let size: Int
        /// Its permission bits.
        public let mode: Int
    }

    /// The files of `listing` (what `tar -tf` says of the archive) that are in the vault at `root`
    /// and are not folders, by path.
    public static func contents(listing: String, root: String) -> [File] {
        var files: [File] = []
        for entry in listing.split(separator: "\n") {
            var path = String(entry)
            if path.hasPrefix("./") { path.removeFirst(2) }
            var info = stat()
            guard !path.isEmpty, lstat(root + "/" + path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            files.append(File(path: path, size: Int(info.st_size), mode: Int(info.st_mode & 0o7777)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The listing as `--dry-run --format json` gives it.
    public static func json(_ files: [File]) -> JSONValue {
        .object([
            ("files", .array(files.map { file in
                .object([("path", .string(file.path)), ("bytes", .int(file.size)), ("mode", .string(String(format: "%04o", file.mode)))])
            })),
            ("count", .int(files.count)),
            ("bytes", .int(files.reduce(0) { $0 + $1.size })),
        ])
    }

    /// A size as people read it: 812 B, 4.2 kB, 13 MB.
    public static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 { value /= 1000; unit += 1 }
        return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + units[unit]
    }
}

/// `restore`'s rules: where a vault may be restored, and what a failed unpacking means.
public enum RestorePlan {
    /// Throws when `target` (absolute; `shown` as the user named it) is a file or a folder that is
    /// not empty: a restore never writes over files.
    public static func checkTarget(_ target: String, shown: String) throws(VaultError) {
        var info = stat()
        guard lstat(target, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw VaultError(.exists, "\(shown) is a file, not a folder; a restore never writes over files", details: ["Restore into a new folder."])
        }
        guard (try? FileManager.default.contentsOfDirectory(atPath: target))?.isEmpty == true else {
            throw VaultError(.exists, "\(shown) is not empty; a restore never writes over files", details: ["Restore into a new folder."])
        }
    }

    /// tar unpacking standard input into `folder`; nothing of the archive's owners or modes is
    /// taken (files are the user's, and `RestoreFolder.confine` makes them owner-only).
    public static func tarExtract(into folder: String) -> [String] {
        ["tar", "-C", folder, "-xf", "-", "--no-same-owner", "--no-same-permissions"]
    }

    /// Why nothing was restored from `archive` (as the user named it) when age (decrypting with an
    /// identity file, else a passphrase) or tar failed, with the lines of `errors` (what they
    /// wrote) that say why; nil when both succeeded.
    public static func failure(age: Int32, tar: Int32, errors: String, archive: String, identity: Bool) -> VaultError? {
        guard age != 0 || tar != 0 else { return nil }
        let lines = errors.split(separator: "\n").map(String.init)
        if age != 0 {
            return VaultError(.invalid, "cannot decrypt \(archive) with \(identity ? "that identity" : "that passphrase"); nothing was written",
                              details: lines.filter { $0.hasPrefix("age: error:") }.map { "  " + $0 })
        }
        let refused = lines.filter { $0.hasPrefix("tar: ") && !$0.hasPrefix("tar: Exiting") && !$0.contains("Removing leading") }
        return VaultError(.invalid, "\(archive) decrypted, but tar refused part of it (a path out of the folder, a file through a link, or a damaged archive), so nothing was restored",
                          details: refused.map { "  " + $0 } + ["Restore from another backup, or look at it with: age -d ARCHIVE | tar -tvf -"])
    }
}

extension RestorePlan {
    /// Decrypts `archive` (absolute) with age and unpacks it with tar into `folder` through a pipe:
    /// with `identity` (an absolute path to an age identity file), else age asks for the passphrase
    /// on the terminal. The statuses of age and tar and what they wrote on standard error.
    public static func unpack(_ archive: String, identity: String?, into folder: String,
                              with programs: ChildPipeline) throws(ChildProcess.LaunchFailure) -> (age: Int32, tar: Int32, errors: String) {
        let tar = tarExtract(into: folder)
        guard let identity else {
            let run = try programs.withAgeOnTerminal(tar: tar, age: ["-d", archive], tarReads: true)
            return (run.age, run.tar, run.errors)
        }
        let run = try programs.run(["age", "-d", "-i", identity, archive], tar)
        return (run.first, run.second, run.errors)
    }

    /// The warning for what a restore left out or changed (`RestoreFolder.confine`): its message,
    /// then a line for each, their control characters shown.
    public static func skippedWarning(_ skipped: [RestoreFolder.Skipped]) -> (message: String, lines: [String]) {
        let one = skipped.count == 1
        return ("\(skipped.count) thing\(one ? "" : "s") in the archive \(one ? "is" : "are") not what a vault holds; restored as a vault's files only:",
                skipped.map { "  \($0.path.visible()): \($0.what.visible())" })
    }
}

extension RestoreFolder.Held {
    /// Moves the restored vault to `target` (absolute; `shown` as the user named it), then removes
    /// this folder, also when the move fails. An empty folder at `target` makes way (rmdir removes
    /// nothing else: a file that appeared meanwhile stays, and the move fails).
    public func install(at target: String, shown: String) throws(VaultError) {
        defer { remove() }
        var info = stat()
        if lstat(target, &info) == 0 { _ = rmdir(target) }
        guard rename(vault, target) == 0 else { throw VaultError(.io, "cannot move the restored vault to \(shown)") }
    }
}
