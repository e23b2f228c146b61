@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ReflectionSavingTests {
    let id = UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000001")!
    let typed = Date(timeIntervalSince1970: 1_733_937_150)

    private func setUp() throws -> (TemporaryVault, Vault, VaultEntry, ReflectionQueue) {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: id.uuidString))
        var vault = try temp.vault
        vault.lockTimeout = 0.05
        let entry = try #require(VaultCatalog(vault: vault).entries.first { $0.session?.id == id })
        return (temp, vault, entry, ReflectionQueue(directory: temp.root + "-state/queue"))
    }

    @Test func aLockedVaultQueuesTheReflectionForItsSessionAndLeavesTheFile() throws {
        let (temp, vault, entry, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let holder = try VaultLockTests.Holder(temp.root)
        defer { holder.release() }
        let saving = try ReflectionQueue.save("Calm.", typedAt: typed, prepend: false, to: entry, reference: "AAAA",
                                              in: vault, queue: queue, now: typed)
        guard case .queued(_, 1, let cause) = saving else { Issue.record("not queued: \(saving)"); return }
        #expect(cause.kind == .locked)
        #expect(queue.items().map(\.reflection.session) == [id.uuidString])
        #expect(try temp.read("sessions/2024/a.md") == sessionText(id: id.uuidString))
    }

    @Test func aLockedVaultWithNoQueueThrowsSoTheTextIsKept() throws {
        let (temp, vault, entry, _) = try setUp()
        let holder = try VaultLockTests.Holder(temp.root)
        defer { holder.release() }
        #expect(throws: VaultError.self) {
            try ReflectionQueue.save("Calm.", typedAt: typed, prepend: false, to: entry, reference: "AAAA",
                                     in: vault, queue: nil, now: typed)
        }
    }

    @Test func aWritableVaultSavesAndQueuesNothing() throws {
        let (temp, vault, entry, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        _ = try ReflectionQueue.save("Calm.", typedAt: typed, prepend: false, to: entry, reference: "AAAA",
                                     in: vault, queue: queue, now: typed)
        #expect(try temp.read("sessions/2024/a.md").contains("Calm."))
        #expect(queue.items().isEmpty)
    }

    @Test func aMissingVaultPinsTodayToTheDayItWasTyped() throws {
        let (temp, _, _, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let utc = try #require(TimeZone(identifier: "UTC"))
        _ = try ReflectionQueue.saveForMissingVault("Calm.", typedAt: typed, prepend: false, reference: "today",
                                                    root: temp.root + "-gone", timeZone: utc, queue: queue,
                                                    because: VaultError(.notFound, "gone"))
        #expect(queue.items().map(\.reflection.reference) == ["2024-12-11"])
    }
}
