import Foundation

/// Sessions: the template they are written from, and where a new one goes.
extension DocumentStore {
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
        let relative = try create(prepared.document, at: prepared.placement)
        return (relative, prepared.document)
    }

    /// Moves a draft that is ready (it has an intention and a mood before, and its date has come)
    /// into the journal as it is, bringing `status` and `updated` up to date. A draft that is not
    /// ready stays where it is; the returned path says which.
    public func finishDraft(_ entry: VaultEntry, now: Date) throws(VaultError) -> Update {
        let editor = SessionEditor(timeZone: vault.timeZone, treatments: vault.config.treatments, routes: vault.config.routes)
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

    /// `2024-12-10-psilocybin`: the session's local day and treatment.
    func fileStem(for values: SessionValues) -> String {
        "\(values.date.dayString)-\(values.treatment.rawValue)"
    }
}
