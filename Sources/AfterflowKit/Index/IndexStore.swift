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
        } catch let error as VaultError {
            throw error
        } catch {
            if let unwritable = IndexStore.unwritable(error, at: path) { throw unwritable }
            throw VaultError(.io, "cannot update the index \(path): \(error)",
                             details: ["The index is only a cache: 'afterflow index --rebuild' starts it again."])
        }
    }

    private struct Known {
        var size: Int64
        var modified: Int64
        var hash: Int64
    }

    private enum Outcome: Sendable {
        case touched(ScannedFile)
        case parsed(DocumentRecord)
        case unreadable(String, VaultError)
    }

    private func performRefresh(rebuild: Bool, progress: (@Sendable (Int, Int) -> Void)?) throws -> RefreshReport {
        let timer = PhaseTimer()
        defer { timer.report() }
        var temporary: [String] = []
        let scanned = VaultScanner.scan(vault, includeDrafts: true, temporaryFiles: &temporary)
        // Left by killed commands: the next write under the lock removes the stale ones.
        TemporaryFiles.notice(temporary, in: vault)
        timer.mark("scan")
        var report = RefreshReport()
        report.documents = scanned.count
        // Nothing changed when every path, size and modification time is what the last refresh saw.
        let digest = IndexStore.digest(scanned)
        if !rebuild, try database.read({ db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'files'") }) == digest {
            report.unchanged = scanned.count
            timer.mark("digest")
            return report
        }
        // Each folder has its own fingerprint too: only the folders whose files changed are compared
        // row by row with the index.
        let folders = IndexStore.folderDigests(scanned)
        let saved = rebuild ? [:] : try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'folders'")
                .flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] } ?? [:]
        }
        let hasDocuments = try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM documents)") ?? false }
        let indexEmpty = rebuild || !hasDocuments
        let changedFolders = Swift.Set(folders.keys.filter { saved[$0] != folders[$0] })
            .union(saved.keys.filter { folders[$0] == nil })
        let everyFolder = indexEmpty || saved.isEmpty || changedFolders.contains("")
        var considered = everyFolder ? scanned : []
        if !everyFolder {
            IndexStore.folderRuns(scanned) { folder, run in
                if changedFolders.contains(folder) { considered += scanned[run] }
            }
        }
        report.unchanged = scanned.count - considered.count
        let known: [String: Known] = rebuild ? [:] : try database.read { db in
            var known: [String: Known] = [:]
            known.reserveCapacity(considered.count)
            // Read in place: GRDB's generic decoding costs ~1,000 instructions a value here.
            func load(_ sql: String, _ arguments: StatementArguments, folder: String?) throws {
                try RawRow.each(db, sql: sql, arguments: arguments) { row in
                    let path = String(decoding: row.bytes(0), as: UTF8.self)
                    guard folder == nil || IndexStore.folder(of: path) == folder else { return }
                    known[path] = Known(size: Int64(row.int(1) ?? 0), modified: Int64(row.int(2) ?? 0), hash: Int64(row.int(3) ?? 0))
                }
            }
            if everyFolder {
                try load("SELECT path, size, modified, hash FROM documents", [], folder: nil)
            } else {
                // '0' follows '/': the range holds the folder's files (and deeper ones, left out).
                for folder in changedFolders {
                    try load("SELECT path, size, modified, hash FROM documents WHERE path > ? AND path < ?",
                             [folder + "/", folder + "0"], folder: folder)
                }
            }
            return known
        }
        timer.mark("load known")
        var toRead: [ScannedFile] = []
        var stillThere = 0
        for file in considered {
            let old = known[file.path]
            if old != nil { stillThere += 1 }
            if let old, old.size == file.size, old.modified == file.modified {
                report.unchanged += 1
            } else {
                toRead.append(file)
            }
        }
        var removed: [String] = []
        // Some known file is gone only when fewer of them were seen than the index holds.
        if stillThere < known.count {
            let present = Swift.Set(considered.map(\.path))
            removed = known.keys.filter { !present.contains($0) }
        }
        if !rebuild && toRead.isEmpty && removed.isEmpty {
            try database.write { db in try IndexStore.saveDigest(digest, folders: folders, db) }
            return report
        }
        timer.mark("compare")
        let batches = BatchPipeline<Outcome>(count: toRead.count, batchSize: 512)
        let root = vault.root
        let zone = vault.timeZone
        let files = toRead
        batches.start { i in IndexStore.read(files[i], root: root, known: known, timeZone: zone) }
        // However the write ends, the producers stop.
        defer { batches.cancel() }
        // An empty index is filled like a rebuild: rows first, the full-text index in one statement.
        let bulk = indexEmpty
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -65536")
            try db.inTransaction(.immediate) {
                let text = "intention, environment, music_notes, reflections"
                // A bulk fill has read every file: what another process wrote since it looked is
                // replaced, as in a rebuild.
                if bulk {
                    try db.execute(sql: "DELETE FROM sessions")
                    try db.execute(sql: "DELETE FROM session_texts")
                    try db.execute(sql: "DELETE FROM documents")
                    for table in KindRecord.tables { try db.execute(sql: "DELETE FROM \(table)") }
                    try db.execute(sql: "INSERT INTO session_text(session_text) VALUES ('delete-all')")
                }
                let unindex = try db.cachedStatement(sql: """
                    INSERT INTO session_text(session_text, rowid, \(text))
                    SELECT 'delete', rowid, \(text) FROM session_texts WHERE rowid = (SELECT rowid FROM sessions WHERE path = ?)
                    """)
                let deleteTexts = try db.cachedStatement(sql: "DELETE FROM session_texts WHERE rowid = (SELECT rowid FROM sessions WHERE path = ?)")
                let deleteSession = try db.cachedStatement(sql: "DELETE FROM sessions WHERE path = ?")
                let deleteDocument = try db.cachedStatement(sql: "DELETE FROM documents WHERE path = ?")
                let insertDocument = try db.cachedStatement(sql: DocumentRecord.insertSQL)
                let insertSession = try db.cachedStatement(sql: SessionRecord.insertSQL)
                let insertTexts = try db.cachedStatement(sql: SessionRecord.insertTextsSQL)
                let index = try db.cachedStatement(sql: "INSERT INTO session_text(rowid, \(text)) SELECT rowid, \(text) FROM session_texts WHERE rowid = ?")
                let deleteKindRows = try KindRecord.deleteStatements.map { sql in try db.cachedStatement(sql: sql) }
                // Looked up once, not by their SQL text for every row.
                let kindInserts = try KindRecord.insertStatements.map { sql in try db.cachedStatement(sql: sql) }
                let insertKindText = try db.cachedStatement(sql: "INSERT INTO document_text (path, body) VALUES (?, ?)")
                let touch = try db.cachedStatement(sql: "UPDATE documents SET size = ?, modified = ? WHERE path = ?")
                func forget(_ path: String) throws {
                    try unindex.execute(arguments: [path])
                    try deleteTexts.execute(arguments: [path])
                    try deleteSession.execute(arguments: [path])
                    for statement in deleteKindRows { try statement.execute(arguments: [path]) }
                }
                for path in removed {
                    try forget(path)
                    try deleteDocument.execute(arguments: [path])
                }
                report.removed = removed.count
                var done = 0
                for batch in 0..<batches.batchCount {
                    for outcome in batches.take(batch) {
                        switch outcome {
                        case .touched(let file):
                            try touch.execute(arguments: [file.size, file.modified, file.path])
                            report.touched += 1
                        case .parsed(let record):
                            if known[record.path] == nil { report.added += 1 } else { report.changed += 1 }
                            if !bulk { try forget(record.path) }
                            try insertDocument.execute(arguments: record.arguments)
                            if let session = record.session {
                                try insertSession.execute(arguments: session.arguments)
                                let rowid = db.lastInsertedRowID
                                try insertTexts.execute(arguments: [rowid] + session.texts)
                                if !bulk { try index.execute(arguments: [rowid]) }
                            }
                            if let kindRecord = record.kindRecord {
                                let (slot, arguments) = kindRecord.insert
                                try kindInserts[slot].execute(arguments: arguments)
                            }
                            if let text = record.kindText, !text.isEmpty {
                                try insertKindText.execute(arguments: [record.path, text])
                            }
                        case .unreadable(let path, let error):
                            try forget(path)
                            try deleteDocument.execute(arguments: [path])
                            report.readFailures.append(Diagnostic(.error, error.message, at: SourceLocation(line: 1, column: 1), path: path))
                        }
                        done += 1
                    }
                    progress?(done, toRead.count)
                }
                timer.mark("read, parse and insert")
                if bulk {
                    try db.execute(sql: "INSERT INTO session_text(rowid, \(text)) SELECT rowid, \(text) FROM session_texts")
                    timer.mark("full-text index")
                }
                // A file that could not be read leaves its folder's digest blank, so the next refresh
                // retries it.
                var savedFolders = folders
                for failure in report.readFailures { savedFolders[IndexStore.folder(of: failure.path ?? "")] = "" }
                try IndexStore.saveDigest(report.readFailures.isEmpty ? digest : "", folders: savedFolders, db)
                return .commit
            }
        }
        timer.mark("commit")
        // Files are read in the scan's order, which is none in particular.
        report.readFailures.sort { ($0.path ?? "") < ($1.path ?? "") }
        return report
    }

    /// Reads and parses one file; a file whose bytes are what the index already has is only touched.
    private static func read(_ file: ScannedFile, root: String, known: [String: Known], timeZone: TimeZone) -> Outcome {
        do throws(VaultError) {
            let bytes = try FileIO.read(root + "/" + file.path)
            let hash = ContentHash.of(bytes)
            if let old = known[file.path], old.hash == hash { return .touched(file) }
            let actual = ScannedFile(path: file.path, size: Int64(bytes.count), modified: file.modified)
            let entry = VaultEntry(path: file.path, bytes: bytes)
            return .parsed(DocumentRecord(file: actual, hash: hash, entry: entry, timeZone: timeZone))
        } catch {
            return .unreadable(file.path, error)
        }
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
