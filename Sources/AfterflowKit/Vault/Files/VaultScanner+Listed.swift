#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the walk of the whole vault (`documentPaths(in:)`) would list, asked of one file or one
/// folder without walking the rest: for a check of a few files (`PracticeCheck.diagnostics(of:)`),
/// which must see the same files as the check of the whole vault.
extension VaultScanner {
    /// Whether `documentPaths(in:)` lists the vault-relative `relative`: a document path written as
    /// the walk writes it (no empty part), every folder on the way a folder the walk enters (not a
    /// link to one, readable), and the file a regular file or a link to one.
    public static func lists(_ relative: String, in vault: Vault) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard isDocumentPath(relative), !parts.contains(where: \.isEmpty), entersFolders(parts.dropLast(), root: vault.root) else { return false }
        var info = stat()
        return stat(vault.root + "/" + relative, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The vault-relative paths under the vault-relative `folder` that `documentPaths(in:)` lists,
    /// sorted: `documentPaths(in:under:)` when the walk of the vault enters `folder` (no part of it
    /// a link, a dot-folder or the top-level `Templates/`), else none.
    public static func listedPaths(in vault: Vault, under folder: String) -> [String] {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }), parts[0] != Substring(Vault.templatesFolder),
              entersFolders(parts[...], root: vault.root) else { return [] }
        return documentPaths(in: vault, under: folder)
    }

    /// Whether each of the folders `parts` names in turn below `root` is a folder the walk opens:
    /// a directory, not a link to one (the walk opens with `O_NOFOLLOW`), that can be read.
    private static func entersFolders(_ parts: ArraySlice<Substring>, root: String) -> Bool {
        var path = root
        for part in parts {
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, access(path, R_OK | X_OK) == 0 else { return false }
        }
        return true
    }
}
