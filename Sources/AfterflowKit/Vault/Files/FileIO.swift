#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Foundation
internal import CFileSystem

/// Reading and atomic writing of the vault's files: the one place that makes file system calls.
///
/// Writes go to a temporary file in the same folder, are flushed with fsync and renamed over the
/// target, so a crash leaves either the old file or the new one. New files and folders are
/// readable by the owner alone (0600, 0700).
public enum FileIO {
    /// Mode of the files afterflow creates: read and write for the owner alone.
    public static let fileMode: mode_t = 0o600
    /// Mode of the folders afterflow creates.
    public static let directoryMode: mode_t = 0o700

    public static func read(_ path: String) throws(VaultError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw VaultError.io(path, "read", errno: errno) }
        defer { close(fd) }
        do {
            return try readAll(fd)
        } catch {
            throw VaultError.io(path, "read", errno: error.code)
        }
    }

    /// The file's bytes with the size and modification time (nanoseconds since 1970) of the very
    /// file read, as a refresh records them: what a command about one record compares with the
    /// index (`RecordLookup`).
    public static func readWithFingerprint(_ path: String) throws(VaultError) -> (bytes: [UInt8], size: Int64, modified: Int64) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw VaultError.io(path, "read", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw VaultError.io(path, "read", errno: errno) }
        do {
            return (try readAll(fd), Int64(info.st_size), VaultScanner.modificationTime(info))
        } catch {
            throw VaultError.io(path, "read", errno: error.code)
        }
    }

    /// Every byte of the open file, from its start (the descriptor's offset is not used).
    static func readAll(_ fd: Int32) throws(SystemError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError(code: errno) }
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        // A regular file's read comes back short only at its end: no second read to be told so.
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        while true {
            if count == capacity {
                capacity *= 2
                bytes += [UInt8](repeating: 0, count: capacity - bytes.count)
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + count, capacity - count, off_t(count))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            if n == 0 { break }
            count += n
            if regular && count < capacity { break }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// An `errno` from a call made on a descriptor, for the caller to name the file.
    struct SystemError: Error {
        var code: Int32
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`); nil when it is not there.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What the symbolic link at `path` holds, as written; nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The bytes free for this user on the file system that holds `path` (or its folder).
    public static func availableBytes(near path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 || statvfs(parentPath(of: path), &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// Whether `path` is a regular file this process may run.
    public static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// A new empty folder (0700) in `base` (the caller's `$TMPDIR`), or in `/tmp` when `base` is
    /// nil, empty or not a folder, for files that must not outlive a command.
    public static func makeTemporaryFolder(prefix: String, in base: String?) throws(VaultError) -> String {
        var base = base ?? "/tmp"
        if base.isEmpty || !isDirectory(base) { base = "/tmp" }
        if base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw VaultError.io(base, "make a temporary folder in", errno: errno)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a folder afterflow made and everything in it (symbolic links are removed, not followed).
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Creates a new file; fails when one is already there, so nothing is overwritten.
    public static func create(_ path: String, contents: [UInt8]) throws(VaultError) {
        let temp = try writeTemporary(beside: path, contents: contents, mode: fileMode)
        try commitNew(temp, to: path)
    }

    /// Gives the flushed temporary file `temp` the name `path`, which must not exist yet.
    static func commitNew(_ temp: String, to path: String) throws(VaultError) {
        // link() fails if the target exists: no window in which another file could be replaced.
        if link(temp, path) == 0 {
            unlink(temp)
        } else {
            let code = errno
            if code == EEXIST {
                unlink(temp)
                throw VaultError(.exists, "\(path) already exists; afterflow never overwrites a file it did not read")
            }
            // File systems without hard links: check, then rename.
            guard !exists(path) else {
                unlink(temp)
                throw VaultError(.exists, "\(path) already exists; afterflow never overwrites a file it did not read")
            }
            guard rename(temp, path) == 0 else {
                let renameError = errno
                unlink(temp)
                throw VaultError.io(path, "create", errno: renameError)
            }
        }
        syncDirectory(of: path)
    }

    /// Creates many new files, none of which may exist yet (folders are made as needed).
    ///
    /// Every file is first written whole under a temporary name beside its target, then all are
    /// flushed to disk at once (`syncfs`, else one `fsync` each), then each is linked to its name,
    /// which fails rather than replace a file, and the folders are flushed. A crash leaves complete
    /// files or none; stray temporary files end in `.tmp`, which afterflow does not read.
    public static func createAll(_ files: [(path: String, contents: [UInt8])]) throws(VaultError) {
        var temps: [String] = []
        var made = Set<String>()
        var linked = 0
        func cleanUp() { for temp in temps[linked...] { unlink(temp) } }
        for file in files {
            let parent = parentPath(of: file.path)
            if !made.contains(parent) {
                do { try createDirectories(parent) } catch { cleanUp(); throw error }
                made.insert(parent)
            }
            do {
                temps.append(try writeTemporary(beside: file.path, contents: file.contents, mode: fileMode, sync: false))
            } catch {
                cleanUp()
                throw error
            }
        }
        if let first = files.first {
            flush(temps, near: parentPath(of: first.path))
        }
        for (index, file) in files.enumerated() {
            if link(temps[index], file.path) != 0 {
                var code = errno
                // File systems without hard links: check, then rename.
                if code != EEXIST && !exists(file.path) {
                    if rename(temps[index], file.path) == 0 {
                        linked += 1
                        continue
                    }
                    code = errno
                }
                cleanUp()
                let done = "\(index) of \(files.count) files were written before it"
                if code == EEXIST {
                    throw VaultError(.exists, "\(file.path) already exists; afterflow never overwrites a file it did not read (\(done))")
                }
                throw VaultError(.io, "cannot create \(file.path): \(String(cString: strerror(code))) (\(done))", code: code)
            }
            unlink(temps[index])
            linked += 1
        }
        for folder in made { syncFolder(folder) }
    }

    /// Flushes the files at `paths` to disk: the whole file system at once where `syncfs` exists.
    private static func flush(_ paths: [String], near folder: String) {
        if let syncfs = FileIO.syncFileSystem {
            let fd = open(folder, O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                defer { close(fd) }
                if syncfs(fd) == 0 { return }
            }
        }
        for path in paths {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            fsync(fd)
            close(fd)
        }
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Writes `contents` to `path` whatever is there (for afterflow's own state and for output
    /// files the user named): atomically, keeping an existing file's permissions, else 0600.
    public static func overwrite(_ path: String, contents: [UInt8]) throws(VaultError) {
        let temp = try writeTemporary(beside: path, contents: contents, mode: modeToKeep(path))
        try commitReplacing(temp, to: path)
    }

    /// The permissions of the file at `path`, else 0600.
    static func modeToKeep(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : fileMode
    }

    /// Gives the flushed temporary file `temp` the name `path`, replacing what is there.
    static func commitReplacing(_ temp: String, to path: String) throws(VaultError) {
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw VaultError.io(path, "write", errno: code)
        }
        syncDirectory(of: path)
    }

    /// Moves a file to a new path that must not exist yet (both in the vault): in one step with
    /// `renameat2(RENAME_NOREPLACE)` where the system has it, else by a hard link and an unlink.
    public static func move(_ source: String, to destination: String) throws(VaultError) {
        if let renameNoReplace = FileIO.renameNoReplace {
            if renameNoReplace(AT_FDCWD, source, AT_FDCWD, destination, 1 /* RENAME_NOREPLACE */) == 0 {
                syncDirectory(of: destination)
                syncDirectory(of: source)
                return
            }
            let code = errno
            if code == EEXIST { throw VaultError(.exists, "\(destination) already exists; nothing was moved") }
            // EINVAL, ENOSYS: a file system or kernel without it; fall back below.
            guard code == EINVAL || code == ENOSYS else { throw VaultError.io(destination, "move a file to", errno: code) }
        }
        if link(source, destination) == 0 {
            unlink(source)
        } else {
            guard errno != EEXIST, !exists(destination) else {
                throw VaultError(.exists, "\(destination) already exists; nothing was moved")
            }
            guard rename(source, destination) == 0 else { throw VaultError.io(destination, "move a file to", errno: errno) }
        }
        syncDirectory(of: destination)
        syncDirectory(of: source)
    }

    public static func remove(_ path: String) throws(VaultError) {
        guard unlink(path) == 0 else { throw VaultError.io(path, "remove", errno: errno) }
        syncDirectory(of: path)
    }

    /// Creates `path` and its missing parents with mode 0700.
    public static func createDirectories(_ path: String) throws(VaultError) {
        if isDirectory(path) { return }
        let parent = parentPath(of: path)
        if !parent.isEmpty && parent != path { try createDirectories(parent) }
        if mkdir(path, directoryMode) != 0 && errno != EEXIST {
            throw VaultError.io(path, "create the folder", errno: errno)
        }
    }

    static func parentPath(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[path.startIndex..<slash])
    }

    static func writeTemporary(beside path: String, contents: [UInt8], mode: mode_t, sync: Bool = true) throws(VaultError) -> String {
        let (temp, fd) = try openTemporary(beside: path, mode: mode)
        var ok = true
        var written = 0
        var code: Int32 = 0
        contents.withUnsafeBytes { buffer in
            while ok && written < buffer.count {
                let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    ok = false
                } else {
                    written += n
                }
            }
        }
        if ok && sync && fsync(fd) != 0 { code = errno; ok = false }
        if close(fd) != 0 && ok { code = errno; ok = false }
        guard ok else {
            unlink(temp)
            throw VaultError.io(path, "write", errno: code == 0 ? EIO : code)
        }
        return temp
    }

    static func syncDirectory(of path: String) {
        let fd = open(parentPath(of: path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

extension FileIO {
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    typealias SyncFS = @convention(c) (Int32) -> Int32

    /// Linux's `syncfs` (CFileSystem: Swift's Glibc module does not declare it).
    static let syncFileSystem: SyncFS? = {
        #if os(Linux)
        return { afterflow_syncfs($0) }
        #else
        return nil
        #endif
    }()

    /// Linux's `renameat2` (CFileSystem: Swift's Glibc module does not declare it): used with
    /// `RENAME_NOREPLACE` by `move` and with `RENAME_EXCHANGE` by `replace`. A kernel without it
    /// answers ENOSYS, and each caller falls back as for a file system without the flag (EINVAL).
    static let renameNoReplace: RenameAt2? = {
        #if os(Linux)
        return { afterflow_renameat2($0, $1, $2, $3, $4) }
        #else
        return nil
        #endif
    }()
}
