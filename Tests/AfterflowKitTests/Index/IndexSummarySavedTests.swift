@testable import AfterflowKit
import Foundation
import GRDB
import Testing

/// The summary `index` prints is kept in the index for the files it was added up from
/// (`IndexSummary+Saved`): read back only while the index's fingerprint is the same, and added up
/// again after any change. `JournalFixture` has 10 sessions (8 of them with a mood after, adding
/// up to 58), 2 drafts and a note.
@Suite struct IndexSummarySavedTests {
    static let december10 = "sessions/2024/2024-12-10-psilocybin.md"

    /// The index's `meta` value under `key`.
    static func meta(_ store: IndexStore, _ key: String) throws -> String? {
        try store.database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    @Test func theSavedSummaryIsTheOneAddedUp() throws {
        let fixture = try JournalFixture.make()
        #expect(try fixture.store.savedSummary() == nil)
        let first = try fixture.store.summary()
        #expect(first.sessions == 10 && first.drafts == 2 && first.notes == 1)
        // Saved for the fingerprint the refresh left, then read back by another connection.
        let saved = try #require(try Self.meta(fixture.store, "summary"))
        #expect(saved.hasPrefix(try #require(try Self.meta(fixture.store, "files")) + "\n"))
        let other = try IndexStore(vault: try fixture.temp.vault)
        try other.refresh()
        let read = try #require(try other.savedSummary())
        let (counted, _) = try other.countedSummary()
        #expect(read.saved == counted.saved)
        #expect(read.textLines == counted.textLines)
        #expect(try other.summary().saved == counted.saved)
        // Mood after 58 over 8 sessions: 7.25, read back to the bit.
        #expect(read.averageMoodAfter == 7.25)
    }

    @Test func aChangedFileIsAddedUpAgain() throws {
        let fixture = try JournalFixture.make()
        #expect(try fixture.store.summary().averageMoodAfter == 7.25)
        let old = try fixture.temp.read(Self.december10)
        try fixture.temp.write(Self.december10, old.replacingOccurrences(of: "mood_after: 8", with: "mood_after: 10"))
        try fixture.store.refresh()
        // The refresh that wrote took the saved summary away.
        #expect(try Self.meta(fixture.store, "summary") == nil)
        // 58 - 8 + 10 = 60 over 8.
        #expect(try fixture.store.summary().averageMoodAfter == 7.5)
        #expect(try fixture.store.savedSummary()?.averageMoodAfter == 7.5)
    }

    @Test func aSummaryOfOtherFilesIsNotTaken() throws {
        let fixture = try JournalFixture.make()
        _ = try fixture.store.summary()
        // A summary saved under a fingerprint that is not the index's (as if the index changed
        // between adding up and saving) is left alone.
        try fixture.store.database.write { db in
            try db.execute(sql: "UPDATE meta SET value = '13:1' || substr(value, instr(value, char(10))) WHERE key = 'summary'")
        }
        #expect(try fixture.store.savedSummary() == nil)
        fixture.store.saveSummary(try fixture.store.countedSummary().0, for: "13:1")
        #expect(try fixture.store.savedSummary() == nil)
        #expect(try fixture.store.summary().sessions == 10)
    }

    @Test func anotherWriterIsNotWaitedFor() throws {
        let fixture = try JournalFixture.make()
        // Another program holds the index's write lock while the summary is asked for.
        let other = try DatabaseQueue(path: fixture.store.path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            #expect(try fixture.store.summary().sessions == 10)
            try db.execute(sql: "ROLLBACK")
        }
        // Not saved then; saved by the next summary, once the index can be written.
        #expect(try fixture.store.savedSummary() == nil)
        #expect(try fixture.store.summary().sessions == 10)
        #expect(try fixture.store.savedSummary()?.sessions == 10)
    }

    #if os(Linux)
    @Test func nothingIsSavedWhileAFileCannotBeRead() throws {
        let fixture = try JournalFixture.make()
        // Reading /proc/self/mem from offset 0 fails with EIO, even for root.
        try FileManager.default.createSymbolicLink(atPath: fixture.temp.root + "/sessions/2025/unreadable.md", withDestinationPath: "/proc/self/mem")
        #expect(try fixture.store.refresh().readFailures.count == 1)
        // The fingerprint is left empty, so that the next refresh tries again: no summary is kept.
        #expect(try Self.meta(fixture.store, "files") == "")
        #expect(try fixture.store.summary().sessions == 10)
        #expect(try Self.meta(fixture.store, "summary") == nil)
        #expect(try fixture.store.savedSummary() == nil)
    }
    #endif

    @Test func theSavedTextReadsBack() throws {
        var summary = IndexSummary()
        summary.sessions = 3
        summary.drafts = 1
        summary.byStatus = [(.complete, 2), (.needsReflection, 1)]
        summary.byTreatment = [(Treatment(rawValue: "lsd")!, 2), (Treatment(rawValue: "2c-b")!, 1)]
        summary.first = "2024-01-02"
        summary.last = "2025-03-04"
        summary.averageMoodBefore = 1.0 / 3.0
        let read = try #require(IndexSummary(saved: Substring(summary.saved)))
        #expect(read.saved == summary.saved)
        #expect(read.averageMoodBefore == 1.0 / 3.0)
        #expect(read.averageMoodAfter == nil)
        #expect(read.byTreatment.map(\.0.rawValue) == ["lsd", "2c-b"])
        #expect(IndexSummary(saved: "sessions x") == nil)
        #expect(IndexSummary(saved: "colour 3") == nil)
    }
}
