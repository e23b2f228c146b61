/// Where a file named with `-o` (an export, a calendar) may be written: never into the vault's
/// own state, never over one of its documents or templates, and over any other existing file only
/// when the user says so.
public enum OutputPath {
    /// The file to write for `path` (absolute, as named; `..` and links are resolved here), or an
    /// error that names it as the user did (`shown`) or as a vault-relative path.
    ///
    /// Refused: anything in `.afterflow/` or `Templates/`; a Markdown file the vault reads as a
    /// document, whether it exists or would become one; an existing file elsewhere unless `force`.
    /// A new file of another kind inside the vault (`exports/report.html`) is fine. `what` is
    /// `the export` or `the calendar`.
    public static func check(_ path: String, shown: String, vault: Vault, force: Bool, what: String) throws(VaultError) -> String {
        let target = resolved(path)
        let exists = FileIO.exists(target)
        if let relative = vault.relativePath(target) {
            let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
            if parts.first == Substring(Vault.stateFolder) {
                throw VaultError(.outsideVault, "refusing to write \(what) to \(relative), inside afterflow's own folder \(Vault.stateFolder)/; choose another path")
            }
            if parts.first == Substring(Vault.templatesFolder) {
                throw VaultError(.outsideVault, exists
                    ? "refusing to write \(what) over \(relative), a template of the vault; choose another path"
                    : "refusing to write \(what) to \(relative), in the vault's \(Vault.templatesFolder)/ folder; choose another path")
            }
            if VaultScanner.isDocumentPath(relative) {
                guard exists else {
                    throw VaultError(.outsideVault, "refusing to write \(what) to \(relative): the vault would read it as a document; choose another path")
                }
                let isSession = (try? FileIO.read(target)).map { VaultEntry(path: relative, bytes: $0).session != nil } ?? false
                throw VaultError(.outsideVault, "refusing to write \(what) over \(relative), a \(isSession ? "session" : "document") of the vault; choose another path")
            }
        }
        if exists && !force {
            throw VaultError(.exists, "\(shown) exists; add --force to replace it")
        }
        return target
    }

    /// `path` with its links and `..` resolved as the system would when writing to it: the file
    /// itself when it is there (through a link), else its folder's real path and its name (a
    /// dangling link's target, resolved the same way).
    static func resolved(_ path: String, depth: Int = 0) -> String {
        if let real = FileIO.realPath(path) { return real }
        let folder = FileIO.parentPath(of: path)
        let name = String(path.split(separator: "/").last ?? "")
        let base = FileIO.realPath(folder) ?? Vault.normalize(folder)
        if depth < 8, let text = FileIO.linkTarget(base + "/" + name) {
            return resolved(text.hasPrefix("/") ? text : base + "/" + text, depth: depth + 1)
        }
        return Vault.normalize(base + "/" + name)
    }
}
