@testable import AfterflowKit
import Foundation
import GRDB
import Testing

@Suite struct IndexUnwritableTests {
    @Test func aFullDiskAndOtherWriteFailuresAreToldApartFromACorruptIndex() throws {
        let temp = try TemporaryVault()
        let path = temp.root + "/.afterflow/index.sqlite"
        let full = IndexStore.unwritable(DatabaseError(resultCode: .SQLITE_FULL), at: path)
        #expect(full?.kind == .indexUnwritable)
        #expect(full?.code == ENOSPC)
        #expect(full?.message == "the disk is full")
        // An I/O error with room on the disk is not called a full disk.
        let failing = IndexStore.unwritable(DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error"), at: path)
        #expect(failing?.kind == .indexUnwritable)
        #expect(failing?.code == EIO)
        #expect(failing?.message == "disk I/O error")
        // A corrupt index is rebuilt instead, as before.
        #expect(IndexStore.unwritable(DatabaseError(resultCode: .SQLITE_CORRUPT), at: path) == nil)
        #expect(IndexStore.unwritable(DatabaseError(resultCode: .SQLITE_NOTADB), at: path) == nil)
    }

    @Test func anIndexInMemoryAnswersFromTheFilesAndWritesNothing() throws {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        let store = try IndexStore(inMemoryFor: try temp.vault)
        let report = try store.refresh()
        #expect(report.added == 1)
        #expect(try store.sessions(SessionFilter()).map(\.path) == ["sessions/2024/a.md"])
        #expect(!FileManager.default.fileExists(atPath: temp.root + "/.afterflow/index.sqlite"))
    }
}
