import Foundation

/// Creates and changes session files in a vault: where they go, and writing them safely.
public struct SessionStore: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The session template: the vault's `Templates/session.md`, or the built-in one.
    public func template() throws(VaultError) -> SessionTemplate {
        let path = vault.root + "/" + Vault.templatesFolder + "/session.md"
        guard FileIO.exists(path) else { return SessionTemplate.builtIn }
        let bytes = try FileIO.read(path)
        do {
            return try SessionTemplate(text: String(decoding: bytes, as: UTF8.self), path: path)
        } catch {
            throw VaultError(.invalid, error.message)
        }
    }

    /// Writes a new session: into `sessions/YYYY/` when it is part of the journal, into
    /// `.afterflow/drafts/` while it is a draft, or while its date is after `now` (a session planned
    /// ahead, such as an intention written the night before). Returns the vault-relative path.
    public func create(_ values: SessionValues, now: Date) throws(VaultError) -> (path: String, document: Document) {
        let prepared = try prepare(values, template: template(), now: now)
        let bytes = prepared.document.bytes
        let relative = try vault.withLock { () throws(VaultError) -> String in
            let named = try freePath(in: prepared.folder, base: prepared.stem)
            try WriteCheck.validate(prepared.document, at: named)
            let (absolute, relative) = try placeForNewFile(named, draft: prepared.folder == Vault.draftsFolder)
            try FileIO.createDirectories(FileIO.parentPath(of: absolute))
            try FileIO.create(absolute, contents: bytes)
            return relative
        }
        return (relative, prepared.document)
    }

    /// Replaces an entry's file with `document`, if it still holds what was read. A draft that has
    /// become part of the journal moves to `sessions/YYYY/`, once its date has come (a session
    /// planned ahead stays a draft until then: `now` in the vault's time zone). Returns the path it
    /// ends up at.
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
        try WriteCheck.validate(document, at: entry.path)
        // A session file that is a link to a file inside the vault is written through to it.
        let absolute = try vault.writablePath(entry.path)
        let session = Session(document: document)
        if entry.isDraft && session.status != .draft, let date = session.date, !date.isAfter(now, in: vault.timeZone),
           let treatment = session.treatment {
            let folder = Vault.sessionsFolder + "/" + String(format: "%04d", date.year)
            let named = try freePath(in: folder, base: "\(date.dayString)-\(treatment.rawValue)")
            let (destination, relative) = try placeForNewFile(named, draft: false)
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

    /// `2024-12-10-psilocybin`: the session's local day and treatment.
    func fileStem(for values: SessionValues) -> String {
        "\(values.date.dayString)-\(values.treatment.rawValue)"
    }

    /// `folder/base.md`, or `base-2.md`, `base-3.md`… when taken on disk or in `reserved`.
    func freePath(in folder: String, base: String, reserved: Set<String> = []) throws(VaultError) -> String {
        let safe = SessionStore.sanitize(base)
        var candidate = "\(folder)/\(safe).md"
        var n = 2
        func taken(_ relative: String) throws(VaultError) -> Bool {
            if reserved.contains(relative) { return true }
            return FileIO.exists(try vault.path(relative))
        }
        while try taken(candidate) {
            candidate = "\(folder)/\(safe)-\(n).md"
            n += 1
        }
        return candidate
    }

    /// Keeps letters, digits, `-` and `_`; anything else becomes `-`.
    static func sanitize(_ name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let ok = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x2D || v == 0x5F
            return ok ? Character(scalar) : "-"
        }
        let text = String(mapped)
        return text.isEmpty ? "session" : text
    }
}
