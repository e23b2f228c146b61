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
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw VaultError.io(path, "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw VaultError.io(path, "read the size of", errno: errno) }
        guard Int(info.st_size) == expectingSize else {
            throw VaultError(.changedOnDisk, "\(path) changed on disk since it was read; nothing was written",
                             details: ["Run the command again: it reads the file as it is now."])
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                _ = ftruncate(fd, off_t(expectingSize))
                _ = fsync(fd)
                throw VaultError.io(path, "append to", errno: code)
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let code = errno
            _ = ftruncate(fd, off_t(expectingSize))
            _ = fsync(fd)
            throw VaultError.io(path, "flush", errno: code)
        }
    }
}
