#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import GRDB

/// The vault's cache: `.afterflow/index.sqlite`, a SQLite database that can be thrown away and
/// rebuilt from the files at any time.
///
/// One row per document (path, size, modification time, content hash, kind, problems), the typed
/// fields of every session, and a full-text index of their sections. Two processes may use it at
/// once: it is in WAL mode, waits for a busy database, and writes in one immediate transaction.
public final class IndexStore: Sendable {
    public let vault: Vault
    let database: DatabaseQueue

    public static let fileName = "index.sqlite"

    public var path: String { vault.root + "/" + Vault.stateFolder + "/" + IndexStore.fileName }

    /// Opens the index, creating it (readable by the owner alone) or rebuilding it from nothing when
    /// it is of another schema version, another time zone, or unreadable.
    public init(vault: Vault) throws(VaultError) {
        self.vault = vault
        let path = vault.root + "/" + Vault.stateFolder + "/" + IndexStore.fileName
        do throws(VaultError) {
            // A `.afterflow` that is a link out of the vault: the index is not written there.
            _ = try vault.writablePath(Vault.stateFolder + "/" + IndexStore.fileName)
        } catch {
            throw VaultError(.indexUnwritable, error.message)
        }
        do {
            database = try IndexStore.open(path, timeZone: vault.timeZone.identifier)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            // Another program holds it: never pulled from under it.
            throw VaultError(.io, "the index \(path) is busy: another program has held it for more than 10 seconds",
                             details: ["Try again when it is done; if nothing else is running, delete \(path)* (it is only a cache)."])
        } catch let error where IndexStore.unwritable(error, at: path) != nil {
            // A full or failing disk: deleting the index would not help, and it is kept.
            throw IndexStore.unwritable(error, at: path) ?? VaultError(.indexUnwritable, "\(error)")
        } catch {
            // A cache that cannot be read (corrupt, not a database) is rebuilt, never trusted.
            IndexStore.removeFiles(path)
            do {
                database = try IndexStore.open(path, timeZone: vault.timeZone.identifier)
            } catch {
                if let unwritable = IndexStore.unwritable(error, at: path) { throw unwritable }
                throw VaultError(.io, "cannot open the index \(path): \(error)",
                                 details: ["The index is only a cache: delete \(path)* and run 'afterflow index --rebuild'."])
            }
        }
    }

    /// An index in memory, empty until `refresh` fills it from the files: for a command whose
    /// index on disk cannot be written.
    public init(inMemoryFor vault: Vault) throws(VaultError) {
        self.vault = vault
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in db.add(function: IndexStore.musicProviderFunction) }
            database = try DatabaseQueue(configuration: configuration)
            try database.write { db in try IndexStore.createSchema(db, timeZone: vault.timeZone.identifier) }
        } catch {
            throw VaultError(.io, "cannot make an index in memory: \(error)")
        }
    }

    private static func open(_ path: String, timeZone: String) throws -> DatabaseQueue {
        if !FileIO.exists(path) {
            let fd = Glibc_open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, FileIO.fileMode)
            if fd >= 0 { close(fd) }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL is remembered in the file: set once, when it is new. (GRDB's own WAL set-up writes
            // to the database at every open, and so costs every read command a checkpoint and two
            // fsyncs when it closes.)
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                // Several processes may meet the new file at once: switching the journal answers
                // "busy" at once, without the busy timeout, while another one is at it. Try again
                // for as long as the timeout, until one of them has done it.
                try IndexStore.retryingWhileBusy {
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" { return }
                    // A new file: 16 KB pages, not 4, for an index of long texts. A cold build of
                    // 10,000 sessions writes a quarter of the pages and took 555 ms instead of 670.
                    try db.execute(sql: "PRAGMA page_size = 16384")
                    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                        throw DatabaseError(message: "could not put the index in WAL mode")
                    }
                }
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // No memory map (SQLite's default on Linux, said out loud): on this machine a page
            // fault cost more than the read() it saves ('list' of 10,000 sessions 46 -> 38 ms
            // without it), and after a write the checkpoint at close left every page of a mapped
            // file resident (a cold index of 100,000 sessions peaked at 362 MB, 116 MB without).
            try db.execute(sql: "PRAGMA mmap_size = 0")
            db.add(function: IndexStore.musicProviderFunction)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        func current(_ db: Database) throws -> Bool {
            try Int.fetchOne(db, sql: "PRAGMA user_version") == IndexSchema.version
                && (try? String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'time_zone'")) == timeZone
        }
        if try queue.read(current) { return queue }
        // Another schema or time zone (or a new file): start again from nothing, inside the
        // database, so that other processes using it at the same moment are never pulled from under.
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                // Another process may have done it meanwhile.
                if try current(db) { return .commit }
                let tables = try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                    """)
                for table in tables where try db.tableExists(table) {
                    try db.execute(sql: "DROP TABLE IF EXISTS \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"")
                }
                try createSchema(db, timeZone: timeZone)
                return .commit
            }
        }
        return queue
    }

    /// `afterflow_music_provider(music)`: the provider of a music link (`spotify`, `youtube`, …,
    /// see `MusicLink.Service.slug`), computed when a query asks for it (`--where
    /// music_provider=spotify`) rather than stored, so that indexing pays nothing for it.
    static let musicProviderFunction = DatabaseFunction("afterflow_music_provider", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), !text.isBlank else { return nil }
        return MusicLink(text).service.slug
    }

    /// Creates the tables in an empty database, for `timeZone`.
    private static func createSchema(_ db: Database, timeZone: String) throws {
        for statement in IndexSchema.statements { try db.execute(sql: statement) }
        try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('time_zone', ?)", arguments: [timeZone])
        try db.execute(sql: "PRAGMA user_version = \(IndexSchema.version)")
    }

    /// Runs `body` again while SQLite answers busy, for up to 10 seconds (the busy timeout).
    static func retryingWhileBusy(_ body: () throws -> Void) throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        var pause: UInt32 = 1_000
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    // MARK: - Refresh

    /// What a refresh found and did.
    public struct RefreshReport: Sendable {
        public var documents = 0
        public var unchanged = 0
        public var added = 0
        public var changed = 0
        /// Files whose modification time changed but whose bytes did not.
        public var touched = 0
        public var removed = 0
        /// Files that could not be read at all (permissions, I/O); files with errors in their
        /// content are in the index and counted by `unreadableCount()`.
        public var readFailures: [Diagnostic] = []
        public var changes: Int { added + changed + removed }
    }

    /// Brings the index up to date with the files: unchanged size and modification time are
    /// skipped; changed files are re-read and confirmed by content hash; new, deleted and moved
    /// files are noticed. `rebuild` starts from nothing. `progress` is called with (done, total)
    /// while files are read.
    @discardableResult
    public func refresh(rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(VaultError) -> RefreshReport {
        do {
            return try performRefresh(rebuild: rebuild, progress: progress)
        } catch {
            throw refreshError(error)
        }
    }

    /// What a refresh that failed with `error` throws: a `VaultError` as it is, a disk that cannot
    /// be written as `indexUnwritable`, anything else as an I/O error that says how to start again.
    func refreshError(_ error: Error) -> VaultError {
        if let error = error as? VaultError { return error }
        if let unwritable = IndexStore.unwritable(error, at: path) { return unwritable }
        return VaultError(.io, "cannot update the index \(path): \(error)",
                          details: ["The index is only a cache: 'afterflow index --rebuild' starts it again."])
    }

    /// Plan, read, write: the plan (`RefreshPlan`) compares the scan with the index's
    /// fingerprints; the files it names are read and parsed on every core (`RefreshRead`) while
    /// the writer (`RefreshWriter`) puts their rows in, in one immediate transaction.
    private func performRefresh(rebuild: Bool, progress: (@Sendable (Int, Int) -> Void)?) throws -> RefreshReport {
        let timer = PhaseTimer()
        defer { timer.report() }
        var temporary: [String] = []
        let scan = VaultScanner.survey(vault, includeDrafts: true, temporaryFiles: &temporary)
        // Left by killed commands: the next write under the lock removes the stale ones.
        TemporaryFiles.notice(temporary, in: vault)
        timer.mark("scan")
        let plan = try RefreshPlan(scan: scan, rebuild: rebuild, index: StoredIndexState(database: database), mark: timer.mark)
        var report = RefreshReport()
        report.documents = plan.documents
        report.unchanged = plan.unchanged
        switch plan.action {
        case .none:
            return report
        case .saveFingerprints:
            try database.write { db in try IndexStore.saveDigest(plan.digest, folders: plan.folders, db) }
            return report
        case .write:
            timer.mark("compare")
        }
        try write(plan, into: &report, progress: progress, timer: timer)
        return report
    }

    /// The read and the write of a plan that has files to read or remove.
    func write(_ plan: RefreshPlan, into report: inout RefreshReport, progress: (@Sendable (Int, Int) -> Void)?, timer: PhaseTimer) throws {
        let read = RefreshRead(plan, root: vault.root, timeZone: vault.timeZone)
        // However the write ends, the readers stop.
        defer { read.cancel() }
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -65536")
            try db.inTransaction(.immediate) {
                try RefreshWriter(db, bulk: plan.bulk).write(plan, from: read, report: &report, progress: progress, timer: timer)
                return .commit
            }
        }
        timer.mark("commit")
        // Files are read in the scan's order, which is none in particular.
        report.readFailures.sort { ($0.path ?? "") < ($1.path ?? "") }
    }

    static func decodeDiagnostics(_ json: String, path: String) -> [Diagnostic] {
        guard let items = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return [] }
        return items.compactMap { item in
            guard let line = item["line"] as? Int, let column = item["column"] as? Int, let message = item["message"] as? String,
                  let severity = (item["severity"] as? String).flatMap(Diagnostic.Severity.init(rawValue:)) else { return nil }
            return Diagnostic(severity, message, at: SourceLocation(line: line, column: column), path: path)
        }
    }
}

/// `open(2)` under a name that does not clash with `IndexStore.open`.
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
