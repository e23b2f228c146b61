@testable import AfterflowKit
import Foundation
import Testing

@Suite struct BackupPlanTests {
    @Test("an archive inside the vault is refused")
    func insideVault() throws {
        let vault = try TemporaryVault()
        #expect(throws: VaultError(.outsideVault, "the archive cannot be inside the vault it backs up; write it elsewhere")) {
            try BackupPlan.checkTarget(vault.root + "/j.age", shown: "j.age", root: vault.root, force: true)
        }
    }

    @Test("an archive that exists is replaced only with --force")
    func existingNeedsForce() throws {
        let vault = try TemporaryVault()
        let file = vault.root + "-backup.age"
        FileManager.default.createFile(atPath: file, contents: Data("old".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: VaultError.self) { try BackupPlan.checkTarget(file, shown: "j.age", root: vault.root, force: false) }
        #expect(throws: Never.self) { try BackupPlan.checkTarget(file, shown: "j.age", root: vault.root, force: true) }
    }

    @Test("the listing keeps files, drops folders and the leading ./, and is sorted by path")
    func contents() throws {
        let vault = try TemporaryVault()
        try vault.write("b.md", "bb")
        try vault.write("a/c.md", "c")
        let files = BackupPlan.contents(listing: "./\n./b.md\n./a/\n./a/c.md\n", root: vault.root)
        #expect(files.map(\.path) == ["a/c.md", "b.md"] && files.map(\.size) == [1, 2])
    }

    @Test("the tar command leaves the index, the lock and temporary files out")
    func tarLeavesIndexOut() {
        #expect(BackupPlan.tarCreate("/v").contains("--exclude=./.afterflow/index.sqlite*"))
    }

    @Test("age encrypts to each recipient, else asks for a passphrase")
    func ageArguments() {
        #expect(BackupPlan.age(writing: "p", recipients: ["k1", "k2"]) == ["age", "-o", "p", "-r", "k1", "-r", "k2"]
            && BackupPlan.age(writing: "p", recipients: []) == ["age", "-o", "p", "-p"])
    }

    @Test("sizes as people read them, from bytes to megabytes")
    func sizes() {
        #expect([812, 4_200, 13_000_000, 999_999].map(BackupPlan.size) == ["812 B", "4.2 kB", "13 MB", "1.0 MB"])
    }

    @Test("a restore into a folder that holds something is refused")
    func restoreIntoFullFolder() throws {
        let vault = try TemporaryVault()
        #expect(throws: VaultError(.exists, "v is not empty; a restore never writes over files", details: ["Restore into a new folder."])) {
            try RestorePlan.checkTarget(vault.root, shown: "v")
        }
    }

    @Test("a failed decryption keeps only age's error lines")
    func decryptFailure() {
        let failure = RestorePlan.failure(age: 1, tar: 2, errors: "age: error: no identity matched\ntar: short read\n", archive: "j.age", identity: true)
        #expect(failure?.message == "cannot decrypt j.age with that identity; nothing was written" && failure?.details == ["  age: error: no identity matched"])
    }

    @Test("tar refusing part of the archive keeps tar's reasons, not its exit line")
    func tarFailure() {
        let failure = RestorePlan.failure(age: 0, tar: 2, errors: "tar: ../x: Member name contains '..'\ntar: Exiting with failure status\n", archive: "j.age", identity: false)
        #expect(failure?.details.first == "  tar: ../x: Member name contains '..'" && failure?.details.count == 2)
    }

    @Test("no failure when both succeeded")
    func noFailure() {
        #expect(RestorePlan.failure(age: 0, tar: 0, errors: "", archive: "j.age", identity: false) == nil)
    }
}
