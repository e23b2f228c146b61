import Foundation

extension ReflectionQueue {
    /// What a replay did: how many reflections were written, and which still wait, and why.
    public struct Replay: Sendable {
        public var saved: [Item] = []
        public var waiting: [(item: Item, reason: String)] = []
    }

    /// Writes the reflections waiting for `vault`, oldest first, each with the time it was typed.
    ///
    /// Takes the vault's lock (waiting at most `lockTimeout` seconds), then the queue's. A
    /// reflection that cannot be written yet stays queued: all of them when the vault cannot be
    /// written, or one whose session is not in the vault (deleted, or not found).
    public func replay(into vault: Vault, now: Date, lockTimeout: TimeInterval = 2) -> Replay {
        var replay = Replay()
        guard !items(forVault: vault.root).isEmpty else { return replay }
        var writable = vault
        writable.lockTimeout = min(vault.lockTimeout, lockTimeout)
        do throws(VaultError) {
            try writable.withLock { () throws(VaultError) in
                try withLock { () throws(VaultError) in
                    replayHoldingLocks(into: writable, now: now, replay: &replay)
                }
            }
        } catch {
            let pending = items(forVault: vault.root).filter { item in !replay.saved.contains(item) }
            replay.waiting = pending.map { ($0, error.message) }
        }
        return replay
    }

    private func replayHoldingLocks(into vault: Vault, now: Date, replay: inout Replay) {
        let pending = items(forVault: vault.root)
        guard !pending.isEmpty else { return }
        let store = DocumentStore(vault: vault)
        let editor = SessionEditor(timeZone: vault.timeZone)
        let catalog = VaultCatalog(vault: vault)
        var stopped: String?
        for item in pending {
            if let stopped {
                replay.waiting.append((item, stopped))
                continue
            }
            let reflection = item.reflection
            do throws(VaultError) {
                let entry: VaultEntry
                if let id = reflection.session.flatMap(UUID.parse) {
                    guard let found = catalog.entries.first(where: { $0.session?.id == id }) else {
                        throw VaultError(.noMatch, "session \(id.uuidString.prefix(8)) is not in the vault (deleted? see 'afterflow trash')")
                    }
                    entry = found
                } else {
                    entry = try DocumentReference(reflection.reference).resolve(in: catalog, from: vault.root, now: now)
                }
                let current = try store.reread(entry)
                let typed = reflection.typedDate ?? now
                let document: Document
                do {
                    document = try editor.addingReflection(reflection.text, typedAt: typed, prepend: reflection.prepend,
                                                           to: current.document, now: now)
                } catch {
                    throw VaultError(.invalid, error.message(in: current.path))
                }
                _ = try store.saveHoldingLock(document, over: current, now: now)
                try remove(item)
                replay.saved.append(item)
            } catch {
                if error.isWriteUnavailable { stopped = error.message }
                replay.waiting.append((item, error.message))
            }
        }
    }
}
