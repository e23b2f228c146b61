@testable import AfterflowKit
import Foundation
import Testing

/// `last` (or `latest`) names the newest session, `today` and `yesterday` the day's only one (#10).
@Suite struct RelativeReferenceTests {
    static let zone = TimeZone(identifier: JournalFixture.timeZone)!

    /// `2024-12-10 20:00` in the fixture's time zone.
    static func at(_ text: String) throws -> Date {
        try #require(LocalDate.parse(text)).date(in: zone)
    }

    @Test("last and latest name the newest journal session, drafts left out, through the index and the files", arguments: [
        "last", "latest", "LAST", " last ",
    ])
    func newest(_ text: String) throws {
        let fixture = try JournalFixture.make()
        let newest = JournalFixture.newest[0]
        #expect(try DocumentReference(text).resolve(in: fixture.store, from: "/").path == newest)
        #expect(try DocumentReference(text).resolve(in: VaultCatalog(vault: fixture.temp.vault), from: "/").path == newest)
        // The first that list shows.
        #expect(try fixture.store.paths(SessionFilter()).first == newest)
    }

    @Test("the newest is by the instant, so a later session written with another offset wins")
    func newestByInstant() throws {
        let fixture = try JournalFixture.make()
        // 2025-04-03 07:00 in Tokyo is 2025-04-02 15:00 in Los Angeles, after the 08:00 session there.
        try fixture.temp.write("sessions/2025/tokyo.md", sessionText(id: "AB000000-0000-4000-8000-000000000020", date: "2025-04-03T07:00:00+09:00"))
        _ = try fixture.store.refresh()
        #expect(try DocumentReference("last").resolve(in: fixture.store, from: "/").path == "sessions/2025/tokyo.md")
        #expect(try DocumentReference("last").resolve(in: VaultCatalog(vault: fixture.temp.vault), from: "/").path == "sessions/2025/tokyo.md")
    }

    @Test("today and yesterday are days of the vault's time zone", arguments: [
        ("today", "2024-12-10 20:00", "sessions/2024/2024-12-10-psilocybin.md"),
        ("Today", "2024-12-10 00:00", "sessions/2024/2024-12-10-psilocybin.md"),
        ("yesterday", "2025-01-01 10:00", "sessions/2024/2024-12-31-ayahuasca.md"),
        ("today", "2025-01-01 00:30", "sessions/2025/2025-01-01-ketamine.md"),
        ("yesterday", "2024-01-16 23:59", "sessions/2024/2024-01-15-psilocybin.md"),
    ])
    func days(_ text: String, _ now: String, _ path: String) throws {
        let fixture = try JournalFixture.make()
        #expect(try DocumentReference(text).resolve(in: fixture.store, from: "/", now: Self.at(now)).path == path)
        #expect(try DocumentReference(text).resolve(in: VaultCatalog(vault: fixture.temp.vault), from: "/", now: Self.at(now)).path == path)
    }

    @Test("two sessions today: the usual ambiguity, with the candidates")
    func ambiguous() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2024/2024-12-10-evening.md",
                               sessionText(id: "EEEE0000-0000-4000-8000-000000000013", date: "2024-12-10T21:00:00-08:00", treatment: "ketamine"))
        _ = try fixture.store.refresh()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference("today").resolve(in: fixture.store, from: "/", now: Self.at("2024-12-10 22:00"))
        }
        #expect(error.kind == .ambiguous)
        #expect(error.message == "2 sessions today (2024-12-10); name one by a longer id prefix or its path")
        #expect(error.details == [
            "  EEEE0000  2024-12-10 21:00  Ketamine  sessions/2024/2024-12-10-evening.md",
            "  6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md",
        ])
    }

    @Test("no session today names the nearest; no session at all says how to make one")
    func none() throws {
        let fixture = try JournalFixture.make()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference("today").resolve(in: fixture.store, from: "/", now: Self.at("2024-12-12 10:00"))
        }
        #expect(error.kind == .noMatch)
        #expect(error.message == "no session today (2024-12-12)")
        #expect(error.details.first == "The nearest:")
        #expect(error.details.dropFirst().first?.hasSuffix("sessions/2024/2024-12-10-psilocybin.md") == true)

        let empty = try TemporaryVault()
        let store = try IndexStore(vault: empty.vault)
        _ = try store.refresh()
        let nothing = try #require(throws: VaultError.self) { try DocumentReference("last").resolve(in: store, from: "/") }
        #expect(nothing.message == "there is no session yet for \"last\" to name")
        #expect(nothing.details == ["Record one with 'afterflow new'."])
    }

    @Test("pinned: today and yesterday become the day they name now; anything else stays")
    func pinned() throws {
        let now = try Self.at("2025-01-01 00:30")
        #expect(DocumentReference("today").pinned(now: now, timeZone: Self.zone).text == "2025-01-01")
        #expect(DocumentReference("yesterday").pinned(now: now, timeZone: Self.zone).text == "2024-12-31")
        #expect(DocumentReference("last").pinned(now: now, timeZone: Self.zone).text == "last")
        #expect(DocumentReference("6F1C").pinned(now: now, timeZone: Self.zone).text == "6F1C")
    }
}
