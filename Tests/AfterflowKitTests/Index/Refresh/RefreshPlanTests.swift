@testable import AfterflowKit
import Testing

/// The first part of a refresh, alone: what it reads and removes, from a scan and an index held
/// in memory (no database).
@Suite struct RefreshPlanTests {
    /// An index as the last refresh of `files` left it, answering from memory and noting what
    /// it was asked.
    final class IndexInMemory: RefreshIndexState {
        var digest: String?
        var folders: [String: String]
        var files: [String: KnownFile]
        private(set) var askedFolders: [Set<String>?] = []

        init(after files: [ScannedFile]) {
            digest = files.isEmpty ? nil : IndexStore.digest(files)
            folders = IndexStore.folderDigests(files)
            self.files = Dictionary(uniqueKeysWithValues: files.map { ($0.path, KnownFile(size: $0.size, modified: $0.modified, hash: 1)) })
        }

        func savedDigest() -> String? { digest }
        func savedFolders() -> [String: String] { folders }
        func hasDocuments() -> Bool { !files.isEmpty }
        func known(in folders: Set<String>?, expected: Int) -> [String: KnownFile] {
            askedFolders.append(folders)
            return files.filter { folders?.contains(IndexStore.folder(of: $0.key)) ?? true }
        }
    }

    /// What a plan decided, compared as one value.
    struct Decision: Equatable {
        var action: RefreshPlan.Action
        var read: [String]
        var removed: [String]
        var unchanged: Int
        var bulk = false

        init(_ plan: RefreshPlan) {
            action = plan.action
            read = plan.toRead.map(\.path).sorted()
            removed = plan.removed.sorted()
            unchanged = plan.unchanged
            bulk = plan.bulk
        }

        init(_ action: RefreshPlan.Action, read: [String] = [], removed: [String] = [], unchanged: Int, bulk: Bool = false) {
            self.action = action
            self.read = read
            self.removed = removed
            self.unchanged = unchanged
            self.bulk = bulk
        }
    }

    static func file(_ path: String, size: Int64 = 100, modified: Int64 = 1_700_000_000_000_000_000) -> ScannedFile {
        ScannedFile(path: path, size: size, modified: modified)
    }

    let files = ["top.md", "sessions/2024/a.md", "sessions/2024/b.md", "sessions/2025/c.md", "clients/maya-t/client.md"].map { file($0) }

    @Test("nothing changed: nothing is read, and the index's files are not asked for")
    func unchanged() throws {
        let index = IndexInMemory(after: files)
        let plan = try RefreshPlan(scanned: files.reversed(), rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.none, unchanged: 5) && index.askedFolders.isEmpty)
    }

    @Test("a file added to a folder is read; only that folder's files are compared")
    func added() throws {
        let index = IndexInMemory(after: files)
        let plan = try RefreshPlan(scanned: files + [RefreshPlanTests.file("sessions/2025/d.md")], rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.write, read: ["sessions/2025/d.md"], unchanged: 5) && index.askedFolders == [Set(["sessions/2025"])])
    }

    @Test("a file whose modification time changed is read")
    func changed() throws {
        let index = IndexInMemory(after: files)
        var scanned = files
        scanned[1] = RefreshPlanTests.file("sessions/2024/a.md", modified: 1_800_000_000_000_000_000)
        let plan = try RefreshPlan(scanned: scanned, rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.write, read: ["sessions/2024/a.md"], unchanged: 4))
    }

    @Test("a file gone from disk is removed, even the last one of its folder")
    func removed() throws {
        let index = IndexInMemory(after: files)
        let plan = try RefreshPlan(scanned: files.filter { $0.path != "sessions/2025/c.md" }, rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.write, removed: ["sessions/2025/c.md"], unchanged: 4))
    }

    @Test("a file renamed is one removed and one added")
    func renamed() throws {
        let index = IndexInMemory(after: files)
        var scanned = files
        scanned[2] = RefreshPlanTests.file("sessions/2024/b2.md")
        let plan = try RefreshPlan(scanned: scanned, rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.write, read: ["sessions/2024/b2.md"], removed: ["sessions/2024/b.md"], unchanged: 4))
    }

    @Test("a rebuild reads every file and asks the index for none")
    func rebuild() throws {
        let index = IndexInMemory(after: files)
        let plan = try RefreshPlan(scanned: files, rebuild: true, index: index)
        #expect(Decision(plan) == Decision(.write, read: files.map(\.path).sorted(), unchanged: 0, bulk: true) && index.askedFolders.isEmpty)
    }

    @Test("an empty index is filled like a rebuild")
    func emptyIndex() throws {
        let plan = try RefreshPlan(scanned: files, rebuild: false, index: IndexInMemory(after: []))
        #expect(Decision(plan) == Decision(.write, read: files.map(\.path).sorted(), unchanged: 0, bulk: true))
    }

    @Test("when the files match the index but the saved fingerprint does not (a read that failed), only the fingerprints are saved")
    func fingerprintsOnly() throws {
        let index = IndexInMemory(after: files)
        index.digest = ""
        index.folders["sessions/2024"] = ""
        let plan = try RefreshPlan(scanned: files, rebuild: false, index: index)
        #expect(Decision(plan) == Decision(.saveFingerprints, unchanged: 5))
    }
}
