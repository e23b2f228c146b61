@testable import AfterflowKit
import Foundation
import Testing

/// The live logger's edits of its last trial: the cue chosen after the line was written, undo.
@Suite struct LiveTrialEditTests {
    static let clientID = "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"
    static let path = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let head = "---\ntype: trials\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(clientID)\ndate: 2025-01-14T15:00:00\n---\n\n## Notes\n\n## Trials\n\n"

    func trial(_ time: String, _ success: Bool, _ cue: String, note: String = "") -> Trial {
        Trial(time: TimeOfDay.parse(time)!, goal: "s-initial", success: success, cue: cue, note: note)
    }

    @Test func theCueRewritesTheLastLineAndUndoRemovesIt() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.head + "- 15:02:10 s-initial + independent\n")
        let store = DocumentStore(vault: try temp.vault)
        var known = try store.append(trial("15:02:31", false, "independent"), to: Self.path)
        #expect(try temp.read(Self.path).hasSuffix("- 15:02:10 s-initial + independent\n- 15:02:31 s-initial - independent\n"))
        known = try store.replaceLastTrial(in: Self.path, expecting: known, with: trial("15:02:31", false, "minimal", note: "said /th/"))
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent\n- 15:02:31 s-initial - minimal  said /th/\n")
        known = try store.removeLastTrial(in: Self.path, expecting: known)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent\n")
        known = try store.removeLastTrial(in: Self.path, expecting: known)
        #expect(try temp.read(Self.path) == Self.head)
        // The next trial goes in after an undo down to nothing.
        known = try store.append(trial("15:04:00", true, "independent"), to: Self.path)
        #expect(try temp.read(Self.path) == Self.head + "- 15:04:00 s-initial + independent\n")
        #expect(!temp.files(under: "clients").contains { $0.hasSuffix(".tmp") })
        #expect(TrialSession(document: known).trials.count == 1)
    }

    @Test func aFileChangedMeanwhileIsLeftAlone() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.head)
        let store = DocumentStore(vault: try temp.vault)
        let known = try store.append(trial("15:02:31", true, "independent"), to: Self.path)
        // Another front end logs a trial.
        try store.append(trial("15:02:40", false, "independent"), to: Self.path)
        let before = try temp.read(Self.path)
        #expect(throws: VaultError.self) { try store.replaceLastTrial(in: Self.path, expecting: known, with: trial("15:02:31", true, "maximal")) }
        #expect(throws: VaultError.self) { try store.removeLastTrial(in: Self.path, expecting: known) }
        #expect(try temp.read(Self.path) == before)
    }

    @Test func aSessionWithNoTrialHasNothingToRemove() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.head)
        let store = DocumentStore(vault: try temp.vault)
        let known = Document(bytes: Array(Self.head.utf8))
        #expect(throws: VaultError.self) { try store.removeLastTrial(in: Self.path, expecting: known) }
        #expect(try temp.read(Self.path) == Self.head)
    }
}
