@testable import AfterflowKit
import Foundation
import Testing

/// A session dated after now is a draft until its time, whatever it holds (#10).
@Suite struct PlannedDraftTests {
    func values(_ date: String) throws -> SessionValues {
        let date = try #require(LocalDate.parse(date))
        var values = SessionValues(date: date, treatment: .ketamine, created: date)
        values.intention = "Let go."
        values.moodBefore = 4
        return values
    }

    @Test("created after now it goes to the drafts; saved before its time it stays; finished after, it moves")
    func lifecycle() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let plannedFor = try #require(LocalDate.parse("2031-05-06T18:00:00-07:00"))
        let before = plannedFor.date(in: try temp.vault.timeZone).addingTimeInterval(-3600)
        let created = try store.create(try values("2031-05-06T18:00:00-07:00"), now: before)
        #expect(created.path == ".afterflow/drafts/2031-05-06-ketamine.md")

        // An edit now (years before its date) keeps it a draft.
        let entry = VaultEntry(path: created.path, bytes: try FileIO.read(try temp.vault.path(created.path)))
        let editor = SessionEditor(timeZone: try temp.vault.timeZone)
        let edited = try editor.setting("environment", to: "Home.", in: entry.document)
        #expect(try store.save(edited, over: entry) == created.path)

        // Not ready yet: finishDraft leaves it.
        let saved = VaultEntry(path: created.path, bytes: try FileIO.read(try temp.vault.path(created.path)))
        let early = try store.finishDraft(saved, now: Date())
        #expect(!early.changed && early.path == created.path)

        // Its time come (the date moved back by hand): finishDraft takes it into the journal as it is.
        let past = try editor.setting("date", to: "2024-05-06 18:00", in: saved.document)
        try temp.write(created.path, String(decoding: past.bytes, as: UTF8.self))
        let due = VaultEntry(path: created.path, bytes: try FileIO.read(try temp.vault.path(created.path)))
        let finished = try store.finishDraft(due, now: Date())
        #expect(finished.changed && finished.path == "sessions/2024/2024-05-06-ketamine.md")
        #expect(Session(document: Document(bytes: try FileIO.read(try temp.vault.path(finished.path)))).environment == "Home.")

        // Any save once its time has come moves it too.
        let again = try store.create(try values("2031-05-07T18:00:00-07:00"), now: before)
        let planned = VaultEntry(path: again.path, bytes: try FileIO.read(try temp.vault.path(again.path)))
        #expect(try store.save(try editor.setting("date", to: "2024-05-07 18:00", in: planned.document), over: planned)
                == "sessions/2024/2024-05-07-ketamine.md")
    }

    @Test("created with a past date, or without now (as import does), it goes to the journal")
    func journal() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        #expect(try store.create(try values("2024-05-06T18:00:00-07:00")).path == "sessions/2024/2024-05-06-ketamine.md")
        let prepared = try store.prepare(try values("2031-05-06T18:00:00-07:00"), template: store.template())
        #expect(try store.createAll([prepared]) == ["sessions/2031/2031-05-06-ketamine.md"])
    }
}
