import Foundation

/// The changes a live logger makes to the trial it has just written: choosing its cue (or adding
/// a note) rewrites that line in place, and undo removes it (or the behaviour event written last).
///
/// Both are refused, and nothing is written, when the file is not what the logger last wrote or
/// read (`known`): another front end appended a trial meanwhile, or the file was edited. Both go
/// through an atomic replace (a whole new file, fsync'd, then renamed over the old one), so that a
/// logger killed at any moment leaves the file as it was or as it is to be, never without the
/// trial: cutting the file back and appending the new line would leave it, for an instant, with
/// the trial gone.
extension DocumentStore {
    /// Rewrites the session's last trial line as `trial`. Returns the file as it now is.
    @discardableResult
    public func replaceLastTrial(in path: String, expecting known: Document, with trial: Trial) throws(VaultError) -> Document {
        try editLastTrial(in: path, expecting: known) { document, line in
            document.replacingLines(line..<(line + 1), with: [trial.lineText])
        }
    }

    /// Removes the session's last trial line (undo). Returns the file as it now is.
    @discardableResult
    public func removeLastTrial(in path: String, expecting known: Document) throws(VaultError) -> Document {
        try editLastTrial(in: path, expecting: known) { document, line in
            document.replacingLines(line..<(line + 1), with: [])
        }
    }

    /// Removes the session's last line of `## Trials`, a trial or a behaviour event, whichever
    /// comes later (undo). Returns the file as it now is.
    @discardableResult
    public func removeLastEntry(in path: String, expecting known: Document) throws(VaultError) -> Document {
        try editLast(in: path, expecting: known, what: "trial or event", line: { session in
            [session.trials.last?.line, session.events.last?.line].compactMap { $0 }.max()
        }, { document, line in
            document.replacingLines(line..<(line + 1), with: [])
        })
    }

    private func editLastTrial(in path: String, expecting known: Document,
                               _ edit: (Document, Int) -> Document) throws(VaultError) -> Document {
        try editLast(in: path, expecting: known, what: "trial", line: { $0.trials.last?.line }, edit)
    }

    private func editLast(in path: String, expecting known: Document, what: String, line find: (TrialSession) -> Int?,
                          _ edit: (Document, Int) -> Document) throws(VaultError) -> Document {
        try vault.withLock { () throws(VaultError) -> Document in
            let absolute = try vault.writablePath(path)
            let bytes = try FileIO.read(absolute)
            guard bytes == known.bytes else {
                throw VaultError(.changedOnDisk, "\(path) changed on disk since its last trial was written (another logger, or an edit); nothing was changed",
                                 details: ["Its last trial may not be the one you meant; read the file and change it by hand if needed."])
            }
            guard let line = find(TrialSession(document: known)) else {
                throw VaultError(.invalid, "\(path) has no \(what) to change")
            }
            let edited = edit(known, line)
            if let refusal = Self.signatureLock(path: path, before: known, after: edited) { throw refusal }
            try FileIO.replace(absolute, expecting: known.bytes, with: edited.bytes)
            return edited
        }
    }

    /// Removes a session the logger started and ended without a trial: nothing was logged, so
    /// nothing is kept. Only when the file is still as the logger last knew it (`known`), with no
    /// trial, no event and no notes; else it stays, and false is returned.
    public func discardUnusedSession(_ path: String, expecting known: Document) throws(VaultError) -> Bool {
        try vault.withLock { () throws(VaultError) -> Bool in
            let absolute = try vault.writablePath(path)
            let bytes = try FileIO.read(absolute)
            let session = TrialSession(document: Document(bytes: bytes))
            guard bytes == known.bytes, session.trials.isEmpty, session.events.isEmpty, session.notes.isBlank, session.signature == nil else { return false }
            try FileIO.remove(absolute)
            return true
        }
    }
}
