@testable import AfterflowKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct VaultLockTests {
    /// Holds the vault's lock through a file of its own, as another process would.
    final class Holder {
        private var fd: Int32

        init(_ root: String) throws {
            fd = open(root + "/.afterflow/lock", O_RDWR | O_CREAT, 0o600)
            try #require(fd >= 0)
            try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        }

        /// Releases the lock once; later calls do nothing (closing the number again could close
        /// a file another test has opened since, in this same process).
        func release() {
            guard fd >= 0 else { return }
            flock(fd, LOCK_UN)
            close(fd)
            fd = -1
        }
    }

    @Test func aHeldLockMakesWritesWaitThenGiveUpWithAReasonToQueue() throws {
        let temp = try TemporaryVault()
        var vault = try temp.vault
        vault.lockTimeout = 0.05
        let holder = try Holder(temp.root)
        defer { holder.release() }
        var values = SessionValues(date: LocalDate.parse("2024-12-10 14:30")!, treatment: .lsd, created: LocalDate.parse("2024-12-10 15:00")!)
        values.intention = "Listen."
        values.moodBefore = 5
        do {
            _ = try DocumentStore(vault: vault).create(values)
            Issue.record("expected the held lock to stop the write")
        } catch {
            #expect(error.kind == .locked)
            #expect(error.isWriteUnavailable)
            #expect(error.message == "another afterflow process has held the vault's lock (.afterflow/lock) for 0.1 seconds; nothing was written")
        }
        #expect(temp.files(under: "sessions").isEmpty)
        holder.release()
        #expect(throws: Never.self) { try DocumentStore(vault: vault).create(values) }
    }

    @Test func theLockIsReentrantOnOneThreadAndReleasedAfterwards() throws {
        let temp = try TemporaryVault()
        var vault = try temp.vault
        vault.lockTimeout = 0.05
        let inner = try vault.withLock { () throws(VaultError) -> Int in
            try vault.withLock { () throws(VaultError) -> Int in 42 }
        }
        #expect(inner == 42)
        // Released: another holder can take it at once.
        let holder = try Holder(temp.root)
        holder.release()
    }

    /// Threads of one process take turns like processes do: no change is lost.
    @Test func concurrentReflectionsFromManyThreadsAreAllKept() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: "AAAAAAAA-0000-4000-8000-000000000001"))
        let vault = try temp.vault
        let entry = try #require(VaultCatalog(vault: vault).sessions.first)
        let failures = ResultBox<String>(count: 40)
        DispatchQueue.concurrentPerform(iterations: 40) { n in
            do throws(VaultError) {
                _ = try DocumentStore(vault: vault).addReflection("Entry \(n).", typedAt: Date(), prepend: false, to: entry)
            } catch {
                failures.set(n, error.message)
            }
        }
        #expect(failures.values.isEmpty)
        let text = try temp.read("sessions/2024/a.md")
        for n in 0..<40 { #expect(text.contains("] Entry \(n).\n"), "entry \(n)") }
        let session = Session(parsing: text)
        #expect(session.status == .complete)
        #expect(session.diagnostics.isEmpty)
    }

    @Test(arguments: [
        (VaultError(.locked, "x"), true), (VaultError(.io, "x", code: EROFS), true), (VaultError(.io, "x", code: EACCES), true),
        (VaultError(.io, "x", code: ENOENT), true), (VaultError(.io, "x", code: ENOSPC), true), (VaultError(.io, "x", code: EISDIR), false),
        (VaultError(.io, "x"), false), (VaultError(.changedOnDisk, "x"), false), (VaultError(.noMatch, "x"), false),
        (VaultError(.invalid, "x"), false),
    ])
    func whichFailuresMeanTryAgainLater(_ error: VaultError, _ expected: Bool) {
        #expect(error.isWriteUnavailable == expected)
    }
}
