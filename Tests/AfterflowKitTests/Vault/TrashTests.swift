@testable import AfterflowKit
import Foundation
import Testing

@Suite struct TrashTests {
    static let id = "AAAAAAAA-0000-4000-8000-000000000001"
    static let withReminder = sessionText(id: id).replacingOccurrences(
        of: "status: needs-reflection\n", with: "status: needs-reflection\nreminder: 2024-12-11T09:00:00-08:00\n")

    private func setUp() throws -> (TemporaryVault, Trash, VaultEntry) {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/2024-12-10-psilocybin.md", Self.withReminder)
        let vault = try temp.vault
        let entry = try #require(VaultCatalog(vault: vault).sessions.first)
        return (temp, Trash(vault: vault), entry)
    }

    @Test func deleteMovesTheFileIntoTheTrashAndCancelsItsReminder() throws {
        let (temp, trash, entry) = try setUp()
        let now = Date(timeIntervalSince1970: 1_733_940_000)  // 2024-12-11 10:00 in Los Angeles
        let record = try trash.delete(entry, now: now)
        #expect(!FileManager.default.fileExists(atPath: temp.root + "/sessions/2024/2024-12-10-psilocybin.md"))
        #expect(record.file == "20241211-180000-2024-12-10-psilocybin.md")
        #expect(record.original == "sessions/2024/2024-12-10-psilocybin.md")
        #expect(record.deleted == "2024-12-11T10:00:00-08:00")
        #expect(record.id == Self.id)
        let trashed = Session(parsing: try temp.read(record.path))
        #expect(trashed.reminder == nil)
        #expect(trashed.intention == "Listen.")
        #expect(try temp.mode(".afterflow/trash") == 0o700)
        #expect(try temp.mode(".afterflow/trash/manifest.json") == 0o600)
        #expect(trash.entries() == [record])
        #expect(VaultCatalog(vault: try temp.vault).entries.isEmpty, "the trash is not part of the journal")
    }

    @Test func restoreMovesItBackAndRefusesToOverwrite() throws {
        let (temp, trash, entry) = try setUp()
        let record = try trash.delete(entry)
        let deletedBytes = try temp.read(record.path)
        try temp.write("sessions/2024/2024-12-10-psilocybin.md", "someone else's file\n")
        do {
            try trash.restore(record)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .exists)
            #expect(error.message == "sessions/2024/2024-12-10-psilocybin.md already exists; afterflow never replaces a file, so nothing was restored")
        }
        #expect(try temp.read("sessions/2024/2024-12-10-psilocybin.md") == "someone else's file\n")
        #expect(trash.entries() == [record])
        try FileManager.default.removeItem(atPath: temp.root + "/sessions/2024/2024-12-10-psilocybin.md")
        #expect(try trash.restore(record) == "sessions/2024/2024-12-10-psilocybin.md")
        #expect(try temp.read("sessions/2024/2024-12-10-psilocybin.md") == deletedBytes)
        #expect(trash.entries().isEmpty)
    }

    @Test func theLastDeletedComesFirstAndMatchesByIdDayOrPath() throws {
        let (temp, trash, entry) = try setUp()
        try temp.write("sessions/2025/b.md", sessionText(id: "BBBBBBBB-0000-4000-8000-000000000002", date: "2025-01-05T10:00:00-08:00"))
        let second = try #require(VaultCatalog(vault: try temp.vault).sessions.first { $0.path == "sessions/2025/b.md" })
        let old = try trash.delete(entry, now: Date(timeIntervalSince1970: 1_733_940_000))
        let recent = try trash.delete(second, now: Date(timeIntervalSince1970: 1_733_950_000))
        #expect(trash.entries() == [recent, old])
        #expect(trash.matching("BBBB") == [recent])
        #expect(trash.matching("aaaaaaaa-0000") == [old])
        #expect(trash.matching("2024-12-10") == [old])
        #expect(trash.matching("sessions/2025/b.md") == [recent])
        #expect(trash.matching("CCCC").isEmpty)
    }

    @Test func emptyRemovesForGoodOnlyWhatIsOldEnough() throws {
        let (temp, trash, entry) = try setUp()
        try temp.write("sessions/2025/b.md", sessionText(id: "BBBBBBBB-0000-4000-8000-000000000002", date: "2025-01-05T10:00:00-08:00"))
        let second = try #require(VaultCatalog(vault: try temp.vault).sessions.first { $0.path == "sessions/2025/b.md" })
        let now = Date(timeIntervalSince1970: 1_740_000_000)
        let old = try trash.delete(entry, now: now.addingTimeInterval(-31 * 86_400))
        let recent = try trash.delete(second, now: now.addingTimeInterval(-86_400))
        #expect(try trash.empty(olderThan: 30 * 86_400, now: now) == [old])
        #expect(!FileManager.default.fileExists(atPath: temp.root + "/" + old.path))
        #expect(trash.entries() == [recent])
        #expect(try trash.empty(now: now) == [recent])
        #expect(temp.files(under: ".afterflow/trash") == ["manifest.json"])
    }
}
