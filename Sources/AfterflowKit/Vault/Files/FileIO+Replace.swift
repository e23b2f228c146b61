#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing a file that an editor may be saving at the same moment.
extension FileIO {
    /// Replaces a file with `contents`, but only if it still holds `original`, the bytes that were
    /// read; the file's permissions are kept.
    ///
    /// Editors take no lock, so the file is compared with `original` three times: before the new
    /// text is written, again once it is on disk, and a last time in the same step that puts it in
    /// place. Where Linux has `renameat2(RENAME_EXCHANGE)`, the new file and the old one swap names
    /// atomically and what was swapped out is compared with `original`: when an editor saved in
    /// between, the swap is undone (see `undoExchange`) and nothing is written. What was swapped out
    /// is held open and looked at once more after the directory is synced, just before it is
    /// removed: an editor writing in place that found the old file before the exchange writes into
    /// it only then, and the swap is undone for it too. Elsewhere the last
    /// comparison comes just before the rename. docs/FORMAT.md says what is left open.
    public static func replace(_ path: String, expecting original: [UInt8], with contents: [UInt8]) throws(VaultError) {
        try replace(path, expecting: original, with: contents, exchange: true, hooks: ReplaceHooks())
    }

    /// Moments inside `replace` at which tests play an editor saving.
    struct ReplaceHooks {
        /// After the new file is on disk, before the last comparison.
        var beforeLastCheck: () -> Void = {}
        /// After the last comparison, before the file takes its name.
        var beforeCommit: () -> Void = {}
        /// After the exchange, before what was swapped out is compared.
        var afterExchange: () -> Void = {}
        /// After what was swapped out is found to be the original, before it is removed.
        var afterCompare: () -> Void = {}
        /// Before each exchange that undoes one (the argument counts them from 1).
        var beforeUndo: (Int) -> Void = { _ in }
    }

    static func replace(_ path: String, expecting original: [UInt8], with contents: [UInt8],
                        exchange: Bool, hooks: ReplaceHooks) throws(VaultError) {
        let changed = VaultError(.changedOnDisk, "\(path) changed on disk since afterflow read it; nothing was written, run the command again")
        guard try read(path) == original else { throw changed }
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : fileMode
        let temp = try writeTemporary(beside: path, contents: contents, mode: mode)
        hooks.beforeLastCheck()
        guard (try? read(path)) == original else {
            unlink(temp)
            throw changed
        }
        hooks.beforeCommit()
        // Held open, so that its inode cannot be reused while the files are compared.
        let ours = exchange && FileIO.renameNoReplace != nil ? open(temp, O_RDONLY | O_CLOEXEC) : -1
        defer { if ours >= 0 { close(ours) } }
        if ours >= 0, let renameat2 = FileIO.renameNoReplace {
            if renameat2(AT_FDCWD, temp, AT_FDCWD, path, renameExchange) == 0 {
                hooks.afterExchange()
                // The temporary name now holds what was at `path` an instant ago.
                let theirs = open(temp, O_RDONLY | O_CLOEXEC)
                var swappedOut = theirs >= 0 ? try? readAll(theirs) : nil
                if swappedOut == original {
                    let before = stamp(theirs)
                    syncDirectory(of: path)
                    hooks.afterCompare()
                    // An editor that wrote in place and found the old file's inode before the
                    // exchange can truncate and write it only now: look again before it goes.
                    if stamp(theirs) == before, let still = before, still.size == original.count {
                        close(theirs)
                        unlink(temp)
                        return
                    }
                    swappedOut = try? readAll(theirs)
                }
                if let kept = undoExchange(path, temp: temp, placed: (ours, contents), held: (theirs, swappedOut ?? []), hooks: hooks) {
                    throw VaultError(.changedOnDisk, "\(path) kept changing on disk while afterflow wrote it; nothing was written, one version is kept at \(kept): compare it with the file, then run the command again")
                }
                throw changed
            }
            let code = errno
            if code == ENOENT {
                // The file went away (an editor renaming it as a backup): nothing to replace.
                unlink(temp)
                throw changed
            }
            // EINVAL, ENOSYS: a file system or kernel without the exchange; rename below.
            guard code == EINVAL || code == ENOSYS else {
                unlink(temp)
                throw VaultError.io(path, "write", errno: code)
            }
        }
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw VaultError.io(path, "write", errno: code)
        }
        syncDirectory(of: path)
    }

    /// `renameat2`'s flag that swaps two names atomically.
    static let renameExchange: UInt32 = 2

    /// Puts back the file an exchange took from `path`, when it turns out to be another program's
    /// save: `placed` (open, with the bytes it held) is at `path`, `held` at `temp`.
    ///
    /// Each round swaps the two names again and checks that what comes out of `path` is `placed`,
    /// unchanged. When it is not, a newer save reached `path` meanwhile (renamed onto it, or
    /// written into `placed` in place): that is swapped back in turn, and the older version it
    /// replaced goes. Only our own file and versions the other program itself replaced are
    /// removed. Returns the path of a version kept aside when saves keep coming after 16 rounds.
    private static func undoExchange(_ path: String, temp: String, placed start: (fd: Int32, bytes: [UInt8]),
                                     held first: (fd: Int32, bytes: [UInt8]), hooks: ReplaceHooks) -> String? {
        var placed = start
        var held = first
        // Descriptors opened here (not `start`'s, which the caller closes).
        var opened: [Int32] = held.fd >= 0 ? [held.fd] : []
        defer { for fd in opened { close(fd) } }
        for round in 1...16 {
            hooks.beforeUndo(round)
            guard let renameat2 = FileIO.renameNoReplace else { break }
            if renameat2(AT_FDCWD, temp, AT_FDCWD, path, renameExchange) != 0 {
                // Nothing at `path` now (renamed away): put the held version there, unless one arrived.
                if errno == ENOENT, renameat2(AT_FDCWD, temp, AT_FDCWD, path, 1 /* RENAME_NOREPLACE */) == 0 {
                    syncDirectory(of: path)
                    return nil
                }
                continue
            }
            let came = open(temp, O_RDONLY | O_CLOEXEC)
            if came >= 0 { opened.append(came) }
            if came >= 0, sameFile(came, placed.fd), (try? readAll(placed.fd)) == placed.bytes {
                unlink(temp)
                syncDirectory(of: path)
                return nil
            }
            // A newer save came out of `path`: it goes back in the next round.
            placed = held
            held = (came, came >= 0 ? ((try? readAll(came)) ?? []) : [])
        }
        // Still changing: the version at the temporary name is kept under a name that is not.
        for n in 1...100 {
            let aside = path + ".conflict" + (n == 1 ? "" : "-\(n)")
            if let renameat2 = FileIO.renameNoReplace, renameat2(AT_FDCWD, temp, AT_FDCWD, aside, 1) == 0 { return aside }
            if errno != EEXIST { break }
        }
        return temp
    }

    /// What shows that an open file was written: its size and its change time.
    struct Stamp: Equatable {
        var size: Int
        var changed: timespec

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private static func stamp(_ fd: Int32) -> Stamp? {
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Stamp(size: Int(info.st_size), changed: info.st_ctimespec)
        #else
        return Stamp(size: Int(info.st_size), changed: info.st_ctim)
        #endif
    }

    /// Whether two open descriptors are the same file.
    private static func sameFile(_ a: Int32, _ b: Int32) -> Bool {
        var first = stat(), second = stat()
        guard fstat(a, &first) == 0, fstat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
