import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the vault's Markdown documents: every `.md` file except those in dot-folders and the
/// top-level `Templates/` folder. Every listing goes through one walk, `walk(_:from:temporaryFiles:)`.
public enum VaultScanner {
    /// Vault-relative paths, sorted.
    public static func documentPaths(in vault: Vault) -> [String] {
        paths(in: vault, from: [""])
    }

    /// Vault-relative paths of the documents under the vault-relative `folder`, sorted.
    public static func documentPaths(in vault: Vault, under folder: String) -> [String] {
        paths(in: vault, from: [folder])
    }

    /// Vault-relative paths of the drafts in `.afterflow/drafts/`, sorted.
    public static func draftPaths(in vault: Vault) -> [String] {
        paths(in: vault, from: [Vault.draftsFolder])
    }

    /// Whether the vault reads the file at vault-relative `relative` as a document: a `.md` file
    /// in no folder whose name starts with a dot, and not in the top-level `Templates/`.
    public static func isDocumentPath(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.last, name.hasSuffix(".md") else { return false }
        if parts.first == Substring(Vault.templatesFolder) { return false }
        return !parts.contains { $0.hasPrefix(".") }
    }

    private static func paths(in vault: Vault, from folders: [String]) -> [String] {
        var temporary: [String] = []
        return walk(vault.root, from: folders, temporaryFiles: &temporary).paths.sorted()
    }

    /// Every document of the vault (and, with `includeDrafts`, every draft) with its size and
    /// modification time, in no particular order (sorting 10,000 paths cost as much as the rest of
    /// a refresh that finds nothing changed).
    public static func scan(_ vault: Vault, includeDrafts: Bool) -> [ScannedFile] {
        var temporary: [String] = []
        return scan(vault, includeDrafts: includeDrafts, temporaryFiles: &temporary)
    }

    /// `scan`, also listing (vault-relative) the names of afterflow's temporary files it passed
    /// (see `TemporaryFiles`): the only names starting with a dot it looks at.
    public static func scan(_ vault: Vault, includeDrafts: Bool, temporaryFiles: inout [String]) -> [ScannedFile] {
        survey(vault, includeDrafts: includeDrafts, temporaryFiles: &temporaryFiles).files
    }

    /// `scan` as the refresh takes it: the files' fingerprints added up as they are found, their
    /// paths kept as bytes until asked for (`VaultScan.files`), which a refresh that finds nothing
    /// changed never does.
    static func survey(_ vault: Vault, includeDrafts: Bool, temporaryFiles: inout [String]) -> VaultScan {
        walk(vault.root, from: includeDrafts ? ["", Vault.draftsFolder] : [""], temporaryFiles: &temporaryFiles)
    }
}

extension VaultScanner {
    /// A folder found open, to be read by another thread: its descriptor and vault-relative path
    /// with a slash at the end.
    typealias OpenFolder = (fd: Int32, relative: [UInt8])

    /// The library's one directory walk: the `.md` files under each of `folders` (relative to
    /// `root`; "" is `root` itself), with their size and modification time, in no particular order.
    ///
    /// - A name starting with a dot (`.git`, `.afterflow`, `.obsidian`, another tool's folder or a
    ///   hidden file) is never entered or listed; those of afterflow's temporary files are added to
    ///   `temporaryFiles` (vault-relative).
    /// - `Templates/` is skipped at the top of `root` (when "" is walked), not when walked itself.
    /// - A link to a Markdown file counts; a link to a folder is not followed. The `folders`
    ///   themselves are opened by path, links and all.
    /// - Folders are read with `openat`/`fstatat`, relative to their parent, so that no path is
    ///   resolved twice; the folders two levels down (`sessions/2024`, …) and every other folder of
    ///   `folders` are walked on every core, each thread writing what it finds into its own
    ///   `VaultScan.Part` (no allocation per file).
    static func walk(_ root: String, from folders: [String], temporaryFiles: inout [String]) -> VaultScan {
        var top = VaultScan.Part()
        var deferred: [OpenFolder] = []
        // Opened before the walk of the top, which closes the root's descriptor when done.
        for folder in folders where !folder.isEmpty {
            let fd = open(root + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 { deferred.append((fd, Array((folder + "/").utf8))) }
        }
        if folders.contains("") {
            let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard rootFD >= 0 else {
                for folder in deferred { close(folder.fd) }
                return VaultScan(parts: [])
            }
            var below: [OpenFolder] = []
            walk(rootFD, relative: [], into: &top, top: true, depth: 0, deferred: &below)
            deferred = below + deferred
        }
        let parts = ResultBox<VaultScan.Part>(count: deferred.count)
        let work = deferred
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            var part = VaultScan.Part()
            var none: [OpenFolder] = []
            walk(work[i].fd, relative: work[i].relative, into: &part, top: false, depth: 2, deferred: &none)
            parts.set(i, part)
        }
        let all = [top] + parts.values
        for part in all { temporaryFiles += part.temporary }
        return VaultScan(parts: all)
    }

    /// Reads the folder open at `fd` (and closes it). Folders met at `depth` 1 are not walked but
    /// handed back in `deferred`, open, for another thread.
    private static func walk(_ fd: Int32, relative: [UInt8], into part: inout VaultScan.Part, top: Bool,
                             depth: Int, deferred: inout [OpenFolder]) {
        guard let handle = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(handle) }
        let directoryFD = dirfd(handle)
        // The folder's part of every path's hash, hashed once.
        let folderHash = ScannedFile.pathHash(relative)
        while let entry = readdir(handle) {
            var type = entry.pointee.d_type
            // The entry's name is used where it lies: a file's only copy is its path's bytes in `part`.
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                    let length = strlen(name)
                    let bytes = UnsafeRawBufferPointer(start: name, count: length).bindMemory(to: UInt8.self)
                    if length == 0 { return }
                    if bytes[0] == UInt8(ascii: ".") {
                        if TemporaryFiles.matches(bytes) { part.temporary.append(String(decoding: relative + bytes, as: UTF8.self)) }
                        return
                    }
                    if type == DT_UNKNOWN {
                        // Some file systems do not say: ask, without following a link.
                        guard let known = entryType(directoryFD, name) else { return }
                        type = known
                    }
                    if type == DT_DIR {
                        if top && bytes.elementsEqual(Vault.templatesFolder.utf8) { return }
                        let child = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                        guard child >= 0 else { return }
                        let folder = relative + bytes + [UInt8(ascii: "/")]
                        if depth == 1 {
                            deferred.append((child, folder))
                        } else {
                            walk(child, relative: folder, into: &part, top: false, depth: depth + 1, deferred: &deferred)
                        }
                        return
                    }
                    let isMarkdown = length > 3 && bytes[length - 3] == UInt8(ascii: ".") && bytes[length - 2] == UInt8(ascii: "m")
                        && bytes[length - 1] == UInt8(ascii: "d")
                    guard isMarkdown, type == DT_REG || type == DT_LNK else { return }
                    var info = stat()
                    // A link to a Markdown file counts; a link to a folder is not followed.
                    guard fstatat(directoryFD, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
                    part.add(folder: relative, folderHash: folderHash, name: bytes, size: Int64(info.st_size), modified: modificationTime(info))
                }
            }
        }
    }

    /// The type of the entry `name` of the folder open at `directoryFD`, as `readdir` names types,
    /// from `fstatat` without following a link; nil for anything but a folder, a link or a file.
    private static func entryType(_ directoryFD: Int32, _ name: UnsafePointer<CChar>) -> UInt8? {
        var info = stat()
        guard fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFREG: return UInt8(DT_REG)
        default: return nil
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
