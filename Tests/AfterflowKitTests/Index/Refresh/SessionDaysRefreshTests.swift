@testable import AfterflowKit
import Foundation
import Testing

/// `IndexStore.refreshSessions(since:until:)` (docs/ARCHITECTURE.md, "An export of some days") on
/// `JournalFixture`, whose index was brought up to date when it was made: the sessions of the days
/// asked for are seen as they are on disk (edited, added, removed, in another folder, in the
/// drafts), the rest of the vault is not looked at, and the whole refresh after it finds the rows
/// it wrote current.
@Suite struct SessionDaysRefreshTests {
    static let january1 = JournalFixture.s("2025-01-01-ketamine")
    static let december10 = JournalFixture.s("2024-12-10-psilocybin")

    /// Midnight of `day` in the fixture's time zone, in seconds since 1970.
    static func start(_ day: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: JournalFixture.timeZone)!
        let parts = day.split(separator: "-").map { Int($0)! }
        return Int(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!.timeIntervalSince1970)
    }

    static func row(_ store: IndexStore, _ path: String) throws -> IndexedSession? {
        var filter = SessionFilter()
        filter.includeDrafts = true
        return try store.sessions(filter).first { $0.path == path }
    }

    static func edit(_ fixture: Fixture, _ path: String, _ old: String, _ new: String) throws {
        let text = try fixture.temp.read(path)
        #expect(text.contains(old))
        try fixture.temp.write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// A fixture whose `path` was edited by hand, then brought up to date for the days from `day` on.
    static func editedThenScoped(_ path: String, _ old: String, _ new: String, since day: String) throws -> Fixture {
        let fixture = try JournalFixture.make()
        try edit(fixture, path, old, new)
        try fixture.store.refreshSessions(since: start(day), until: nil)
        return fixture
    }

    @Test("a session of the days edited by hand is read again; one of another year is not, until the whole refresh")
    func editedInPlace() throws {
        let fixture = try JournalFixture.make()
        try Self.edit(fixture, Self.january1, "mood_before: 4", "mood_before: 10")
        try Self.edit(fixture, Self.december10, "mood_before: 5", "mood_before: 10")
        let report = try fixture.store.refreshSessions(since: Self.start("2025-01-01"), until: nil)
        #expect(report.changed == 1)
        #expect(try Self.row(fixture.store, Self.january1)?.moodBefore == 10)
        #expect(try Self.row(fixture.store, Self.december10)?.moodBefore == 5)
        let whole = try fixture.store.refresh()
        #expect(whole.changed == 1)
        #expect(try Self.row(fixture.store, Self.december10)?.moodBefore == 10)
    }

    @Test("a session added by hand in a year of the days is seen, one removed by hand is gone")
    func addedAndRemoved() throws {
        let fixture = try JournalFixture.make()
        let added = "sessions/2025/2025-05-01-lsd.md"
        try fixture.temp.write(added, sessionText(id: "E5000000-0000-4000-8000-000000000005", date: "2025-05-01T10:00:00-07:00", treatment: "lsd"))
        let removed = JournalFixture.s("2025-03-09-cannabis")
        try FileManager.default.removeItem(atPath: fixture.temp.root + "/" + removed)
        let report = try fixture.store.refreshSessions(since: Self.start("2025-02-01"), until: Self.start("2025-06-01"))
        #expect(report.added == 1)
        #expect(report.removed == 1)
        #expect(try Self.row(fixture.store, added)?.treatment == .lsd)
        #expect(try Self.row(fixture.store, removed) == nil)
    }

    @Test("a session of the days whose file lies in another folder is compared too")
    func elsewhere() throws {
        let fixture = try JournalFixture.make()
        let odd = "sessions/archive/kept.md"
        try fixture.temp.write(odd, sessionText(id: "E6000000-0000-4000-8000-000000000006", date: "2025-02-02T10:00:00-08:00"))
        try fixture.store.refresh()
        try Self.edit(fixture, odd, "mood_before: 5", "mood_before: 1")
        try fixture.store.refreshSessions(since: Self.start("2025-01-01"), until: nil)
        #expect(try Self.row(fixture.store, odd)?.moodBefore == 1)
    }

    @Test("the drafts are compared with every period")
    func drafts() throws {
        let draft = JournalFixture.d("2025-04-10-psilocybin")
        let fixture = try Self.editedThenScoped(draft, "mood_before: 5", "mood_before: 2", since: "2025-04-01")
        #expect(try Self.row(fixture.store, draft)?.moodBefore == 2)
    }

    @Test("the whole refresh after it finds the rows current, saves the fingerprints, and the next finds nothing to do")
    func wholeAfter() throws {
        let fixture = try Self.editedThenScoped(Self.january1, "mood_before: 4", "mood_before: 10", since: "2025-01-01")
        let whole = try fixture.store.refresh()
        #expect(whole.changes == 0)
        let next = try fixture.store.refresh()
        #expect(next.unchanged == next.documents)
        // The rows are those a rebuild makes from the files.
        let rebuilt = try IndexStore(inMemoryFor: try fixture.temp.vault)
        try rebuilt.refresh()
        var filter = SessionFilter()
        filter.includeDrafts = true
        #expect(try fixture.store.sessions(filter).map(\.moodBefore) == rebuilt.sessions(filter).map(\.moodBefore))
        #expect(try fixture.store.sessions(filter).map(\.path) == rebuilt.sessions(filter).map(\.path))
    }

    @Test("an index never brought up to date, or no day to start from, takes the whole refresh")
    func fallsBack() throws {
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        let store = try IndexStore(vault: try temp.vault)
        let first = try store.refreshSessions(since: Self.start("2025-01-01"), until: nil)
        #expect(first.added == first.documents)
        #expect(try Self.row(store, JournalFixture.s("2023-11-05-ketamine")) != nil)
        try temp.write(JournalFixture.s("2023-11-05-ketamine"), try temp.read(JournalFixture.s("2023-11-05-ketamine")) + "More.\n")
        let whole = try store.refreshSessions(since: nil, until: nil)
        #expect(whole.changed == 1)
    }

    @Test("the scope of a period: the files of its years named for its days or for none, its sessions in the index, the drafts")
    func scope() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2025/notes.md", "Not a session.\n")
        try fixture.temp.write("sessions/2025/attachments/a.md", "Not a session either.\n")
        try fixture.store.refresh()
        let scope = try #require(try fixture.store.sessionScope(since: Self.start("2025-02-01"), until: nil))
        #expect(scope.files == [JournalFixture.s("2025-03-09-cannabis"), JournalFixture.s("2025-04-02-other"), "sessions/2025/notes.md"])
        #expect(scope.folders == [".afterflow/drafts", "sessions/2025/attachments"])
        let june = try #require(try fixture.store.sessionScope(since: Self.start("2024-06-01"), until: Self.start("2024-07-01")))
        #expect(june.files == [JournalFixture.s("2024-06-01-lsd")])
    }

    @Test("a file named for a day before the period, edited by hand, waits for the next whole refresh")
    func namedBefore() throws {
        let fixture = try JournalFixture.make()
        try Self.edit(fixture, Self.january1, "mood_before: 4", "mood_before: 10")
        let report = try fixture.store.refreshSessions(since: Self.start("2025-02-01"), until: nil)
        #expect(report.changes == 0)
        #expect(try Self.row(fixture.store, Self.january1)?.moodBefore == 4)
        try fixture.store.refresh()
        #expect(try Self.row(fixture.store, Self.january1)?.moodBefore == 10)
    }

    @Test("a name is of the period when it starts with one of its days, or with no day",
          arguments: [("2025-02-01-lsd.md", true), ("2025-01-31-lsd.md", false), ("2025-06-01.md", false),
                      ("2025-05-31-x.md", true), ("notes.md", true), ("2025-1-15.md", true)])
    func named(_ name: String, _ expected: Bool) {
        #expect(IndexStore.named(name, from: "2025-02-01", to: "2025-06-01") == expected)
    }
}
