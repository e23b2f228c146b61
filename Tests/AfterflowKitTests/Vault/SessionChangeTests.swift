@testable import AfterflowKit
import Foundation
import Testing

/// `set` and `new --resume`'s update transaction (#21, item 3): checked against the file as read,
/// applied again under the lock to the file as it is now.
@Suite struct SessionChangeTests {
    static let id = "6F1C0000-0000-4000-8000-000000000001"
    static let path = "sessions/2024/2024-12-10-psilocybin.md"
    static let draftPath = ".afterflow/drafts/2024-12-10-psilocybin.md"
    static let now = ISO8601DateFormatter().date(from: "2025-01-05T18:00:00Z")!

    func entry(_ temp: TemporaryVault, _ path: String) throws -> VaultEntry {
        VaultEntry(path: path, bytes: try FileIO.read(try temp.vault.path(path)))
    }

    func change(_ temp: TemporaryVault, _ changes: [(key: String, value: String)], _ policy: SessionChange.Policy) throws -> SessionChange {
        SessionChange(vault: try temp.vault, changes: changes, policy: policy)
    }

    static let draft = "---\nid: \(id)\ndate: 2024-12-10T14:30:00-08:00\ntreatment: psilocybin\nstatus: draft\n---\n## Intention\n\n"

    @Test("set: a value the session already has writes nothing")
    func unchanged() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, sessionText(id: Self.id))
        let outcome = try change(temp, [("mood_before", "5")], .set(replace: false)).apply(to: try entry(temp, Self.path), now: Self.now)
        guard case .unchanged = outcome else { Issue.record("expected unchanged, got \(outcome)"); return }
    }

    @Test("set: replacing an intention that holds text is refused, and the file stays")
    func refusesReplacing() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, sessionText(id: Self.id))
        #expect(throws: SessionChange.Failure.self) {
            try change(temp, [("intention", "Something else.")], .set(replace: false)).apply(to: try entry(temp, Self.path), now: Self.now)
        }
        #expect(try temp.read(Self.path) == sessionText(id: Self.id))
    }

    @Test("set --replace: the old text is kept in the trash first")
    func replaceKeepsCopy() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, sessionText(id: Self.id))
        _ = try change(temp, [("intention", "Something else.")], .set(replace: true)).apply(to: try entry(temp, Self.path), now: Self.now)
        let trashed = try Trash(vault: try temp.vault).entries()
        #expect(trashed.count == 1)
    }

    @Test("set: text written into the section after it was read is not replaced without --replace")
    func refusesChangedFile() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.draftPath, Self.draft)
        let read = try entry(temp, Self.draftPath)
        // Another process writes an intention between the read and the change.
        let meanwhile = Self.draft + "Written meanwhile.\n"
        try temp.write(Self.draftPath, meanwhile)
        _ = try? change(temp, [("intention", "Mine.")], .set(replace: false)).apply(to: read, now: Self.now)
        #expect(try temp.read(Self.draftPath) == meanwhile)
    }

    @Test("resume: a draft that gained an error after it was read is refused, and stays as it is")
    func resumeRefusesChangedFile() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.draftPath, Self.draft)
        let read = try entry(temp, Self.draftPath)
        let meanwhile = Self.draft.replacingOccurrences(of: "status: draft\n", with: "status: draft\nmood_after: eleven\n")
        try temp.write(Self.draftPath, meanwhile)
        _ = try? change(temp, [("intention", "Listen."), ("mood_before", "4")], .resume).apply(to: read, now: Self.now)
        #expect(try temp.read(Self.draftPath) == meanwhile)
    }

    @Test("resume: the error is located in the draft on disk")
    func resumeErrorLocated() throws {
        let temp = try TemporaryVault()
        let bad = Self.draft.replacingOccurrences(of: "status: draft\n", with: "mood_after: eleven\nstatus: draft\n")
        try temp.write(Self.draftPath, bad)
        let resume = try change(temp, [("mood_before", "4")], .resume)
        let read = try entry(temp, Self.draftPath)
        do throws(SessionChange.Failure) {
            _ = try resume.apply(to: read, now: Self.now)
            Issue.record("expected a failure")
        } catch .hasErrors(let errors, _, _) {
            #expect(errors.first?.location.line == 5)
        } catch {
            Issue.record("expected errors, got \(error)")
        }
    }

    @Test("resume: finishing a draft moves it into the journal, status draft → needs reflection")
    func resumeFinishes() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.draftPath, Self.draft)
        let outcome = try change(temp, [("intention", "Listen."), ("mood_before", "4")], .resume).apply(to: try entry(temp, Self.draftPath), now: Self.now)
        guard case .updated(let updated) = outcome else { Issue.record("expected an update"); return }
        #expect((updated.update.path, updated.before, updated.after, updated.finishedWithoutReminder)
                == (Self.path, .draft, .needsReflection, true))
    }
}
