#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Appends `bytes` to the file at `path` and flushes it to disk, if the file still has
    /// `expectingSize` bytes (what was read). A write that fails part-way (a full disk) is cut back
    /// to the old size, so the file is always its old or its new content.
    public static func append(_ path: String, expectingSize: Int, bytes: [UInt8]) throws(VaultError) {
        let fd = try openForAppend(path, expectingSize: expectingSize)
        defer { close(fd) }
        try writeThenSync(fd, path: path, restoring: expectingSize) { (fd) throws(VaultError) in
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw VaultError.io(path, "append to", errno: errno)
                }
                written += n
            }
        }
    }

    /// Appends what `body` writes to its output, as it writes it (through a 64 KB buffer, so that
    /// a line of megabytes is never held whole), then flushes the file to disk, if the file still
    /// has `expectingSize` bytes. When `body` or a write fails, the file is cut back to its old
    /// size. Unlike `append(_:expectingSize:bytes:)`, a process killed while `body` runs leaves
    /// the part written so far at the end of the file: a reader must allow for a last line cut
    /// short.
    public static func appendStreamed(_ path: String, expectingSize: Int,
                                      _ body: (ByteOutput) throws(VaultError) -> Void) throws(VaultError) {
        let fd = try openForAppend(path, expectingSize: expectingSize)
        defer { close(fd) }
        try writeThenSync(fd, path: path, restoring: expectingSize) { (fd) throws(VaultError) in
            let output = ByteOutput(fileDescriptor: fd, shown: path)
            try body(output)
            try output.flush()
        }
    }

    /// The file at `path` opened to append, when it has `expectingSize` bytes.
    private static func openForAppend(_ path: String, expectingSize: Int) throws(VaultError) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw VaultError.io(path, "open", errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw VaultError.io(path, "read the size of", errno: code)
        }
        guard Int(info.st_size) == expectingSize else {
            close(fd)
            throw VaultError(.changedOnDisk, "\(path) changed on disk since it was read; nothing was written",
                             details: ["Run the command again: it reads the file as it is now."])
        }
        return fd
    }

    /// Runs `write` on `fd`, then fsync; when either fails, the file is cut back to `size`.
    private static func writeThenSync(_ fd: Int32, path: String, restoring size: Int,
                                      _ write: (Int32) throws(VaultError) -> Void) throws(VaultError) {
        do {
            try write(fd)
        } catch {
            _ = ftruncate(fd, off_t(size))
            _ = fsync(fd)
            throw error
        }
        guard fsync(fd) == 0 else {
            let code = errno
            _ = ftruncate(fd, off_t(size))
            _ = fsync(fd)
            throw VaultError.io(path, "flush", errno: code)
        }
    }
}
