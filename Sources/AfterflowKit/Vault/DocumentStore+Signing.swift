import Foundation

/// Signing a trial session's note, its addenda, and the lock that keeps a signed session's note
/// and trials as they were signed.
///
/// **The lock.** Every change the store makes to a file passes `signatureLock` first: saving
/// (`save`, `update`, `setKeys`, so `note`, `trials end`, `set`, `fmt`), adding trials and events
/// (`append`, the terminal logger, the phone page), changing or removing the last trial (the
/// logger's cue and undo), and `replace` (the phone page's cue and undo). A signed session may
/// only gain addenda and front-matter keys outside the seal; anything that changes what was signed
/// (`SignedText`), the signature, or an addendum is refused, and nothing is written.
extension DocumentStore {
    /// What `sign` wrote.
    public struct Signing: Sendable {
        /// The file as it now is.
        public var entry: VaultEntry
        public var signature: Signature
    }

    /// Signs the trial session `entry` as `name` (name and credential) at `now`: writes `signed`,
    /// `signed_by`, `signed_hash` and `signed_lines` (see `Signature`) and `updated`, in one atomic
    /// replace of the file as it is on disk once the lock is held. Refused for a session that is
    /// signed already, that has no `end` yet, or that `check` rejects.
    public func sign(_ entry: VaultEntry, as name: String, now: Date) throws(VaultError) -> Signing {
        if let problem = Addendum.nameProblem(name) { throw VaultError(.invalid, problem + "; nothing was written") }
        let zone = vault.timeZone
        var signature: Signature?
        let update = try update(entry, now: now) { (current: VaultEntry) throws(VaultError) -> Document in
            let session = try Self.trialSession(current)
            if let signed = session.signature { throw Self.alreadySigned(current.path, signed) }
            guard !session.notes.isBlank else {
                throw VaultError(.invalid, "\(current.path) has no note in ## Notes; a signature is for the note, so nothing was written",
                                 details: ["Write it first: 'afterflow note \(current.path)' drafts it from the data, for you to complete."])
            }
            guard session.end != nil else {
                throw VaultError(.invalid, "\(current.path) has not ended; a note is signed once the session is over, so nothing was written",
                                 details: ["End it first: 'afterflow trials end \(current.path)' (with --at for another time)."])
            }
            let text = SignedText(of: current.document)
            let moment = LocalDate(now, in: zone)
            let made = Signature(at: moment, atText: moment.canonical(in: zone), by: name.trimmingCharacters(in: .whitespaces),
                                 hash: text.hash, lineDigests: text.lineDigests)
            signature = made
            var document = current.document
            let values = [made.atText, YAMLWriter.scalar(made.by), made.hash, made.lineDigests ?? ""]
            for (key, value) in zip(Signature.keys, values) {
                document = document.settingFrontMatter(key, to: ["\(key): \(value)"], order: TrialSession.keys)
            }
            return document.settingFrontMatter("updated", to: ["updated: \(made.atText)"], order: TrialSession.keys)
        }
        guard let signature else { throw VaultError(.invalid, "\(entry.path) was not signed") }
        return Signing(entry: VaultEntry(path: update.path, document: update.document), signature: signature)
    }

    /// Adds a dated, signed correction or late entry to the signed session `entry`'s `## Addenda`
    /// (made when missing), sealed after the last one (see `Addendum`): an fsync'd append when
    /// `## Addenda` is the file's last section or there is none yet, else an atomic replace.
    /// Refused for an unsigned session and for one `check` rejects (its signed text changed).
    public func addAddendum(_ text: String, to entry: VaultEntry, as name: String, now: Date) throws(VaultError) -> (entry: VaultEntry, addendum: Addendum) {
        if let problem = Addendum.nameProblem(name) { throw VaultError(.invalid, problem + "; nothing was written") }
        let words = text.trimmingCharacters(in: .whitespaces)
        if words.isEmpty { throw VaultError(.invalid, "the addendum is empty; nothing was written") }
        if let problem = FieldText.problem(field: "the addendum", text: words, multiline: false) { throw VaultError(.invalid, problem + "; nothing was written") }
        return try vault.withLock { () throws(VaultError) -> (entry: VaultEntry, addendum: Addendum) in
            let current = try reread(entry)
            let session = try Self.trialSession(current)
            guard let signature = session.signature else {
                throw VaultError(.invalid, "\(current.path) is not signed: its note is a draft, so a correction goes into ## Notes itself; nothing was written",
                                 details: ["Sign it when it is right: 'afterflow sign \(current.path)'."])
            }
            try WriteCheck.validate(current.document, at: current.path)
            let addendum = Addendum.make(previous: session.addenda.last?.seal ?? signature.hash, at: LocalDate(now, in: vault.timeZone),
                                         in: vault.timeZone, by: name.trimmingCharacters(in: .whitespaces), text: words)
            let absolute = try vault.writablePath(current.path)
            let document = current.document
            if let section = document.section(Addendum.section), section.content.upperBound < document.lines.count {
                var last = section.content.upperBound - 1
                while last > section.content.lowerBound && document.isBlank(last) { last -= 1 }
                let edited = document.replacingLines((last + 1)..<(last + 1), with: [addendum.lineText])
                try WriteCheck.validate(edited, at: current.path)
                try FileIO.replace(absolute, expecting: document.bytes, with: edited.bytes)
                return (VaultEntry(path: current.path, document: edited), addendum)
            }
            var bytes: [UInt8] = []
            let ending = document.lineEnding.bytes
            if let final = document.lines.last, !final.isTerminated { bytes += ending }
            if document.section(Addendum.section) == nil {
                if let final = document.lines.last, !document.isBlank(document.lines.count - 1) || !final.isTerminated { bytes += ending }
                bytes += Array("## \(Addendum.section)".utf8) + ending + ending
            }
            bytes += Array(addendum.lineText.utf8) + ending
            let edited = Document(bytes: document.bytes + bytes)
            try WriteCheck.validate(edited, at: current.path)
            try FileIO.append(absolute, expectingSize: document.bytes.count, bytes: bytes)
            return (VaultEntry(path: current.path, document: edited), addendum)
        }
    }

    /// Replaces the trial session at `path` with `edited` if it still holds `known` and the lock
    /// of a signed session allows it (the phone page's cue change and undo).
    public func replace(_ path: String, expecting known: Document, with edited: Document) throws(VaultError) {
        try vault.withLock { () throws(VaultError) in
            if let refusal = Self.signatureLock(path: path, before: known, after: edited) { throw refusal }
            try FileIO.replace(try vault.writablePath(path), expecting: known.bytes, with: edited.bytes)
        }
    }

    /// The refusal of changing `before` into `after` at `path` when `before` is a signed session
    /// and the change touches what was signed, the signature or an addendum; nil otherwise.
    public static func signatureLock(path: String, before: Document, after: Document) -> VaultError? {
        guard before.bytes != after.bytes, before.frontMatter?.entry("signed_hash") != nil,
              let signature = Signature.read(before).signature else { return nil }
        let old = Addendum.entries(of: before, after: signature.hash).entries.map(\.lineText)
        let new = Addendum.entries(of: after, after: signature.hash).entries.map(\.lineText)
        if Signature.read(after).signature == signature, SignedText(of: before).bytes == SignedText(of: after).bytes,
           Array(new.prefix(old.count)) == old {
            return nil
        }
        return locked(path, signature)
    }

    /// The message for a change refused by the lock.
    public static func locked(_ path: String, _ signature: Signature) -> VaultError {
        VaultError(.invalid, "\(path) was signed on \(signature.moment) by \(signature.by): its note and trials are locked, so nothing was written",
                   details: ["Add a correction or late entry, dated and signed, with: afterflow addendum \(path) \"the correction\""])
    }

    static func alreadySigned(_ path: String, _ signature: Signature) -> VaultError {
        VaultError(.exists, "\(path) was signed already, on \(signature.moment) by \(signature.by); nothing was written",
                   details: ["Add a correction or late entry, dated and signed, with: afterflow addendum \(path) \"the correction\""])
    }

    static func trialSession(_ entry: VaultEntry) throws(VaultError) -> TrialSession {
        guard case .trials(let session) = entry.content else {
            throw VaultError(.invalid, "\(entry.path) is not a trial session (its type is \(entry.kind?.rawValue ?? "none")); only trial sessions are signed")
        }
        return session
    }
}
