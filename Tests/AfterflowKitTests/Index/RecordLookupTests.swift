@testable import AfterflowKit
import Foundation
import Testing

/// `RecordLookup`'s rule (docs/ARCHITECTURE.md, "A command about one record") on
/// `JournalFixture`, whose index was refreshed once when it was made: a reference is answered from
/// the index as it stands, without the refresh that stats every file, when its answer can be
/// vouched for, and from an index brought up to date otherwise. The refresh is the look-up's
/// `refresh` closure, counted here.
@Suite struct RecordLookupTests {
    static let december10 = "sessions/2024/2024-12-10-psilocybin.md"

    /// Counts the refreshes a look-up asks for.
    final class Refreshes: @unchecked Sendable {
        var count = 0
    }

    static func lookup(_ fixture: Fixture, _ refreshes: Refreshes) throws -> RecordLookup {
        let vault = try fixture.temp.vault
        return RecordLookup(vault: vault) { () throws(VaultError) -> IndexStore in
            refreshes.count += 1
            let store = try IndexStore(vault: vault)
            try store.refresh()
            return store
        }
    }

    static func resolve(_ text: String, _ fixture: Fixture, _ refreshes: Refreshes) throws -> VaultEntry {
        try DocumentReference(text).resolve(with: try lookup(fixture, refreshes), from: "/", now: Date())
    }

    @Test("a day, an id prefix or last the index vouches for is answered without a refresh",
          arguments: ["2024-12-10", "6F1C2", "6f1c2a8e-5b3d", "last", "DD10", "2024-01-15"])
    func noRefresh(_ text: String) throws {
        let fixture = try JournalFixture.make()
        let refreshes = Refreshes()
        _ = try Self.resolve(text, fixture, refreshes)
        #expect(refreshes.count == 0)
    }

    @Test("the quick answer is the session a full look-up names",
          arguments: ["2024-12-10", "6F1C2", "6f1c2a8e-5b3d", "last", "DD10", "2024-01-15", "2025-03-09"])
    func sameAnswer(_ text: String) throws {
        let fixture = try JournalFixture.make()
        let quick = try Self.resolve(text, fixture, Refreshes())
        let full = try DocumentReference(text).resolve(in: fixture.store, from: "/", now: Date())
        #expect(quick.path == full.path)
    }

    @Test("a file edited by hand since the last refresh is read as it is on disk")
    func editedByHand() throws {
        let fixture = try JournalFixture.make()
        let edited = try fixture.temp.read(Self.december10) + "A line written by hand since.\n"
        try fixture.temp.write(Self.december10, edited)
        let entry = try Self.resolve("2024-12-10", fixture, Refreshes())
        #expect(String(decoding: entry.document.bytes, as: UTF8.self) == edited)
    }

    @Test("a file edited by hand that still holds the day named is answered without a refresh")
    func editedStillNamed() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write(Self.december10, try fixture.temp.read(Self.december10) + "More.\n")
        let refreshes = Refreshes()
        _ = try Self.resolve("2024-12-10", fixture, refreshes)
        #expect(refreshes.count == 0)
    }

    @Test("a file edited by hand to another day is not taken for the day it had")
    func editedToAnotherDay() throws {
        let fixture = try JournalFixture.make()
        let text = try fixture.temp.read(Self.december10).replacingOccurrences(of: "date: 2024-12-10 14:30", with: "date: 2024-12-12 14:30")
        try fixture.temp.write(Self.december10, text)
        let error = try #require(throws: VaultError.self) { try Self.resolve("2024-12-10", fixture, Refreshes()) }
        #expect(error.message == "no session on 2024-12-10")
    }

    @Test("a file deleted by hand falls back to a refresh")
    func deletedFallsBack() throws {
        let fixture = try JournalFixture.make()
        try FileManager.default.removeItem(atPath: fixture.temp.root + "/" + Self.december10)
        let refreshes = Refreshes()
        _ = try? Self.resolve("6F1C2", fixture, refreshes)
        #expect(refreshes.count == 1)
    }

    @Test("a file deleted by hand gives the message of a full look-up")
    func deletedMessage() throws {
        let fixture = try JournalFixture.make()
        try FileManager.default.removeItem(atPath: fixture.temp.root + "/" + Self.december10)
        let error = try #require(throws: VaultError.self) { try Self.resolve("2024-12-10", fixture, Refreshes()) }
        #expect(error.message == "no session on 2024-12-10")
    }

    @Test("an id prefix the index does not hold is found after a refresh")
    func newID() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2022/2022-06-01-new.md", sessionText(id: "ABCDEF00-0000-4000-8000-000000000099", date: "2022-06-01T10:00:00-07:00"))
        let entry = try Self.resolve("ABCDEF00", fixture, Refreshes())
        #expect(entry.path == "sessions/2022/2022-06-01-new.md")
    }

    @Test("a new file named by its path is read without the index")
    func newPath() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2022/2022-06-01-new.md", sessionText(id: "ABCDEF00-0000-4000-8000-000000000099", date: "2022-06-01T10:00:00-07:00"))
        let refreshes = Refreshes()
        let entry = try Self.resolve("sessions/2022/2022-06-01-new.md", fixture, refreshes)
        #expect((entry.path, refreshes.count) == ("sessions/2022/2022-06-01-new.md", 0))
    }

    @Test("a second file for the day, added by hand in its folder, makes the day ambiguous")
    func newFileSameDay() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2024/2024-12-10-evening.md",
                               sessionText(id: "EEEE0000-0000-4000-8000-000000000013", date: "2024-12-10T21:00:00-08:00", treatment: "ketamine"))
        let error = try #require(throws: VaultError.self) { try Self.resolve("2024-12-10", fixture, Refreshes()) }
        #expect(error.kind == .ambiguous)
    }

    @Test("last: a newer session file added by hand is the newest")
    func newerFile() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2025/2025-05-01-ketamine.md", sessionText(id: "ABCDEF00-0000-4000-8000-000000000099", date: "2025-05-01T10:00:00-07:00"))
        let entry = try Self.resolve("last", fixture, Refreshes())
        #expect(entry.path == "sessions/2025/2025-05-01-ketamine.md")
    }

    @Test("with no index, the look-up refreshes")
    func noIndex() throws {
        let fixture = try JournalFixture.make()
        for suffix in ["", "-wal", "-shm"] { unlink(fixture.temp.root + "/.afterflow/index.sqlite" + suffix) }
        let refreshes = Refreshes()
        _ = try Self.resolve("2024-12-10", fixture, refreshes)
        #expect(refreshes.count == 1)
    }
}
