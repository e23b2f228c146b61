import Foundation

/// What became of a quick reflection: written to its session, or queued until the vault can be
/// written.
public enum ReflectionSaving: Sendable {
    /// Written; the session as it is now.
    case saved(Document)
    /// Queued: the vault could not be written (`cause`); `waiting` reflections wait now, this one
    /// included. `vault` is the root it waits for.
    case queued(vault: String, waiting: Int, cause: VaultError)

    /// Whether the queue is nearly full after this one.
    public var nearlyFull: Bool {
        if case .queued(_, let waiting, _) = self { return waiting >= ReflectionQueue.warningThreshold }
        return false
    }
}

extension ReflectionQueue {
    /// The error when there is no queue to wait in.
    static let missing = VaultError(.notFound, "cannot queue the reflection: neither XDG_STATE_HOME nor HOME is set")

    /// Adds `text` to the session at `entry`; when the vault cannot be written right now (its lock
    /// is held, its disk is read-only or gone), queues it in `queue` with the time it was typed.
    ///
    /// Throws when the reflection is neither written nor queued (no queue, the queue full, any other
    /// failure): the caller keeps the text then.
    public static func save(_ text: String, typedAt typed: Date, prepend: Bool, to entry: VaultEntry, reference: String,
                            in vault: Vault, queue: ReflectionQueue?, now: Date) throws(VaultError) -> ReflectionSaving {
        do {
            let update = try DocumentStore(vault: vault).addReflection(text, typedAt: typed, prepend: prepend, to: entry, now: now)
            return .saved(update.document)
        } catch where error.isWriteUnavailable {
            let reflection = QueuedReflection(vault: vault.root, session: entry.session?.id, reference: reference, text: text,
                                              typed: typed, timeZone: vault.timeZone, prepend: prepend)
            return try enqueue(reflection, in: queue, because: error)
        }
    }

    /// Queues a reflection for the vault at `root`, which is not there now (a drive not mounted).
    /// `today` and `yesterday` are pinned to the days they name at `typed`: the queue is saved later.
    public static func saveForMissingVault(_ text: String, typedAt typed: Date, prepend: Bool, reference: String, root: String,
                                           timeZone: TimeZone, queue: ReflectionQueue?, because cause: VaultError) throws(VaultError) -> ReflectionSaving {
        let pinned = DocumentReference(reference).pinned(now: typed, timeZone: timeZone).text
        let reflection = QueuedReflection(vault: root, session: nil, reference: pinned, text: text, typed: typed,
                                          timeZone: timeZone, prepend: prepend)
        return try enqueue(reflection, in: queue, because: cause)
    }

    private static func enqueue(_ reflection: QueuedReflection, in queue: ReflectionQueue?,
                                because cause: VaultError) throws(VaultError) -> ReflectionSaving {
        guard let queue else { throw missing }
        let count = try queue.enqueue(reflection)
        return .queued(vault: reflection.vault, waiting: count, cause: cause)
    }
}
