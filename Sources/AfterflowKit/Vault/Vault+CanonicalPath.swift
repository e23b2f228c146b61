extension Vault {
    /// `relative` spelled one way: the parts between slashes, without empty ones (`//`, a slash at
    /// the end) or `.` ones (`./clients/…`, `clients/./…`). Two spellings of one file give the same
    /// answer, so what is keyed by a path (the phone server's ledger of trials) is keyed once.
    /// Refuses what `path(_:)` refuses: an absolute path, `..`, a NUL.
    public static func canonicalPath(_ relative: String) throws(VaultError) -> String {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.hasPrefix("/"), !parts.contains(where: { $0 == ".." }), !relative.utf8.contains(0) else {
            throw VaultError(.outsideVault, "\(relative) is outside the vault; afterflow writes only inside it")
        }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }
}
