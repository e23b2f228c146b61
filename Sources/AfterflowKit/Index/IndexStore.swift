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
        do {
            database = try IndexStore.open(path, timeZone: vault.timeZone.identifier)
        } catch {
            // A cache that cannot be read is rebuilt, never trusted.
            IndexStore.removeFiles(path)
            do {
                database = try IndexStore.open(path, timeZone: vault.timeZone.identifier)
            } catch {
                throw VaultError(.io, "cannot open the index \(path): \(error)",
                                 details: ["The index is only a cache: delete \(path)* and run 'afterflow index --rebuild'."])
            }
        }
    }

    private static func open(_ path: String, timeZone: String) throws -> DatabaseQueue {
        if !FileIO.exists(path) {
            let fd = Glibc_open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, FileIO.fileMode)
            if fd >= 0 { close(fd) }
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        var queue = try DatabaseQueue(path: path, configuration: configuration)
        let (version, zone) = try queue.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
             try? String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'time_zone'"))
        }
        if version == IndexSchema.version && zone == timeZone { return queue }
        if version != 0 {
            // Another schema or time zone: start again from nothing.
            try queue.close()
            removeFiles(path)
            let fd = Glibc_open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, FileIO.fileMode)
            if fd >= 0 { close(fd) }
            queue = try DatabaseQueue(path: path, configuration: configuration)
        }
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                // Another process may have created it meanwhile.
                if try Int.fetchOne(db, sql: "PRAGMA user_version") == IndexSchema.version { return .commit }
                for statement in IndexSchema.statements { try db.execute(sql: statement) }
                try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('time_zone', ?)", arguments: [timeZone])
                try db.execute(sql: "PRAGMA user_version = \(IndexSchema.version)")
                return .commit
            }
        }
        return queue
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
        let files = VaultScanner.scan(vault, includeDrafts: true)
        var report = RefreshReport()
        report.documents = files.count
        let known: [String: Known] = rebuild ? [:] : try database.read { db in
            var known: [String: Known] = [:]
            known.reserveCapacity(files.count)
            let rows = try Row.fetchCursor(db, sql: "SELECT path, size, modified, hash FROM documents")
            while let row = try rows.next() {
                known[row[0]] = Known(size: row[1], modified: row[2], hash: row[3])
            }
            return known
        }
        var toRead: [ScannedFile] = []
        for file in files {
            if let old = known[file.path], old.size == file.size, old.modified == file.modified {
                report.unchanged += 1
            } else {
                toRead.append(file)
            }
        }
        var removed: [String] = []
        if known.count + toRead.count > files.count || rebuild {
            let present = Swift.Set(files.map(\.path))
            removed = known.keys.filter { !present.contains($0) }
        }
        if !rebuild && toRead.isEmpty && removed.isEmpty { return report }
        let outcomes = read(toRead, known: known, progress: progress)
        try database.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                if rebuild {
                    try db.execute(sql: "DELETE FROM sessions")
                    try db.execute(sql: "DELETE FROM documents")
                }
                let deleteSession = try db.cachedStatement(sql: "DELETE FROM sessions WHERE path = ?")
                let deleteDocument = try db.cachedStatement(sql: "DELETE FROM documents WHERE path = ?")
                let insertDocument = try db.cachedStatement(sql: DocumentRecord.insertSQL)
                let insertSession = try db.cachedStatement(sql: SessionRecord.insertSQL)
                let touch = try db.cachedStatement(sql: "UPDATE documents SET size = ?, modified = ? WHERE path = ?")
                for path in removed {
                    try deleteSession.execute(arguments: [path])
                    try deleteDocument.execute(arguments: [path])
                }
                report.removed = removed.count
                for outcome in outcomes {
                    switch outcome {
                    case .touched(let file):
                        try touch.execute(arguments: [file.size, file.modified, file.path])
                        report.touched += 1
                    case .parsed(let record):
                        if known[record.path] == nil { report.added += 1 } else { report.changed += 1 }
                        if !rebuild { try deleteSession.execute(arguments: [record.path]) }
                        try insertDocument.execute(arguments: record.arguments)
                        if let session = record.session { try insertSession.execute(arguments: session.arguments) }
                    case .unreadable(let path, _):
                        try deleteSession.execute(arguments: [path])
                        try deleteDocument.execute(arguments: [path])
                    }
                }
                return .commit
            }
        }
        for case .unreadable(let path, let error) in outcomes {
            report.readFailures.append(Diagnostic(.error, error.message, at: SourceLocation(line: 1, column: 1), path: path))
        }
        return report
    }

    /// Reads and parses files on every core; a file whose bytes are what the index already has is
    /// only touched.
    private func read(_ files: [ScannedFile], known: [String: Known], progress: (@Sendable (Int, Int) -> Void)?) -> [Outcome] {
        let results = ResultBox<Outcome>(count: files.count)
        let root = vault.root
        let zone = vault.timeZone
        let chunk = 32
        let chunks = (files.count + chunk - 1) / chunk
        let done = ResultBox<Int>(count: 0)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(files.count, (c + 1) * chunk) {
                let file = files[i]
                do throws(VaultError) {
                    let bytes = try FileIO.read(root + "/" + file.path)
                    let hash = ContentHash.of(bytes)
                    if let old = known[file.path], old.hash == hash {
                        results.set(i, .touched(file))
                    } else {
                        var actual = file
                        actual.size = Int64(bytes.count)
                        let entry = VaultEntry(path: file.path, bytes: bytes)
                        results.set(i, .parsed(DocumentRecord(file: actual, hash: hash, entry: entry, timeZone: zone)))
                    }
                } catch {
                    results.set(i, .unreadable(file.path, error))
                }
            }
            if let progress { progress(done.increment(by: min(chunk, files.count - c * chunk)), files.count) }
        }
        return results.values
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
