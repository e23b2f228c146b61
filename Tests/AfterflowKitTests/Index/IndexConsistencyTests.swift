@testable import AfterflowKit
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index after every kind of change to the files: what the refresh reports, and what the
/// queries answer afterwards. `JournalFixture` has 13 documents (10 sessions, 2 drafts, 1 note).
@Suite struct IndexConsistencyTests {
    static let december10 = "sessions/2024/2024-12-10-psilocybin.md"

    /// The report's counts in one line, so that a failure shows them all.
    func counts(_ r: IndexStore.RefreshReport) -> String {
        "documents \(r.documents), unchanged \(r.unchanged), added \(r.added), changed \(r.changed), "
            + "touched \(r.touched), removed \(r.removed), failures \(r.readFailures.count)"
    }

    func searchPaths(_ store: IndexStore, _ text: String) throws -> [String] {
        try store.search(SearchQuery(text), includeDrafts: true, limit: 50).map(\.session.path).sorted()
    }

    @Test("a refresh with nothing changed reads nothing, in this process or another")
    func unchanged() throws {
        let fixture = try JournalFixture.make()
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 0")
        let other = try IndexStore(vault: try fixture.temp.vault)
        #expect(counts(try other.refresh()) == "documents 13, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 0")
        #expect(try other.allPaths() == (JournalFixture.newest + JournalFixture.drafts).sorted())
    }

    @Test("opening and reading an index that is up to date writes nothing to it")
    func readsWriteNothing() throws {
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        try IndexStore(vault: try temp.vault).refresh()
        let path = temp.root + "/.afterflow/index.sqlite"
        func stamp() throws -> String {
            let info = try FileManager.default.attributesOfItem(atPath: path)
            return "\(info[.size] ?? 0) \((info[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        let before = try stamp()
        for _ in 0..<3 {
            // Each store is its own connection, closed when it goes: as one command after another.
            let store = try IndexStore(vault: try temp.vault)
            _ = try store.refresh()
            _ = try store.sessions(SessionFilter())
        }
        #expect(try stamp() == before)
    }

    @Test("the first refresh adds every document")
    func first() throws {
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        let store = try IndexStore(vault: try temp.vault)
        #expect(counts(try store.refresh()) == "documents 13, unchanged 0, added 13, changed 0, touched 0, removed 0, failures 0")
        #expect(try temp.mode(".afterflow/index.sqlite") == 0o600)
    }

    @Test("a new file is added")
    func add() throws {
        let fixture = try JournalFixture.make()
        let path = "sessions/2025/2025-04-20-mdma.md"
        try fixture.temp.write(path, sessionText(id: "F0000000-0000-4000-8000-000000000020", date: "2025-04-20T10:00:00-07:00",
                                                 treatment: "mdma", intention: "Meet the lighthouse keeper."))
        #expect(counts(try fixture.store.refresh()) == "documents 14, unchanged 13, added 1, changed 0, touched 0, removed 0, failures 0")
        #expect(try fixture.store.paths(SessionFilter()).first == path)
        #expect(try searchPaths(fixture.store, "lighthouse") == [path])
        #expect(try fixture.store.summary().sessions == 11)
    }

    @Test("an edited file is read again: fields, full text and statistics follow")
    func edit() throws {
        let fixture = try JournalFixture.make()
        let old = try fixture.temp.read(Self.december10)
        try fixture.temp.write(Self.december10, old
            .replacingOccurrences(of: "mood_after: 8", with: "mood_after: 10")
            .replacingOccurrences(of: "Felt held and calm. The ocean music helped.", with: "Felt light. The river music helped."))
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 1, touched 0, removed 0, failures 0")
        #expect(try searchPaths(fixture.store, "ocean") == [".afterflow/drafts/2025-04-10-psilocybin.md",
                                                           "sessions/2024/2024-12-31-ayahuasca.md", "sessions/2025/2025-01-01-ketamine.md"])
        #expect(try searchPaths(fixture.store, "river") == [Self.december10])
        var filter = SessionFilter()
        filter.conditions = [try #require(KeyCondition(parsing: "mood_after>9"))]
        #expect(try fixture.store.paths(filter) == [Self.december10])
        // Mood after: 58 - 8 + 10 = 60 over 8.
        #expect(try fixture.store.statistics(SessionFilter()).averageMoodAfter == 7.5)
    }

    @Test("an edit of the same size with a new modification time is read again")
    func sameSizeEdit() throws {
        let fixture = try JournalFixture.make()
        let file = fixture.temp.root + "/" + Self.december10
        let before = try modified(file)
        let old = try fixture.temp.read(Self.december10)
        try fixture.temp.write(Self.december10, old.replacingOccurrences(of: "mood_after: 8", with: "mood_after: 9"))
        try setModified(file, before + 1_000_000_000)
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 1, touched 0, removed 0, failures 0")
        #expect(try fixture.store.sessions(SessionFilter()).first { $0.path == Self.december10 }?.moodAfter == 9)
    }

    @Test("a file whose size and modification time are unchanged is skipped until a rebuild")
    func sameSizeAndTime() throws {
        let fixture = try JournalFixture.make()
        let file = fixture.temp.root + "/" + Self.december10
        let before = try modified(file)
        let old = try fixture.temp.read(Self.december10)
        try fixture.temp.write(Self.december10, old.replacingOccurrences(of: "mood_after: 8", with: "mood_after: 9"))
        try setModified(file, before)
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 0")
        #expect(try fixture.store.sessions(SessionFilter()).first { $0.path == Self.december10 }?.moodAfter == 8)
        #expect(counts(try fixture.store.refresh(rebuild: true)) == "documents 13, unchanged 0, added 13, changed 0, touched 0, removed 0, failures 0")
        #expect(try fixture.store.sessions(SessionFilter()).first { $0.path == Self.december10 }?.moodAfter == 9)
    }

    @Test("a touched file is confirmed by its hash, and its new time is kept")
    func touch() throws {
        let fixture = try JournalFixture.make()
        let file = fixture.temp.root + "/" + Self.december10
        try setModified(file, try modified(file) + 5_000_000_000)
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 0, touched 1, removed 0, failures 0")
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 0")
        #expect(try searchPaths(fixture.store, "eyeshade") == [Self.december10])
    }

    @Test("a deleted file is removed from every query")
    func delete() throws {
        let fixture = try JournalFixture.make()
        try FileManager.default.removeItem(atPath: fixture.temp.root + "/sessions/2024/2024-12-31-ayahuasca.md")
        #expect(counts(try fixture.store.refresh()) == "documents 12, unchanged 12, added 0, changed 0, touched 0, removed 1, failures 0")
        #expect(try fixture.store.allPaths() == (JournalFixture.newest + JournalFixture.drafts).filter { !$0.contains("ayahuasca") }.sorted())
        #expect(try searchPaths(fixture.store, "grief") == ["sessions/2023/2023-11-05-ketamine.md"])
        #expect(try fixture.store.statistics(SessionFilter()).byTreatment.contains { $0.treatment == .ayahuasca } == false)
        // 6F1C no longer names two sessions.
        #expect(try DocumentReference("6F1C").resolve(in: fixture.store, from: "/").path == Self.december10)
    }

    @Test("a moved or renamed file keeps its id and is found at its new path", arguments: [
        "sessions/2024/2024-12-10-mushrooms.md",
        "archive/old/2024-12-10-psilocybin.md",
        "2024-12-10.md",
    ])
    func move(_ destination: String) throws {
        let fixture = try JournalFixture.make()
        let root = fixture.temp.root
        try FileManager.default.createDirectory(atPath: (root + "/" + destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/" + Self.december10, toPath: root + "/" + destination)
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 1, changed 0, touched 0, removed 1, failures 0")
        let moved = try fixture.store.sessions(SessionFilter()).filter { $0.id == "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34" }
        #expect(moved.map(\.path) == [destination])
        #expect(try fixture.store.allPaths().contains(Self.december10) == false)
        #expect(try searchPaths(fixture.store, "eyeshade") == [destination])
        #expect(try DocumentReference("6F1C2A8E").resolve(in: fixture.store, from: "/").path == destination)
        #expect(try fixture.store.summary().sessions == 10)
    }

    @Test("a draft moved into the journal stops being a draft")
    func draftFinished() throws {
        let fixture = try JournalFixture.make()
        let root = fixture.temp.root
        try FileManager.default.moveItem(atPath: root + "/.afterflow/drafts/2025-04-10-psilocybin.md",
                                         toPath: root + "/sessions/2025/2025-04-10-psilocybin.md")
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 1, changed 0, touched 0, removed 1, failures 0")
        #expect(try fixture.store.paths(SessionFilter()).first == "sessions/2025/2025-04-10-psilocybin.md")
        #expect(try fixture.store.summary().drafts == 1)
        #expect(try searchPaths(fixture.store, "retreat") == ["sessions/2025/2025-04-10-psilocybin.md"])
    }

    @Test("a file that stops parsing is kept with its diagnostics, and is whole again once fixed")
    func unparseableThenFixed() throws {
        let fixture = try JournalFixture.make()
        let path = "sessions/2024/2024-05-20-ketamine.md"
        let good = try fixture.temp.read(path)
        // Line 6 is `mood_before: 6`.
        try fixture.temp.write(path, good.replacingOccurrences(of: "mood_before: 6", with: "mood_before: \"6"))
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 1, touched 0, removed 0, failures 0")
        #expect(try fixture.store.unreadableCount() == 1)
        #expect(try fixture.store.summary().unreadable == 1)
        let problems = try fixture.store.problems().filter { $0.severity == .error }
        #expect(problems.map { "\($0.path ?? ""):\($0.location.line)" } == ["\(path):6"])
        #expect(problems.first?.message.hasPrefix("a quoted value must end on the same line") == true)
        let diagnostics = try fixture.store.diagnostics()
        #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == problems.map(\.message), "\(diagnostics)")

        try fixture.temp.write(path, good)
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 1, touched 0, removed 0, failures 0")
        #expect(try fixture.store.unreadableCount() == 0)
        #expect(try fixture.store.problems().filter { $0.severity == .error }.isEmpty)
        var filter = SessionFilter()
        filter.conditions = [try #require(KeyCondition(parsing: "mood_before=6"))]
        #expect(try fixture.store.paths(filter) == ["sessions/2025/2025-03-09-cannabis.md", path])
        #expect(try searchPaths(fixture.store, "lisbon") == [path])
    }

    @Test("a new file that cannot be parsed is recorded, not dropped")
    func brokenFromTheStart() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write("sessions/2025/broken.md", "---\nid: F1000000-0000-4000-8000-000000000001\ndate: 2025-04-03\n")
        #expect(counts(try fixture.store.refresh()) == "documents 14, unchanged 13, added 1, changed 0, touched 0, removed 0, failures 0")
        #expect(try fixture.store.unreadableCount() == 1)
        #expect(try fixture.store.problems().contains { $0.path == "sessions/2025/broken.md" && $0.severity == .error })
    }

    #if os(Linux)
    @Test("a file that cannot be read at all is reported by every refresh until it can be")
    func readFailure() throws {
        let fixture = try JournalFixture.make()
        // Reading /proc/self/mem from offset 0 fails with EIO, even for root.
        let link = fixture.temp.root + "/sessions/2025/unreadable.md"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/mem")
        for _ in 0..<2 {
            let report = try fixture.store.refresh()
            #expect(counts(report) == "documents 14, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 1")
            #expect(report.readFailures.map { $0.path } == ["sessions/2025/unreadable.md"])
        }
        try FileManager.default.removeItem(atPath: link)
        try fixture.temp.write("sessions/2025/unreadable.md", "# Readable now\n")
        #expect(counts(try fixture.store.refresh()) == "documents 14, unchanged 13, added 1, changed 0, touched 0, removed 0, failures 0")
        #expect(try fixture.store.summary().notes == 2)
    }
    #endif

    @Test("a session that loses its front matter becomes a plain note")
    func becomesNote() throws {
        let fixture = try JournalFixture.make()
        try fixture.temp.write(Self.december10, "# Just thoughts\n\nNo front matter any more.\n")
        #expect(counts(try fixture.store.refresh()) == "documents 13, unchanged 12, added 0, changed 1, touched 0, removed 0, failures 0")
        #expect(try fixture.store.summary().notes == 2)
        #expect(try fixture.store.allPaths().contains(Self.december10) == false)
        #expect(try searchPaths(fixture.store, "eyeshade") == [])
    }

    @Test("an index of another schema version, another time zone or unreadable bytes is rebuilt by itself", arguments: [
        "PRAGMA user_version = 2", "PRAGMA user_version = 99", "UPDATE meta SET value = 'Europe/Berlin' WHERE key = 'time_zone'",
    ])
    func rebuiltWhenStale(_ sql: String) throws {
        let fixture = try JournalFixture.make()
        try fixture.store.database.write { db in try db.execute(sql: sql) }
        let reopened = try IndexStore(vault: try fixture.temp.vault)
        #expect(counts(try reopened.refresh()) == "documents 13, unchanged 0, added 13, changed 0, touched 0, removed 0, failures 0")
        #expect(try reopened.database.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == IndexSchema.version)
        #expect(try reopened.database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'time_zone'") } == JournalFixture.timeZone)
        #expect(try reopened.paths(SessionFilter()) == JournalFixture.newest)
        #expect(try searchPaths(reopened, "eyeshade") == [Self.december10])
        #expect(try fixture.temp.mode(".afterflow/index.sqlite") == 0o600)
    }

    @Test("a refresh that cannot write reports an error instead of crashing")
    func writeFailure() throws {
        // Another connection holds the write lock past the 10-second busy timeout, so the
        // refresh's BEGIN IMMEDIATE fails after its parse batches have started. `performRefresh`
        // throws with batches untaken, BatchPipeline's `window` semaphore (created with 8) is freed
        // below its first value, and libdispatch traps. Expected: a VaultError (.io).
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        let store = try IndexStore(vault: try temp.vault)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        let other = try DatabaseQueue(path: store.path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let error = try #require(throws: VaultError.self) { try store.refresh() }
            #expect(error.kind == .io)
            #expect(error.message.hasPrefix("cannot update the index"))
            try db.execute(sql: "ROLLBACK")
        }
    }

    @Test("an index file of garbage is thrown away and rebuilt")
    func garbage() throws {
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        try temp.write(".afterflow/index.sqlite", String(repeating: "not a database ", count: 300))
        let store = try IndexStore(vault: try temp.vault)
        #expect(counts(try store.refresh()) == "documents 13, unchanged 0, added 13, changed 0, touched 0, removed 0, failures 0")
        #expect(try store.paths(SessionFilter()) == JournalFixture.newest)
        #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test("stores refreshing at once on one vault, some rebuilding, leave a sound index")
    func concurrentRefreshes() throws {
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        for (path, text) in JournalFixture.files { try temp.write(path, text) }
        let vault = try temp.vault
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            do {
                let store = try IndexStore(vault: vault)
                try store.refresh(rebuild: i % 3 == 0)
                _ = try store.paths(SessionFilter())
            } catch {
                failures.add("\(i): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let store = try IndexStore(vault: vault)
        #expect(counts(try store.refresh()) == "documents 13, unchanged 13, added 0, changed 0, touched 0, removed 0, failures 0")
        #expect(try store.paths(SessionFilter()) == JournalFixture.newest)
        #expect(try searchPaths(store, "ocean").count == 4)
        #expect(try store.database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        // The full-text index agrees with its content table.
        #expect(throws: Never.self) {
            try store.database.write { db in try db.execute(sql: "INSERT INTO session_text(session_text) VALUES ('integrity-check')") }
        }
    }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

/// A file's modification time in nanoseconds since 1970.
func modified(_ path: String) throws -> Int64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw VaultError(.io, "cannot stat \(path)") }
    return VaultScanner.modificationTime(info)
}

/// Sets a file's modification time, to the nanosecond.
func setModified(_ path: String, _ nanoseconds: Int64) throws {
    let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var times = [time, time]
    guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw VaultError(.io, "cannot set the time of \(path)") }
}
