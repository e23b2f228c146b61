import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A document found on disk, with what a refresh compares: size and modification time.
public struct ScannedFile: Sendable, Hashable {
    /// Vault-relative, with `/` separators.
    public let path: String
    public let size: Int64
    /// Nanoseconds since 1970.
    public let modified: Int64
    /// A hash of the three, which the index's fingerprints add up (made here, on the scan's threads).
    let fingerprint: UInt64

    public init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
        fingerprint = ScannedFile.fingerprint(path: path, size: size, modified: modified)
    }

    /// FNV-1a of the path, then size and time mixed in with SplitMix64's finaliser, so that any
    /// change moves every bit of a sum of them.
    static func fingerprint(path: String, size: Int64, modified: Int64) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var path = path
        path.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return mix(mix(hash ^ UInt64(bitPattern: size)) ^ UInt64(bitPattern: modified))
    }
}

extension VaultScanner {
    /// Every document of the vault (and, with `includeDrafts`, every draft) with its size and
    /// modification time, in no particular order (sorting 10,000 paths cost as much as the rest of
    /// a refresh that finds nothing changed). Folders are read with `openat`/`fstatat`, relative to
    /// their parent, so that no path is resolved twice.
    public static func scan(_ vault: Vault, includeDrafts: Bool) -> [ScannedFile] {
        var temporary: [String] = []
        return scan(vault, includeDrafts: includeDrafts, temporaryFiles: &temporary)
    }

    /// `scan`, also listing (vault-relative) the names of afterflow's temporary files it passed
    /// (see `TemporaryFiles`): the only names starting with a dot it looks at.
    public static func scan(_ vault: Vault, includeDrafts: Bool, temporaryFiles: inout [String]) -> [ScannedFile] {
        var found: [ScannedFile] = []
        found.reserveCapacity(1024)
        let rootFD = open(vault.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return [] }
        // Opened before the walk, which closes the root's descriptor when done.
        let draftsFD = includeDrafts ? openat(rootFD, Vault.draftsFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        // The folders two levels down (sessions/2024, …) are walked on every core.
        var folders: [(fd: Int32, relative: String)] = []
        walk(rootFD, relative: "", into: &found, temporary: &temporaryFiles, top: true, depth: 0, deferred: &folders)
        if draftsFD >= 0 { folders.append((draftsFD, Vault.draftsFolder + "/")) }
        let parts = ResultBox<([ScannedFile], [String])>(count: folders.count)
        let work = folders
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            var local: [ScannedFile] = []
            var localTemporary: [String] = []
            var none: [(fd: Int32, relative: String)] = []
            walk(work[i].fd, relative: work[i].relative, into: &local, temporary: &localTemporary, top: false, depth: 2, deferred: &none)
            parts.set(i, (local, localTemporary))
        }
        for (part, temporary) in parts.values {
            found += part
            temporaryFiles += temporary
        }
        return found
    }

    /// Reads the folder open at `fd` (and closes it). Folders met at `depth` 1 are not walked but
    /// handed back in `deferred`, open, for another thread.
    private static func walk(_ fd: Int32, relative: String, into found: inout [ScannedFile], temporary: inout [String], top: Bool,
                             depth: Int, deferred: inout [(fd: Int32, relative: String)]) {
        guard let handle = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(handle) }
        let directoryFD = dirfd(handle)
        let prefix = Array(relative.utf8)
        while let entry = readdir(handle) {
            var type = entry.pointee.d_type
            // The entry's name is used where it lies: most are files, whose only String is their path.
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                    let length = strlen(name)
                    let bytes = UnsafeRawBufferPointer(start: name, count: length).bindMemory(to: UInt8.self)
                    if length == 0 { return }
                    if bytes[0] == UInt8(ascii: ".") {
                        if TemporaryFiles.matches(bytes) { temporary.append(relative + String(decoding: bytes, as: UTF8.self)) }
                        return
                    }
                    if type == DT_UNKNOWN {
                        // Some file systems do not say: ask, without following a link.
                        var info = stat()
                        guard fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                        switch info.st_mode & S_IFMT {
                        case S_IFDIR: type = UInt8(DT_DIR)
                        case S_IFLNK: type = UInt8(DT_LNK)
                        case S_IFREG: type = UInt8(DT_REG)
                        default: return
                        }
                    }
                    if type == DT_DIR {
                        let folder = String(decoding: bytes, as: UTF8.self)
                        if top && folder == Vault.templatesFolder { return }
                        let child = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                        guard child >= 0 else { return }
                        if depth == 1 {
                            deferred.append((child, relative + folder + "/"))
                        } else {
                            walk(child, relative: relative + folder + "/", into: &found, temporary: &temporary, top: false, depth: depth + 1, deferred: &deferred)
                        }
                        return
                    }
                    let isMarkdown = length > 3 && bytes[length - 3] == UInt8(ascii: ".") && bytes[length - 2] == UInt8(ascii: "m")
                        && bytes[length - 1] == UInt8(ascii: "d")
                    guard isMarkdown, type == DT_REG || type == DT_LNK else { return }
                    var info = stat()
                    // A link to a Markdown file counts; a link to a folder is not followed.
                    guard fstatat(directoryFD, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
                    let path = String(unsafeUninitializedCapacity: prefix.count + length) { buffer in
                        _ = buffer.initialize(fromContentsOf: prefix)
                        _ = buffer[prefix.count...].initialize(fromContentsOf: bytes)
                        return prefix.count + length
                    }
                    found.append(ScannedFile(path: path, size: Int64(info.st_size), modified: modificationTime(info)))
                }
            }
        }
    }

    static func modificationTime(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
