import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether other users can get into a vault's folder, and what `init` did about it.
///
/// A vault folder is made private to its owner (its group and other permission bits cleared,
/// 0755 becoming 0700) unless it looks shared on purpose: another user's folder, the home or root
/// folder, or a folder that is writable by everyone, group-writable or setgid (new files take its
/// group). Those keep their mode, and the caller says so. Modes are permission bits (`0o755`).
public enum RootPrivacy: Sendable, Equatable {
    /// Only the owner had permissions on it; nothing was changed.
    case alreadyPrivate
    /// It let the group or others in; its mode was narrowed to the owner's bits.
    case madePrivate(from: Int, to: Int)
    /// It looks shared on purpose, so its mode was left as it is.
    case shared(Reason, mode: Int)

    /// Why a folder is taken to be shared on purpose, in that order.
    public enum Reason: Sendable, Equatable {
        case otherOwner, fileSystemRoot, home, writableByEveryone, groupWritable, setgid
    }

    /// Narrows `folder` to its owner unless it is shared on purpose; `home` is the user's home
    /// folder, left as it is.
    public static func secure(_ folder: String, home: String?) throws(VaultError) -> RootPrivacy {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw VaultError.io(folder, "read the permissions of", errno: errno) }
        let mode = Int(info.st_mode & 0o7777)
        if let reason = sharing(folder, info: info, home: home) { return .shared(reason, mode: mode) }
        guard mode & 0o077 != 0 else { return .alreadyPrivate }
        let narrowed = mode & ~0o077
        guard chmod(folder, mode_t(narrowed)) == 0 else { throw VaultError.io(folder, "make private", errno: errno) }
        return .madePrivate(from: mode, to: narrowed)
    }

    private static func sharing(_ folder: String, info: stat, home: String?) -> Reason? {
        if info.st_uid != geteuid() { return .otherOwner }
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        if resolved == "/" { return .fileSystemRoot }
        if let home, URL(fileURLWithPath: home).resolvingSymlinksInPath().path == resolved { return .home }
        if info.st_mode & S_IWOTH != 0 { return .writableByEveryone }
        if info.st_mode & S_IWGRP != 0 { return .groupWritable }
        if info.st_mode & S_ISGID != 0 { return .setgid }
        return nil
    }
}
