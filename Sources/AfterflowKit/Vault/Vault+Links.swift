/// Symbolic links inside the vault: written through when they lead inside it, refused otherwise.
extension Vault {
    /// The absolute path to write for vault-relative `relative`, refusing a path that leads outside
    /// the vault's real folder through a symbolic link.
    ///
    /// Each part of the path that is a link is resolved (`realpath`, or the link's own text when
    /// it leads nowhere yet) and must stay inside `realRoot`; the error names the link. When a
    /// link was followed the answer is the resolved path, so a write reaches the link's target and
    /// the link stays a link; otherwise it is `root` joined with `relative`. With
    /// `followingFinalLink` false the last part is taken as it is (a move or removal of the link
    /// itself).
    public func writablePath(_ relative: String, followingFinalLink: Bool = true) throws(VaultError) -> String {
        let lexical = try path(relative)
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var real = realRoot
        var named: [String] = []
        var followed = false
        for (index, part) in parts.enumerated() {
            let candidate = real + "/" + part
            named.append(part)
            guard index < parts.count - 1 || followingFinalLink, let text = FileIO.linkTarget(candidate) else {
                real = candidate
                continue
            }
            let target = FileIO.realPath(candidate)
                ?? Vault.normalize(text.hasPrefix("/") ? text : FileIO.parentPath(of: candidate) + "/" + text)
            guard target == realRoot || target.hasPrefix(realRoot + "/") else {
                throw VaultError(.outsideVault,
                    "\(named.joined(separator: "/")) is a link to \(target), outside the vault; afterflow writes only inside the vault",
                    details: ["Nothing was written. Make \(named.joined(separator: "/")) a folder or file inside the vault, or move what it points to into the vault."])
            }
            real = target
            followed = true
        }
        return followed ? real : lexical
    }
}
