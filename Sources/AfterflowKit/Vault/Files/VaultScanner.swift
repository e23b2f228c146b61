#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the vault's Markdown documents: every `.md` file except those in dot-folders and the
/// top-level `Templates/` folder.
public enum VaultScanner {
    /// Vault-relative paths, sorted.
    public static func documentPaths(in vault: Vault) -> [String] {
        var found: [String] = []
        walk(vault.root, relative: "", into: &found, top: true)
        return found.sorted()
    }

    /// Vault-relative paths of the documents under the vault-relative `folder`, sorted.
    public static func documentPaths(in vault: Vault, under folder: String) -> [String] {
        var found: [String] = []
        walk(vault.root + "/" + folder, relative: folder + "/", into: &found, top: false)
        return found.sorted()
    }

    /// Vault-relative paths of the drafts in `.afterflow/drafts/`, sorted.
    public static func draftPaths(in vault: Vault) -> [String] {
        var found: [String] = []
        walk(vault.root + "/" + Vault.draftsFolder, relative: Vault.draftsFolder + "/", into: &found, top: false)
        return found.sorted()
    }

    /// Whether the vault reads the file at vault-relative `relative` as a document: a `.md` file
    /// in no folder whose name starts with a dot, and not in the top-level `Templates/`.
    public static func isDocumentPath(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.last, name.hasSuffix(".md") else { return false }
        if parts.first == Substring(Vault.templatesFolder) { return false }
        return !parts.contains { $0.hasPrefix(".") }
    }

    private static func walk(_ directory: String, relative: String, into found: inout [String], top: Bool) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            if top && name == Vault.templatesFolder { continue }
            let path = directory + "/" + name
            var isDirectory = entry.pointee.d_type == DT_DIR
            var isFile = entry.pointee.d_type == DT_REG
            if entry.pointee.d_type == DT_UNKNOWN || entry.pointee.d_type == DT_LNK {
                var info = stat()
                if stat(path, &info) == 0 {
                    isDirectory = (info.st_mode & S_IFMT) == S_IFDIR && entry.pointee.d_type != DT_LNK
                    isFile = (info.st_mode & S_IFMT) == S_IFREG
                }
            }
            if isDirectory {
                walk(path, relative: relative + name + "/", into: &found, top: false)
            } else if isFile && name.hasSuffix(".md") {
                found.append(relative + name)
            }
        }
    }
}
