extension Vault {
    /// A path of the vault as the user can type it from `directory` (the current folder, absolute):
    /// relative to it when the file is inside it (`sessions/2024/x.md` from the vault's root,
    /// `2024/x.md` from `sessions/`), relative through `..` when both are inside the vault
    /// (`../sessions/2024/x.md` from `notes/`), and absolute otherwise (with `--vault` from
    /// elsewhere).
    ///
    /// `path` is vault-relative, or absolute. The current folder is compared with both the vault's
    /// path and its real path, as `getcwd` gives a folder with its links resolved.
    public func displayPath(_ path: String, from directory: String) -> String {
        let here = Vault.normalize(directory)
        let relative = path.hasPrefix("/") ? relativePath(path) : String(Vault.normalize("/" + path).dropFirst())
        guard let relative else { return Vault.relative(Vault.normalize(path), from: here, within: nil) ?? Vault.normalize(path) }
        for base in root == realRoot ? [root] : [root, realRoot] {
            let absolute = relative.isEmpty ? base : base + "/" + relative
            if let shown = Vault.relative(absolute, from: here, within: base) { return shown }
        }
        return relative.isEmpty ? root : root + "/" + relative
    }

    /// `absolute` relative to `here` when it is inside `here`, or (with `within`) when both are
    /// inside that folder; nil otherwise.
    private static func relative(_ absolute: String, from here: String, within base: String?) -> String? {
        if absolute == here { return "." }
        if here == "/" { return String(absolute.dropFirst()) }
        if absolute.hasPrefix(here + "/") { return String(absolute.dropFirst(here.count + 1)) }
        guard let base, here.hasPrefix(base + "/"), absolute == base || absolute.hasPrefix(base + "/") else { return nil }
        let from = here.split(separator: "/")
        let to = absolute.split(separator: "/")
        var common = 0
        while common < from.count && common < to.count && from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(String.init)).joined(separator: "/")
    }
}
