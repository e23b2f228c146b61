#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The temporary files afterflow writes beside a file before renaming them into place
/// (`.2024-12-10-psilocybin.md.Ab12Cd.tmp`), and the removal of those a killed command left.
///
/// The index's refresh notices them while it lists the vault's folders (`VaultScanner.scan`
/// looks at names starting with a dot only for this), so finding them costs nothing more. The
/// process that then takes the vault's lock removes those older than a minute: every afterflow
/// write holds the lock, so an older one belongs to no write under way.
///
/// A command that writes without refreshing the index (`trial`, `record`, `mood`) lists only the
/// folders it wrote a temporary file into itself, where a killed write of the same file left
/// its own: listing every folder of a large vault would cost more than the write (an append
/// writes no temporary file, so `trial` lists nothing). A leftover elsewhere waits for the next
/// write after a refresh, harmless meanwhile (no reader takes it, git ignores it).
public enum TemporaryFiles {
    /// How old a temporary file must be before it is removed, in seconds.
    public static let staleAge: TimeInterval = 60

    /// The `.gitignore` pattern that matches them (and other programs' dot-files ending in `.tmp`).
    public static let gitignorePattern = ".*.tmp"

    /// Whether `name` has afterflow's form: a dot, a name, a dot, six letters or digits, `.tmp`.
    static func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.count
        guard count >= 13, name[0] == UInt8(ascii: "."), name[count - 11] == UInt8(ascii: "."),
              name[count - 4] == UInt8(ascii: "."), name[count - 3] == UInt8(ascii: "t"),
              name[count - 2] == UInt8(ascii: "m"), name[count - 1] == UInt8(ascii: "p") else { return false }
        for byte in name[(count - 10)..<(count - 4)] {
            let isDigit = byte >= 0x30 && byte <= 0x39
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            guard isDigit || isLetter else { return false }
        }
        return true
    }

    static func matches(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { matches($0) }
    }

    /// Notes the temporary files (vault-relative) a scan of `vault` found, for `sweep`.
    static func notice(_ paths: [String], in vault: Vault) {
        guard !paths.isEmpty else { return }
        Noticed.shared.add(paths, for: vault.root)
    }

    /// Notes that this process made a temporary file in `folder` (absolute), for `sweep`.
    static func wroteTemporary(in folder: String) {
        Noticed.shared.wrote(in: folder)
    }

    /// Removes the temporary files noticed in `vault` that are older than `staleAge`: regular
    /// files of afterflow's form only, never through a link out of the vault. Call it holding the
    /// vault's lock. Returns the vault-relative paths removed.
    @discardableResult
    static func sweep(_ vault: Vault, now: Date) -> [String] {
        var removed: [String] = []
        // A command that did not refresh the index noticed nothing: the folders it wrote into
        // are listed instead (names only, nothing read or stat'ed but them).
        let written = listed(in: vault, folders: Noticed.shared.takeWritten(under: vault.root))
        for relative in Set(Noticed.shared.take(for: vault.root) + written).sorted() {
            guard matches(String(relative.split(separator: "/").last ?? "")),
                  let path = try? vault.writablePath(relative, followingFinalLink: false) else { continue }
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Double(VaultScanner.modificationTime(info)) / 1_000_000_000
            guard now.timeIntervalSince1970 - modified > staleAge else { continue }
            if unlink(path) == 0 { removed.append(relative) }
        }
        return removed
    }

    /// The vault-relative paths of afterflow's temporary files in the vault's folders, by name
    /// alone: the folders the index reads (dot-folders left out, but `.afterflow/drafts`).
    static func listed(in vault: Vault) -> [String] {
        var folders = [""]
        if FileIO.exists(vault.root + "/" + Vault.draftsFolder) { folders.append(Vault.draftsFolder) }
        return listed(in: vault, folders: folders, descending: true)
    }

    /// The temporary files in `folders` (vault-relative), and in their sub-folders when `descending`.
    static func listed(in vault: Vault, folders start: [String], descending: Bool = false) -> [String] {
        var found: [String] = []
        var folders = start
        while let folder = folders.popLast() {
            guard let dir = opendir(folder.isEmpty ? vault.root : vault.root + "/" + folder) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                let relative = folder.isEmpty ? name : folder + "/" + name
                if name.hasPrefix(".") {
                    if matches(name) { found.append(relative) }
                } else if descending, entry.pointee.d_type == UInt8(DT_DIR) || (entry.pointee.d_type == UInt8(DT_UNKNOWN) && isFolder(vault.root + "/" + relative)) {
                    folders.append(relative)
                }
            }
        }
        return found.sorted()
    }

    /// Whether `path` is a folder itself (not a link to one).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The temporary files noticed by scans in this process, by vault root.
    private final class Noticed: @unchecked Sendable {
        static let shared = Noticed()
        private let mutex = NSLock()
        private var paths: [String: Set<String>] = [:]

        func add(_ found: [String], for root: String) {
            mutex.lock()
            paths[root, default: []].formUnion(found)
            mutex.unlock()
        }

        /// The paths noticed for `root`, once.
        func take(for root: String) -> [String] {
            mutex.lock()
            defer { mutex.unlock() }
            return paths.removeValue(forKey: root).map { $0.sorted() } ?? []
        }
        /// Absolute folders this process made a temporary file in, since the last sweep of them.
        private var written: Set<String> = []

        func wrote(in folder: String) {
            mutex.lock()
            written.insert(folder)
            mutex.unlock()
        }

        /// The vault-relative folders under `root` written into, once.
        func takeWritten(under root: String) -> [String] {
            mutex.lock()
            defer { mutex.unlock() }
            var found: [String] = []
            for folder in written where folder == root || folder.hasPrefix(root + "/") {
                written.remove(folder)
                found.append(folder == root ? "" : String(folder.dropFirst(root.count + 1)))
            }
            return found.sorted()
        }
    }
}
