@testable import AfterflowKit
import Foundation
import Testing

/// Taking the vault's lock removes the leftover temporary files a refresh noticed by the age the
/// caller's clock gives them (issue 21, item 6): the library reads no clock of its own.
@Suite(.serialized) struct VaultFileClockTests {
    /// A vault with an afterflow temporary file written just now, noticed as a refresh would.
    func vaultWithLeftover() throws -> (TemporaryVault, String) {
        let temp = try TemporaryVault()
        let leftover = "sessions/2024/.a.md.Ab12Cd.tmp"
        try temp.write(leftover, "half")
        TemporaryFiles.notice([leftover], in: try temp.vault)
        return (temp, leftover)
    }

    @Test("a file clock an hour ahead makes a file written now stale: the lock removes it")
    func passedInClockDecides() throws {
        let (temp, leftover) = try vaultWithLeftover()
        var vault = try temp.vault
        vault.fileClock = { Date().addingTimeInterval(3600) }
        try vault.withLock { () throws(VaultError) in }
        #expect(!FileManager.default.fileExists(atPath: temp.root + "/" + leftover))
    }

    @Test("without a file clock the lock removes nothing")
    func noClockNoSweep() throws {
        let (temp, leftover) = try vaultWithLeftover()
        try temp.vault.withLock { () throws(VaultError) in }
        #expect(FileManager.default.fileExists(atPath: temp.root + "/" + leftover))
    }
}
