import Foundation

/// Saving a changed document, of any kind: over the file as it was read, never over a change made
/// on disk since.
extension DocumentStore {
    /// What `update` did.
    public struct Update: Sendable {
        /// The file as it was when the lock was taken.
        public var before: VaultEntry
        /// The document's vault-relative path afterwards (a finished draft moves into the journal).
        public var path: String
        public var document: Document
        /// Whether anything was written.
        public var changed: Bool
    }

    /// Changes a document with no window for another process: takes the vault's lock, reads the
    /// file again, applies `change` to what is on disk now, and saves the result (see `save`).
    ///
    /// The document is found at `entry.path`, or (a session) by its id when it has moved since
    /// `entry` was read. `now` decides whether a finished draft's date has come (see `save`).
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

    /// Replaces an entry's file with `document`, if it still holds what was read. A session draft
    /// that has become part of the journal moves to `sessions/YYYY/`, once its date has come (a
    /// session planned ahead stays a draft until then: `now` in the vault's time zone). Returns
    /// the path it ends up at.
    ///
    /// Holds the vault's lock; a file changed since it was read is not overwritten.
    @discardableResult
    public func save(_ document: Document, over entry: VaultEntry, now: Date) throws(VaultError) -> String {
        try vault.withLock { () throws(VaultError) -> String in try saveHoldingLock(document, over: entry, now: now) }
    }

    func saveHoldingLock(_ document: Document, over entry: VaultEntry, now: Date) throws(VaultError) -> String {
        // Never over another tool's note, and never a file that 'check' rejects.
        if entry.isPlainNote {
            throw VaultError(.invalid, "refusing to write \(entry.path): " + DocumentReference.whatItIs(entry) + "; afterflow leaves such files alone")
        }
        if let refusal = Self.signatureLock(path: entry.path, before: entry.document, after: document) { throw refusal }
        try WriteCheck.validate(document, at: entry.path, config: vault.config)
        // A file that is a link to a file inside the vault is written through to it.
        let absolute = try vault.writablePath(entry.path)
        if let journal = journalPlacement(of: document, over: entry, now: now) {
            let named = try namedFreely(journal)
            let (destination, relative) = try destination(of: named, journal)
            let source = try vault.writablePath(entry.path, followingFinalLink: false)
            try FileIO.createDirectories(FileIO.parentPath(of: destination))
            // The finished text goes into the draft's own file (refused if it changed since it
            // was read), then the file moves into the journal in one rename that never replaces.
            try FileIO.replace(absolute, expecting: entry.document.bytes, with: document.bytes)
            try FileIO.move(source, to: destination)
            return relative
        }
        try FileIO.replace(absolute, expecting: entry.document.bytes, with: document.bytes)
        return entry.path
    }

    /// Where a session draft saved as `document` goes when it has become part of the journal and
    /// its date has come; nil while it stays where it is (and for every other kind).
    func journalPlacement(of document: Document, over entry: VaultEntry, now: Date) -> Placement? {
        guard entry.isDraft else { return nil }
        let session = Session(document: document)
        guard session.status != .draft, let date = session.date, !date.isAfter(now, in: vault.timeZone),
              let treatment = session.treatment else { return nil }
        return .session(folder: Vault.sessionsFolder + "/" + String(format: "%04d", date.year),
                        stem: "\(date.dayString)-\(treatment.rawValue)")
    }
}
