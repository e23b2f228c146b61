import Foundation

/// A change of a session's fields, as `set` and `new --resume` make it: every value checked against
/// the file as read, nothing written unless all are valid and the result has no errors; then
/// applied again, under the vault's lock, to the file as it is now, so that a change another
/// process made meanwhile is kept.
public struct SessionChange: Sendable {
    public let vault: Vault
    /// The keys (front-matter keys or section field names) and their values, in order.
    public let changes: [SessionEditor.Assignment]
    public let policy: Policy

    public init(vault: Vault, changes: [(key: String, value: String)], policy: Policy) {
        self.vault = vault
        self.changes = changes.map { SessionEditor.Assignment(key: $0.key, value: $0.value) }
        self.policy = policy
    }

    /// What to do with sections that hold text the change would replace, and with a change that
    /// leaves the file as it is.
    public struct Policy: Sendable, Equatable {
        public enum SectionsWithText: Sendable, Equatable {
            /// Refuse (`set` without `--replace`): nothing is written.
            case refuse
            /// Replace them, keeping a copy of the file in the trash first (`set --replace`).
            case replaceKeepingCopy
            /// Replace them (`new --resume`, which finishes a draft).
            case replace
        }

        public var sectionsWithText: SectionsWithText
        /// Whether a change that leaves the fields as they are still brings `status` and `updated`
        /// up to date (and moves a finished draft into the journal), as finishing a draft does.
        public var finishesUnchanged: Bool

        public init(sectionsWithText: SectionsWithText, finishesUnchanged: Bool) {
            self.sectionsWithText = sectionsWithText
            self.finishesUnchanged = finishesUnchanged
        }

        /// `set`, with or without `--replace`.
        public static func set(replace: Bool) -> Policy {
            Policy(sectionsWithText: replace ? .replaceKeepingCopy : .refuse, finishesUnchanged: false)
        }

        /// `new --resume`.
        public static let resume = Policy(sectionsWithText: .replace, finishesUnchanged: true)
    }

    /// Why nothing was written.
    public enum Failure: Error, Sendable {
        /// A value cannot be written into `document` (the file at `path` as read).
        case rejected(SessionEditor.Rejection, path: String, document: Document)
        /// The change would replace text in these sections, and the policy refuses that.
        case wouldReplace([SessionSection], path: String)
        /// The result would have these errors, located in `document`, the file on disk at `path`.
        case hasErrors([Diagnostic], path: String, document: Document)
        /// The vault refused: the lock, a read or a write.
        case vault(VaultError)
    }

    /// What the change did.
    public enum Outcome: Sendable {
        /// The values are the file's already; nothing was written.
        case unchanged
        case updated(Updated)
    }

    public struct Updated: Sendable {
        public var update: DocumentStore.Update
        /// The sections whose text was replaced (kept in the trash with `.replaceKeepingCopy`).
        public var replaced: [SessionSection]
        /// The status before and after.
        public var before: SessionStatus?
        public var after: SessionStatus
        /// Whether the change finished a draft that has no reminder: the moment to offer one.
        public var finishedWithoutReminder: Bool {
            before == .draft && after == .needsReflection && Session(document: update.document).reminder == nil
        }
    }

    /// The keys of the user's own one edit from a known one (`moodafter` → `mood_after`), which the
    /// file does not have yet: most likely a slip, worth a warning (they are written all the same).
    public func nearlyKnownKeys(in entry: VaultEntry) -> [(key: String, known: String)] {
        changes.compactMap { change in
            guard entry.document.frontMatter?.entry(change.key) == nil, let known = SessionKey.nearlyKnown(change.key) else { return nil }
            return (change.key, known)
        }
    }

    /// Checks the change against `entry` as read, then makes it under the vault's lock.
    public func apply(to entry: VaultEntry, now: Date) throws(Failure) -> Outcome {
        let editor = SessionEditor(timeZone: vault.timeZone, treatments: vault.config.treatments, routes: vault.config.routes)
        let document = try edited(entry, editor: editor)
        if document.bytes == entry.document.bytes && !policy.finishesUnchanged { return .unchanged }
        let replaced = try checkedReplacement(in: entry, editor: editor)
        try checkErrors(of: document, against: entry, config: vault.config)
        var failure: Failure?
        do throws(VaultError) {
            let update = try DocumentStore(vault: vault).update(entry, now: now) { current throws(VaultError) -> Document in
                do throws(Failure) {
                    return try transformed(current, editor: editor, now: now)
                } catch {
                    failure = error
                    throw VaultError(.invalid, "\(current.path): nothing was written")
                }
            }
            let after = Session(document: update.document).status
            return .updated(Updated(update: update, replaced: replaced, before: update.before.session?.status, after: after))
        } catch {
            throw failure ?? .vault(error)
        }
    }

    /// The change applied to `current`, the file under the lock, finished (`status`, `updated`).
    private func transformed(_ current: VaultEntry, editor: SessionEditor, now: Date) throws(Failure) -> Document {
        let document = try edited(current, editor: editor)
        if document.bytes == current.document.bytes && !policy.finishesUnchanged { return document }
        let replaced = try checkedReplacement(in: current, editor: editor)
        try checkErrors(of: document, against: current, config: vault.config)
        // The text replaced is kept first, under the same hold of the lock.
        if policy.sectionsWithText == .replaceKeepingCopy && !replaced.isEmpty {
            do {
                _ = try Trash(vault: vault).keepCopy(of: current, now: now)
            } catch {
                throw .vault(error)
            }
        }
        return editor.finishing(document, now: now)
    }

    private func edited(_ entry: VaultEntry, editor: SessionEditor) throws(Failure) -> Document {
        do throws(SessionEditor.Rejection) {
            return try editor.setting(changes.map { ($0.key, $0.value) }, in: entry.document)
        } catch {
            throw .rejected(error, path: entry.path, document: entry.document)
        }
    }

    private func checkedReplacement(in entry: VaultEntry, editor: SessionEditor) throws(Failure) -> [SessionSection] {
        let replaced = editor.replacedSections(changes.map { ($0.key, $0.value) }, in: entry.document)
        if policy.sectionsWithText == .refuse && !replaced.isEmpty { throw .wouldReplace(replaced, path: entry.path) }
        return replaced
    }

    /// Refuses a result with errors, located in the file on disk (which is what the user opens),
    /// not in the edited text.
    private func checkErrors(of document: Document, against entry: VaultEntry, config: VaultConfig) throws(Failure) {
        let session = Session(document: document)
        let errors = (session.diagnostics + config.sessionProblems(of: session)).filter { $0.severity == .error }.sorted { $0.location < $1.location }
        guard !errors.isEmpty else { return }
        let before = entry.session ?? Session(document: entry.document)
        let onDisk = Diagnostic.located(errors, in: document, from: (before.diagnostics + config.sessionProblems(of: before)).sorted { $0.location < $1.location })
        throw .hasErrors(onDisk.map { $0.withPath(entry.path) }, path: entry.path, document: entry.document)
    }
}

extension SessionEditor {
    /// One change `set` makes: a key and the value typed for it.
    public struct Assignment: Sendable, Equatable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }
}
