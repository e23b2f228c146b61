@testable import AfterflowKit
import Foundation
import Testing

/// `DocumentReference` resolved through the index on `JournalFixture`, whose ids are written so
/// that `6F1C` is shared by 2024-12-10 and 2024-12-31 and `DD` by the two drafts.
@Suite struct ReferenceTests {
    static let december10 = "sessions/2024/2024-12-10-psilocybin.md"

    @Test("a reference naming one session gives its file", arguments: [
        ("6F1C2A8E", december10),
        ("6f1c2a8e", december10),                          // any case
        ("6F1C2", december10),                             // shortest unique prefix
        ("6F1C2A8E-5B3D", december10),                     // with a hyphen
        ("6F1C2A8E5B3D", december10),                      // without it
        ("6F1C9", "sessions/2024/2024-12-31-ayahuasca.md"),
        ("DD10", ".afterflow/drafts/2025-04-10-psilocybin.md"),  // drafts can be named
        ("2024-12-10", december10),                        // a day: the local 14:30 session
        ("2024-01-15", "sessions/2024/2024-01-15-psilocybin.md"),  // a date-only session
        ("2025-03-09", "sessions/2025/2025-03-09-cannabis.md"),
        ("sessions/2024/2024-12-10-psilocybin.md", december10),    // a path in the vault
        (" 2024-12-31 ", "sessions/2024/2024-12-31-ayahuasca.md"),
    ])
    func resolves(_ text: String, _ path: String) throws {
        let fixture = try JournalFixture.make()
        let entry = try DocumentReference(text).resolve(in: fixture.store, from: "/")
        #expect(entry.path == path)
        #expect(entry.session != nil)
    }

    @Test("a shared id prefix is ambiguous and lists the candidates by path")
    func ambiguousID() throws {
        let fixture = try JournalFixture.make()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference("6f1c").resolve(in: fixture.store, from: "/")
        }
        #expect(error.kind == .ambiguous)
        #expect(error.message == "2 sessions with an id starting 6f1c; name one by a longer id prefix or its path")
        #expect(error.details == [
            "  6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md",
            "  6F1C9B00  2024-12-31 23:30  Ayahuasca  sessions/2024/2024-12-31-ayahuasca.md",
        ])
    }

    @Test("two sessions on one day are ambiguous")
    func ambiguousDay() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2024/2024-12-10-evening.md",
                               sessionText(id: "EEEE0000-0000-4000-8000-000000000013", date: "2024-12-10T21:00:00-08:00", treatment: "ketamine"))
        try fixture.store.refresh()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference("2024-12-10").resolve(in: fixture.store, from: "/")
        }
        #expect(error.kind == .ambiguous)
        #expect(error.message == "2 sessions on 2024-12-10; name one by a longer id prefix or its path")
        #expect(error.details == [
            "  EEEE0000  2024-12-10 21:00  Ketamine  sessions/2024/2024-12-10-evening.md",
            "  6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md",
        ])
    }

    @Test("no session on a day: the three nearest, nearest first", arguments: [
        // 12-20: 10 days after 12-10, 11 before 12-31, 12 before 01-01.
        ("2024-12-20", [
            "  6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md",
            "  6F1C9B00  2024-12-31 23:30  Ayahuasca  sessions/2024/2024-12-31-ayahuasca.md",
            "  88000000  2025-01-01 00:15  Ketamine  sessions/2025/2025-01-01-ketamine.md",
        ]),
        // 2023-01-01: only later sessions; the date-only 2024-01-15 prints as a day.
        ("2023-01-01", [
            "  A1000000  2023-11-05 10:00  Ketamine  sessions/2023/2023-11-05-ketamine.md",
            "  B2000000  2024-01-15  Psilocybin  sessions/2024/2024-01-15-psilocybin.md",
            "  C3000000  2024-02-29 19:00  MDMA  sessions/2024/2024-02-29-mdma.md",
        ]),
    ])
    func nearest(_ day: String, _ lines: [String]) throws {
        let fixture = try JournalFixture.make()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference(day).resolve(in: fixture.store, from: "/")
        }
        #expect(error.kind == .noMatch)
        #expect(error.message == "no session on \(day)")
        #expect(error.details == ["The nearest:"] + lines)
    }

    @Test("references that name nothing", arguments: [
        ("ABCD", "no session with an id starting ABCD"),
        ("6F1C2A8F", "no session with an id starting 6F1C2A8F"),
        ("6F1", "\"6F1\" is not a session reference"),
        ("ocean", "\"ocean\" is not a session reference"),
        ("sessions/2024/nothing.md", "no session at sessions/2024/nothing.md in the vault "),
        ("notes/reading-list.md", "notes/reading-list.md is not a therapy session file: it has no front matter"),
    ])
    func noMatch(_ text: String, _ message: String) throws {
        let fixture = try JournalFixture.make()
        let error = try #require(throws: VaultError.self) {
            try DocumentReference(text).resolve(in: fixture.store, from: "/")
        }
        #expect(error.kind == .noMatch)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("the index and the files give the same candidates")
    func sameAsCatalog() throws {
        let fixture = try JournalFixture.make()
        let catalog = VaultCatalog(vault: fixture.store.vault)
        for prefix in ["6F1C", "DD", "A1000000", "0000"] {
            let fromIndex = try fixture.store.candidates(idPrefix: prefix).map(\.path).sorted()
            let fromFiles = catalog.candidates(idPrefix: prefix).map(\.path).sorted()
            #expect(fromIndex == fromFiles, "\(prefix)")
        }
        for text in ["2024-12-10", "2025-04-12", "2024-01-15"] {
            let day = try #require(LocalDate.parse(text))
            #expect(try fixture.store.candidates(onDay: day).map(\.path) == catalog.candidates(onDay: day).map(\.path), "\(text)")
        }
    }
}
