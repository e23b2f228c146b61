@testable import AfterflowKit
import Foundation
import Testing

/// `VaultCheck` on the practice fixture `clean` (a client, two goals, a trial session) in a new
/// vault: the vault's problems, and the text of a document not yet saved in place of its file.
@Suite struct VaultCheckTests {
    static let client = "clients/maya-t/client.md"
    static let sInitial = "clients/maya-t/goals/s-initial.md"
    static let twoStep = "clients/maya-t/goals/two-step.md"
    static let trials = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let sInitialID = "0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B"
    static let twoStepID = "7A1E0B2D-4F60-4A3C-8E5F-9A9B0C1D2E3F"

    /// The fixture's text of `path`.
    static func text(_ path: String) -> String {
        Fixtures.text("practice/clean", path)
    }

    /// Runs `body` on a vault holding the fixture, with `changes` written over it, indexed; the
    /// vault is removed afterwards.
    static func practice<T>(_ changes: [String: String] = [:], _ body: (TemporaryVault, VaultCheck) throws -> T) throws -> T {
        let temp = try TemporaryVault()
        for path in [client, sInitial, twoStep, trials] { try temp.write(path, text(path)) }
        for (path, text) in changes { try temp.write(path, text) }
        let store = try IndexStore(vault: try temp.vault)
        let report = try store.refresh()
        return try withExtendedLifetime(temp) { try body(temp, VaultCheck(store: store, readFailures: report.readFailures)) }
    }

    static func lines(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.description) }

    // MARK: - The vault

    @Test("the vault's problems of every sort, in check's order: its own, a duplicate id, the checks across files")
    func vaultProblems() throws {
        try Self.practice([
            Self.twoStep: Self.text(Self.twoStep).replacingOccurrences(of: Self.twoStepID, with: Self.sInitialID),
            Self.trials: Self.text(Self.trials) + "- 15:04:00 blends + independent\n",
            "moods/2025/2025-01-14-0900.md": "---\ntype: mood\nscore: 11\n---\n",
        ]) { _, check in
            let found = try check.check().diagnostics
            #expect(Self.lines(found) == [
                "\(Self.twoStep):3:5: error: id \(Self.sInitialID) is also the id of \(Self.sInitial); give this file a new id (delete the id line and run 'afterflow fmt')",
                "\(Self.trials):12:12: error: trial line: no goal \"blends\" in clients/maya-t/goals/ (maya-t's goals are s-initial, two-step); fix the name, or add the goal as clients/maya-t/goals/blends.md",
            ] + Self.moodProblems)
        }
    }

    /// What the mood check-in with a score of 11 and no id or date has of its own.
    static var moodProblems: [String] {
        let mood = VaultEntry(path: "moods/2025/2025-01-14-0900.md", bytes: Array("---\ntype: mood\nscore: 11\n---\n".utf8))
        return lines(mood.diagnostics)
    }

    @Test("a vault's text passed in unchanged as unsaved gives the same problems as the files")
    func unsavedTextEqualToTheFileChangesNothing() throws {
        let duplicate = Self.text(Self.twoStep).replacingOccurrences(of: Self.twoStepID, with: Self.sInitialID)
        try Self.practice([Self.twoStep: duplicate]) { _, check in
            let fromFiles = try check.check().diagnostics
            let fromUnsaved = try check.check(unsaved: [Self.twoStep: duplicate, Self.sInitial: Self.text(Self.sInitial)]).diagnostics
            #expect(!fromFiles.isEmpty && fromUnsaved == fromFiles)
        }
    }

    // MARK: - Unsaved text of one document

    @Test("a problem only in the unsaved text is reported, at its place in that text")
    func problemInUnsavedTextIsReported() throws {
        try Self.practice { _, check in
            let unsaved = Self.text(Self.trials).replacingOccurrences(of: "date: 2025-01-14T15:00:00", with: "date: 2025-02-30T15:00:00")
            let found = try check.check(path: Self.trials, unsavedText: unsaved)
            #expect(Self.lines(found) == [
                "\(Self.trials):5:7: error: date must be a date like 2024-12-10T14:30:00-08:00, 2024-12-10 14:30 or 2024-12-10, found \"2025-02-30T15:00:00\"",
            ])
        }
    }

    @Test("a problem of the file on disk that the unsaved text fixes is not reported")
    func problemFixedInUnsavedTextIsNotReported() throws {
        let broken = Self.text(Self.trials).replacingOccurrences(of: "s-initial + independent", with: "s-initial + independant")
        try Self.practice([Self.trials: broken]) { _, check in
            try #require(try !check.check().diagnostics.isEmpty, "the file on disk has a problem")
            let found = try check.check(path: Self.trials, unsavedText: Self.text(Self.trials))
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test("checking unsaved text leaves the file on disk as it was, byte for byte")
    func fileOnDiskIsUntouched() throws {
        try Self.practice { temp, check in
            let before = try Data(contentsOf: URL(fileURLWithPath: temp.root + "/" + Self.trials))
            _ = try check.check(path: Self.trials, unsavedText: "---\ntype: trials\ndate: nonsense\n---\n")
            let after = try Data(contentsOf: URL(fileURLWithPath: temp.root + "/" + Self.trials))
            #expect(after == before)
        }
    }

    @Test("an absolute path inside the vault names the same document")
    func absolutePathInsideTheVault() throws {
        try Self.practice { temp, check in
            let unsaved = Self.text(Self.trials) + "- 15:04:00 blends + independent\n"
            let found = try check.check(path: temp.root + "/" + Self.trials, unsavedText: unsaved)
            #expect(found.map(\.path) == [Self.trials])
        }
    }

    // MARK: - The checks across files see the unsaved text

    @Test("an unsaved trial line naming a goal the client does not have is reported")
    func unsavedTrialNamingAnUnknownGoal() throws {
        try Self.practice { _, check in
            let unsaved = Self.text(Self.trials) + "- 15:04:00 blends + independent\n"
            let found = try check.check(path: Self.trials, unsavedText: unsaved)
            #expect(Self.lines(found) == [
                "\(Self.trials):12:12: error: trial line: no goal \"blends\" in clients/maya-t/goals/ (maya-t's goals are s-initial, two-step); fix the name, or add the goal as clients/maya-t/goals/blends.md",
            ])
        }
    }

    @Test("an unsaved goal with another file's id is reported as a duplicate")
    func unsavedGoalDuplicatingAnID() throws {
        try Self.practice { _, check in
            let unsaved = Self.text(Self.twoStep).replacingOccurrences(of: Self.twoStepID, with: Self.sInitialID)
            let found = try check.check(path: Self.twoStep, unsavedText: unsaved)
            #expect(Self.lines(found) == [
                "\(Self.twoStep):3:5: error: id \(Self.sInitialID) is also the id of \(Self.sInitial); give this file a new id (delete the id line and run 'afterflow fmt')",
            ])
        }
    }

    @Test("an unsaved goal taking the id of a file later by path makes that file the duplicate")
    func unsavedGoalMakesTheOtherFileADuplicate() throws {
        try Self.practice { _, check in
            let unsaved = Self.text(Self.sInitial).replacingOccurrences(of: Self.sInitialID, with: Self.twoStepID)
            let found = try check.check(unsaved: [Self.sInitial: unsaved]).diagnostics
            #expect(Self.lines(found) == [
                "\(Self.twoStep):3:5: error: id \(Self.twoStepID) is also the id of \(Self.sInitial); give this file a new id (delete the id line and run 'afterflow fmt')",
            ])
        }
    }

    @Test("a duplicate id on disk is no longer reported when the unsaved text of the first file gives it a new id")
    func duplicateFixedInUnsavedText() throws {
        let duplicate = Self.text(Self.twoStep).replacingOccurrences(of: Self.twoStepID, with: Self.sInitialID)
        try Self.practice([Self.twoStep: duplicate]) { _, check in
            try #require(try !check.check().diagnostics.isEmpty, "two-step.md on disk has s-initial.md's id")
            let renewed = Self.text(Self.sInitial).replacingOccurrences(of: Self.sInitialID, with: "2E3F4A5B-6C7D-4E8F-9A0B-C1D2E3F4A5B6")
            let found = try check.check(unsaved: [Self.sInitial: renewed]).diagnostics
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test("an unsaved goal file not yet on disk makes the trials naming it known, and is counted")
    func unsavedNewGoalFile() throws {
        try Self.practice([Self.trials: Self.text(Self.trials) + "- 15:04:00 blends + independent\n"]) { _, check in
            let goal = "---\ntype: goal\nid: 1D2E3F4A-5B6C-4D7E-8F90-A1B2C3D4E5F6\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ntitle: Blends\n---\n"
            let report = try check.check(unsaved: ["clients/maya-t/goals/blends.md": goal])
            #expect(report.diagnostics.isEmpty && report.fileCount == 5, "\(report)")
        }
    }

    // MARK: - Git

    /// Runs git in `root` (with an identity of its own) and requires it to succeed, or to fail
    /// when `failing`.
    static func git(_ root: String, _ arguments: [String], failing: Bool = false) throws {
        let repository = GitRepository(directory: root, searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let (status, output) = repository.run(["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"] + arguments)
        try #require((status == 0) != failing, "git \(arguments): \(output)")
    }

    @Test("with the vault's repository, a file deleted on the other side of an unfinished merge and changed here is an error on that file")
    func mergeConflictWithoutMarkers() throws {
        try Self.practice { temp, check in
            let root = temp.root
            try Self.git(root, ["init", "-q", "-b", "here"])
            try Self.git(root, ["add", "-A"])
            try Self.git(root, ["commit", "-qm", "start"])
            try Self.git(root, ["checkout", "-qb", "there"])
            try Self.git(root, ["rm", "-q", Self.trials])
            try Self.git(root, ["commit", "-qm", "delete"])
            try Self.git(root, ["checkout", "-q", "here"])
            try temp.write(Self.trials, Self.text(Self.trials) + "- 15:05:00 s-initial + independent\n")
            try Self.git(root, ["commit", "-qam", "change"])
            try Self.git(root, ["merge", "-q", "there"], failing: true)
            var withGit = check
            withGit.git = GitRepository(directory: root, searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let found = Self.lines(try withGit.check().diagnostics)
            #expect(found.contains { $0.hasPrefix(Self.trials + ":1:1: error: a merge conflict: changed on this machine and deleted on the other") }, "\(found)")
            #expect(!Self.lines(try check.check().diagnostics).contains { $0.contains("merge conflict") }, "without the repository git is not asked")
        }
    }

    // MARK: - Paths that are not the vault's documents

    @Test("a path outside the vault is an error that says so", arguments: ["/tmp/elsewhere/session.md", "../session.md"])
    func pathOutsideTheVault(_ path: String) throws {
        try Self.practice { _, check in
            let error = try #require(throws: VaultError.self) { try check.check(path: path, unsavedText: Self.text(Self.trials)) }
            #expect(error.kind == .outsideVault && error.message.contains("is outside the vault at"), "\(error)")
        }
    }

    @Test("a file the vault does not read as a document is an error that says so", arguments: [".afterflow/config.yml", "notes/todo.txt", "Templates/session.md"])
    func notADocument(_ path: String) throws {
        try Self.practice { _, check in
            let error = try #require(throws: VaultError.self) { try check.check(path: path, unsavedText: "---\nid: x\n---\n") }
            #expect(error.kind == .invalid && error.message.contains("is not a document the vault reads"), "\(error)")
        }
    }

    @Test("another tool's note, or a file without front matter, has no problems", arguments: [
        "# Reading list\n\nno front matter, id: nonsense\n",
        "---\ntitle: Reading list\naliases: [books]\n---\nnot afterflow's\n",
    ])
    func notesHaveNoProblems(_ text: String) throws {
        try Self.practice { _, check in
            let found = try check.check(path: "notes/reading.md", unsavedText: text)
            #expect(found.isEmpty, "\(found)")
        }
    }
}
