import Foundation

extension SessionStore {
    /// What `update` did.
    public struct Update: Sendable {
        /// The file as it was when the lock was taken.
        public var before: VaultEntry
        /// The session's vault-relative path afterwards (a finished draft moves into the journal).
        public var path: String
        public var document: Document
        /// Whether anything was written.
        public var changed: Bool
    }

    /// Changes a session with no window for another process: takes the vault's lock, reads the
    /// file again, applies `change` to what is on disk now, and saves the result.
    ///
    /// The session is found at `entry.path`, or by its id when it has moved since `entry` was read.
    /// `now` decides whether a finished draft's date has come (see `save`).
    public func update(_ entry: VaultEntry, now: Date, _ change: (VaultEntry) throws(VaultError) -> Document) throws(VaultError) -> Update {
        try vault.withLock { () throws(VaultError) -> Update in
            let current = try reread(entry)
            let document = try change(current)
            guard document.bytes != current.document.bytes else {
                return Update(before: current, path: current.path, document: current.document, changed: false)
            }
            let path = try saveHoldingLock(document, over: current, now: now)
            return Update(before: current, path: path, document: document, changed: true)
        }
    }

    /// Moves a draft that is ready (it has an intention and a mood before, and its date has come)
    /// into the journal as it is, bringing `status` and `updated` up to date. A draft that is not
    /// ready stays where it is; the returned path says which.
    public func finishDraft(_ entry: VaultEntry, now: Date) throws(VaultError) -> Update {
        let editor = SessionEditor(timeZone: vault.timeZone)
        return try vault.withLock { () throws(VaultError) -> Update in
            let current = try reread(entry)
            let session = Session(document: current.document)
            guard current.isDraft, session.status != .draft, let date = session.date, !date.isAfter(now, in: vault.timeZone) else {
                return Update(before: current, path: current.path, document: current.document, changed: false)
            }
            let document = editor.finishing(current.document, now: now)
            let path = try saveHoldingLock(document, over: current, now: now)
            return Update(before: current, path: path, document: document, changed: true)
        }
    }

    /// The entry as it is on disk now: at its path, or found again by id.
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
