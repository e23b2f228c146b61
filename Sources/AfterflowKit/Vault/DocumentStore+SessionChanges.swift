import Foundation

/// The changes commands make to one session, each under the vault's lock on the file as it is now.
extension DocumentStore {
    /// Adds a quick reflection typed at `typed` (see `SessionEditor.addingReflection`): the
    /// session becomes complete when it needed reflection, and its reminder is cleared.
    public func addReflection(_ text: String, typedAt typed: Date, prepend: Bool, to entry: VaultEntry, now: Date) throws(VaultError) -> Update {
        let editor = SessionEditor(timeZone: vault.timeZone, treatments: vault.config.treatments, routes: vault.config.routes)
        return try update(entry, now: now) { current throws(VaultError) -> Document in
            do throws(SessionEditor.Rejection) {
                return try editor.addingReflection(text, typedAt: typed, prepend: prepend, to: current.document, now: now)
            } catch {
                throw VaultError(.invalid, error.message(in: current.path))
            }
        }
    }

    /// Sets the session's reminder to `date`, or removes it when nil; `updated` becomes `now`.
    /// A complete session is refused: there is nothing left to remind of.
    public func setReminder(_ date: LocalDate?, on entry: VaultEntry, now: Date) throws(VaultError) -> Update {
        let zone = vault.timeZone
        let editor = SessionEditor(timeZone: zone)
        return try update(entry, now: now) { current throws(VaultError) -> Document in
            let key = SessionKey.reminder.rawValue
            if date != nil, current.session?.status == .complete {
                throw VaultError(.invalid, "\(current.path) is complete; a reminder is for a session that still needs reflection")
            }
            let rendered = date.map { ["\(key): \($0.canonical(in: zone))"] }
            let changed = current.document.settingFrontMatter(key, to: rendered, order: SessionKey.order)
            guard changed.bytes != current.document.bytes else { return changed }
            return editor.finishing(changed, now: now)
        }
    }
}
