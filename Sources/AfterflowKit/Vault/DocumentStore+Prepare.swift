import Foundation

/// A new session rendered from the template and read back, ready to be written.
public struct PreparedSession: Sendable {
    public let values: SessionValues
    public let document: Document
    /// The file as afterflow will read it.
    public let session: Session
    /// `sessions/2024` or `.afterflow/drafts`.
    let folder: String
    /// `2024-12-10-psilocybin`.
    let stem: String

    /// Where the session goes (see `DocumentStore.Placement.session`).
    var placement: DocumentStore.Placement { .session(folder: folder, stem: stem) }

    /// The fields whose text reads back from the file differently from what was given (`intention`,
    /// `environment`, `music_notes`, `reflections`, `music`): text that changes the file's
    /// structure, such as an unclosed code fence that hides the sections after it.
    public var changedFields: [String] {
        var changed: [String] = []
        for section in SessionSection.allCases where values.text(of: section) != session.text(of: section) {
            changed.append(section.fieldName)
        }
        let music = values.music.flatMap { $0.isBlank ? nil : $0 }
        if music != session.music { changed.append("music") }
        return changed
    }
}

extension DocumentStore {
    /// Renders `values` with `template` and reads the result back; throws when the template makes a
    /// file with errors.
    ///
    /// With `now`, a session dated after it is planned and goes to the drafts, whatever it holds.
    public func prepare(_ values: SessionValues, template: SessionTemplate, now: Date? = nil) throws(VaultError) -> PreparedSession {
        let text = template.render(values, timeZone: vault.timeZone)
        var document = Document(text)
        var session = Session(document: document)
        if session.diagnostics.hasErrors {
            let first = session.diagnostics.first { $0.severity == .error }
            throw VaultError(.invalid, "\(template.path ?? "the built-in template") produced a session with errors: \(first?.description ?? "")",
                             details: ["Check that the template keeps '{{{front_matter}}}' between the '---' lines."])
        }
        if session.recordedStatus != session.status {
            document = SessionEditor(timeZone: vault.timeZone).finishing(document, now: nil)
            session = Session(document: document)
        }
        let planned = now.map { values.date.isAfter($0, in: vault.timeZone) } ?? false
        let folder = values.status == .draft || planned ? Vault.draftsFolder : Vault.sessionsFolder + "/" + String(format: "%04d", values.date.year)
        return PreparedSession(values: values, document: document, session: session, folder: folder, stem: fileStem(for: values))
    }

    /// Writes many new sessions at once, holding the vault's lock throughout, and returns their
    /// vault-relative paths in the same order.
    ///
    /// Each file is written whole under a temporary name, everything is flushed to disk once, and
    /// then each file takes its name (never replacing one): a crash leaves only complete files,
    /// and one flush for the lot instead of one for each keeps a large import fast.
    public func createAll(_ sessions: [PreparedSession]) throws(VaultError) -> [String] {
        guard !sessions.isEmpty else { return [] }
        return try vault.withLock { () throws(VaultError) -> [String] in
            var reserved = Set<String>()
            var files: [(path: String, contents: [UInt8])] = []
            var relatives: [String] = []
            files.reserveCapacity(sessions.count)
            for prepared in sessions {
                let placement = prepared.placement
                let named = try namedFreely(placement, reserved: reserved)
                reserved.insert(named)
                try WriteCheck.validate(prepared.document, at: named, config: vault.config)
                let (absolute, relative) = try destination(of: named, placement)
                relatives.append(relative)
                files.append((absolute, prepared.document.bytes))
            }
            try FileIO.createAll(files)
            return relatives
        }
    }
}
