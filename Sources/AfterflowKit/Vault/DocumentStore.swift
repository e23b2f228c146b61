import Foundation

/// The one way afterflow writes the documents of a vault, of every kind: a new file goes where
/// its kind's `Placement` puts it, under the one free-name rule (`FreeName`); a changed file is
/// saved over what was read, and only when it still holds that. Every write holds the vault's
/// lock, is checked by `WriteCheck` first (no file that `check` rejects, never over another tool's
/// note), and is atomic or an fsync'd append. The time is the caller's (`now:`): the store reads
/// no clock.
public struct DocumentStore: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    // MARK: - Create

    /// Writes a new document where `placement` puts it, under the first free name (see
    /// `FreeName`), never over a file. `refusal` runs first, holding the lock: a kind whose name
    /// must be new throws there when it is taken. Returns the vault-relative path.
    @discardableResult
    public func create(_ document: Document, at placement: Placement,
                       refusing refusal: () throws(VaultError) -> Void = {}) throws(VaultError) -> String {
        try vault.withLock { () throws(VaultError) -> String in
            try refusal()
            let named = try namedFreely(placement)
            try WriteCheck.validate(document, at: named, config: vault.config)
            let (absolute, relative) = try destination(of: named, placement)
            try FileIO.createDirectories(FileIO.parentPath(of: absolute))
            try FileIO.create(absolute, contents: document.bytes)
            return relative
        }
    }

    /// Writes a new file at the vault-relative `path` (folders made as needed); fails rather than
    /// replace a file that is there.
    public func create(_ path: String, text: String) throws(VaultError) {
        try create(Document(text), at: .exactly(path))
    }

    /// The first free path of `placement` (see `freePath`), or the placement's error when none is.
    func namedFreely(_ placement: Placement, reserved: Set<String> = []) throws(VaultError) -> String {
        guard let named = try freePath(for: placement, reserved: reserved) else {
            throw placement.full ?? VaultError(.exists, "\(placement.path(attempt: 1)) and the names after it are taken; nothing was written")
        }
        return named
    }

    /// The first free path of `placement` (taken on disk or in `reserved`); nil when its names
    /// up to its limit are all taken. A placement of one exact name gives that name.
    func freePath(for placement: Placement, reserved: Set<String> = []) throws(VaultError) -> String? {
        guard case .free(let limit) = placement.naming else { return placement.path(attempt: 1) }
        return try FreeName.first(limit: limit, placement.path(attempt:)) { candidate throws(VaultError) -> Bool in
            if reserved.contains(candidate) { return true }
            return FileIO.exists(try vault.path(candidate))
        }
    }

    /// Where the new file `named` (vault-relative) is written, and the vault-relative path to
    /// report: for a session, through the links inside the vault that lead to it (see
    /// `placeForNewFile`); for the other kinds, the name itself.
    func destination(of named: String, _ placement: Placement) throws(VaultError) -> (absolute: String, relative: String) {
        if placement.followsLinks {
            return try placeForNewFile(named, draft: placement.folder == Vault.draftsFolder)
        }
        return (try vault.writablePath(named), named)
    }

    /// Where a new file named `named` (vault-relative) is written, and its vault-relative path
    /// there: through the links inside the vault that lead to it (see `Vault.writablePath`). A
    /// session that a link would put where the vault reads no documents (a dot-folder,
    /// `Templates/`) is refused, so that 'list' always sees what 'new' created.
    func placeForNewFile(_ named: String, draft: Bool) throws(VaultError) -> (absolute: String, relative: String) {
        let absolute = try vault.writablePath(named)
        let relative = vault.relativePath(absolute) ?? named
        if !draft && !VaultScanner.isDocumentPath(relative) {
            throw VaultError(.outsideVault,
                "\(named) would be written to \(relative) through a link, where afterflow does not read sessions; nothing was written",
                details: ["Point the link at a folder of the vault that is not hidden and not Templates/, or make it a plain folder."])
        }
        return (absolute, relative)
    }

    // MARK: - Read

    /// Reads a document of the vault.
    public func read(_ path: String) throws(VaultError) -> VaultEntry {
        VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path)))
    }

    /// The entry as it is on disk now: at its path, or (a session) found again by id.
    func reread(_ entry: VaultEntry) throws(VaultError) -> VaultEntry {
        let id = entry.session?.id
        let absolute = try vault.path(entry.path)
        if FileIO.exists(absolute) {
            let fresh = VaultEntry(path: entry.path, bytes: try FileIO.read(absolute))
            if id == nil || fresh.session?.id == id { return fresh }
        }
        if let id, let moved = try self.entry(withID: id) { return moved }
        throw VaultError(.noMatch, "\(entry.path) is no longer in the vault; it was moved or deleted while afterflow ran")
    }

    /// The session or draft with `id`, read from disk.
    public func entry(withID id: UUID) throws(VaultError) -> VaultEntry? {
        let state = vault.root + "/" + Vault.stateFolder
        guard FileIO.isDirectory(state) else { throw VaultError.io(state, "read", errno: ENOENT) }
        return VaultCatalog(vault: vault).entries.first { $0.session?.id == id }
    }
}
