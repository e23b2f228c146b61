#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The private folder a restore unpacks an archive into before it renames the result into place
/// (`.afterflow-restore-Ab12Cd.tmp`, beside the target, so that the rename stays on one disk),
/// and the rules for what of an archive is kept.
///
/// The folder is 0700 and holds `owner`, a file its restore keeps locked (`flock`) while it runs:
/// the system lets go of the lock however the process ends, SIGKILL included, so a folder whose
/// lock can be taken belongs to no restore under way, and `sweep` removes it. The unpacked vault
/// is `vault` inside it.
public enum RestoreFolder {
    static let prefix = ".afterflow-restore-"
    static let ownerFile = "owner"

    /// A restore folder being filled: its path, the vault folder in it, and the locked owner file.
    public struct Held {
        public let path: String
        public var vault: String { path + "/vault" }
        let lock: Int32

        /// Removes the folder and everything in it, and lets go of its lock.
        public func remove() {
            try? FileManager.default.removeItem(atPath: path)
            close(lock)
        }
    }

    /// Makes a private restore folder beside `target` and locks it for this process.
    public static func make(beside target: String) throws(VaultError) -> Held {
        let parent = (target as NSString).deletingLastPathComponent
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<16 {
            let name = prefix + String((0..<6).map { _ in letters.randomElement()! }) + ".tmp"
            let path = parent + "/" + name
            guard mkdir(path, 0o700) == 0 else {
                if errno == EEXIST { continue }
                throw VaultError(.io, "cannot make a folder in \(parent): \(String(cString: strerror(errno)))")
            }
            chmod(path, 0o700)
            let fd = open(path + "/" + ownerFile, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0, mkdir(path + "/vault", 0o700) == 0 else {
                let reason = String(cString: strerror(errno))
                if fd >= 0 { close(fd) }
                try? FileManager.default.removeItem(atPath: path)
                throw VaultError(.io, "cannot prepare a private folder in \(parent): \(reason)")
            }
            return Held(path: path, lock: fd)
        }
        throw VaultError(.io, "cannot make a private folder in \(parent)")
    }

    /// Removes the restore folders in `folder` that no running restore holds: those whose owner
    /// file can be locked, and those without one (a restore killed before it made it, or one of
    /// an older afterflow, named `.afterflow-restore-<UUID>.tmp`) once older than `staleAge`
    /// seconds. Only real folders of this user. Returns the names removed.
    @discardableResult
    public static func sweep(in folder: String, now: Date, staleAge: TimeInterval = TemporaryFiles.staleAge) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
            let fd = open(path + "/" + ownerFile, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                defer { close(fd) }
                guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }   // a restore under way
            } else {
                let modified = Double(VaultScanner.modificationTime(info)) / 1_000_000_000
                guard now.timeIntervalSince1970 - modified > staleAge else { continue }
            }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed
    }
}

extension RestoreFolder {
    /// Something of an archive a restore did not bring back as the archive had it.
    public struct Skipped: Equatable, Sendable {
        /// The path inside the vault.
        public let path: String
        /// What it was, and what became of it (`a device node, left out`).
        public let what: String
    }

    /// Makes the unpacked tree at `root` hold only what a vault holds, as its user's: regular
    /// files, folders, and links that stay inside it. Anything else (device nodes, pipes, sockets,
    /// links that point out of it or by an absolute path) is removed; every file and folder is
    /// given to `user`/`group` and owner-only permissions (folders 0700, files their owner's bits
    /// only, without set-user-ID, set-group-ID or sticky bits). Returns what was left out or
    /// changed beyond the permissions, in path order.
    public static func confine(_ root: String, user: uid_t, group: gid_t) -> [Skipped] {
        var skipped: [Skipped] = []
        confine(root, relative: "", user: user, group: group, into: &skipped)
        return skipped.sorted { $0.path < $1.path }
    }

    private static func confine(_ root: String, relative: String, user: uid_t, group: gid_t, into skipped: inout [Skipped]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder + "/" + name, inside = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_uid != user || info.st_gid != group {
                _ = lchown(path, user, group)
                if info.st_uid != user { skipped.append(Skipped(path: inside, what: "owned by user \(info.st_uid) in the archive, now yours")) }
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                chmod(path, 0o700)
                confine(root, relative: inside, user: user, group: group, into: &skipped)
            case S_IFREG:
                if info.st_mode & 0o7000 != 0 { skipped.append(Skipped(path: inside, what: "a file with a set-user-ID, set-group-ID or sticky bit, restored without it")) }
                chmod(path, mode_t(info.st_mode & 0o700))
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "/"
                if !staysInside(link: inside, target: target) {
                    unlink(path)
                    skipped.append(Skipped(path: inside, what: "a link out of the vault (to \(target)), left out"))
                }
            default:
                unlink(path)
                skipped.append(Skipped(path: inside, what: "a device node, pipe or socket, left out"))
            }
        }
        if relative.isEmpty { chmod(root, 0o700) }
    }

    /// Whether a link at `link` (relative to the vault) to `target` names a path inside the vault.
    static func staysInside(link: String, target: String) -> Bool {
        guard !target.hasPrefix("/") else { return false }
        var depth = link.split(separator: "/").count - 1
        for part in target.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return false }
        }
        return true
    }
}
