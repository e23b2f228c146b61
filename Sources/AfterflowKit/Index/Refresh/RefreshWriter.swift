import GRDB

/// The third part of a refresh (plan → read → write): the plan's outcome written into the index
/// inside the refresh's one immediate transaction. Each document's rows go in through its record:
/// the `documents` row, a session's rows and full-text index, and any other kind's row through
/// `KindRecord` (its `insertStatements`, `deleteStatements` and `tables`), so that a kind is
/// written here without being named.
struct RefreshWriter {
    private let db: Database
    /// The index is filled from nothing: rows first, the full-text index in one statement at the end.
    private let bulk: Bool
    private let unindex, deleteTexts, deleteSession, deleteDocument: Statement
    private let insertDocument, insertSession, insertTexts, index, insertKindText, touch: Statement
    private let insertLink, deleteLinks: Statement
    private let deleteKindRows: [Statement]
    /// Looked up once, not by their SQL text for every row.
    private let kindInserts: [Statement]

    /// The columns of a session's full-text index.
    private static let text = "intention, environment, music_notes, reflections"

    /// Prepares the statements; a `bulk` fill first empties every table, since it has read every
    /// file: what another process wrote since it looked is replaced, as in a rebuild.
    init(_ db: Database, bulk: Bool) throws {
        self.db = db
        self.bulk = bulk
        let text = RefreshWriter.text
        if bulk { try RefreshWriter.deleteAll(db) }
        unindex = try db.cachedStatement(sql: """
            INSERT INTO session_text(session_text, rowid, \(text))
            SELECT 'delete', rowid, \(text) FROM session_texts WHERE rowid = (SELECT rowid FROM sessions WHERE path = ?)
            """)
        deleteTexts = try db.cachedStatement(sql: "DELETE FROM session_texts WHERE rowid = (SELECT rowid FROM sessions WHERE path = ?)")
        deleteSession = try db.cachedStatement(sql: "DELETE FROM sessions WHERE path = ?")
        deleteDocument = try db.cachedStatement(sql: "DELETE FROM documents WHERE path = ?")
        insertDocument = try db.cachedStatement(sql: DocumentRecord.insertSQL)
        insertSession = try db.cachedStatement(sql: SessionRecord.insertSQL)
        insertTexts = try db.cachedStatement(sql: SessionRecord.insertTextsSQL)
        index = try db.cachedStatement(sql: "INSERT INTO session_text(rowid, \(text)) SELECT rowid, \(text) FROM session_texts WHERE rowid = ?")
        deleteKindRows = try KindRecord.deleteStatements.map { sql in try db.cachedStatement(sql: sql) }
        kindInserts = try KindRecord.insertStatements.map { sql in try db.cachedStatement(sql: sql) }
        insertKindText = try db.cachedStatement(sql: "INSERT INTO document_text (path, body) VALUES (?, ?)")
        touch = try db.cachedStatement(sql: "UPDATE documents SET size = ?, modified = ? WHERE path = ?")
        insertLink = try db.cachedStatement(sql: DocumentRecord.insertLinkSQL)
        deleteLinks = try db.cachedStatement(sql: "DELETE FROM links WHERE path = ?")
    }

    private static func deleteAll(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM sessions")
        try db.execute(sql: "DELETE FROM session_texts")
        try db.execute(sql: "DELETE FROM documents")
        try db.execute(sql: "DELETE FROM links")
        for table in KindRecord.tables { try db.execute(sql: "DELETE FROM \(table)") }
        try db.execute(sql: "INSERT INTO session_text(session_text) VALUES ('delete-all')")
    }

    /// Writes the whole refresh: the removed files, then each batch of `read` as it completes
    /// (calling `progress` with (done, total) after each), the full-text index of a bulk fill,
    /// and the fingerprints. Counts what it did in `report`.
    func write(_ plan: RefreshPlan, from read: RefreshRead, report: inout IndexStore.RefreshReport,
               progress: (@Sendable (Int, Int) -> Void)?, timer: PhaseTimer) throws {
        for path in plan.removed { try remove(path) }
        report.removed = plan.removed.count
        var done = 0
        for batch in 0..<read.batchCount {
            for outcome in read.take(batch) {
                try write(outcome, known: plan.known, report: &report)
                done += 1
            }
            progress?(done, read.count)
        }
        timer.mark("read, parse and insert")
        if bulk {
            let text = RefreshWriter.text
            try db.execute(sql: "INSERT INTO session_text(rowid, \(text)) SELECT rowid, \(text) FROM session_texts")
            timer.mark("full-text index")
        }
        guard !plan.scoped else {
            // The summary was added up from the rows before this write (`IndexSummary+Saved`).
            try db.execute(sql: "DELETE FROM meta WHERE key = 'summary'")
            return
        }
        // A file that could not be read leaves its folder's digest blank, so the next refresh
        // retries it.
        var savedFolders = plan.folders
        for failure in report.readFailures { savedFolders[IndexStore.folder(of: failure.path ?? "")] = "" }
        try IndexStore.saveDigest(report.readFailures.isEmpty ? plan.digest : "", folders: savedFolders, db)
    }

    private func write(_ outcome: RefreshRead.Outcome, known: [String: KnownFile], report: inout IndexStore.RefreshReport) throws {
        switch outcome {
        case .touched(let file):
            try touch.execute(arguments: [file.size, file.modified, file.path])
            report.touched += 1
        case .parsed(let record):
            if known[record.path] == nil { report.added += 1 } else { report.changed += 1 }
            if !bulk { try forget(record.path) }
            try insert(record)
        case .unreadable(let path, let error):
            try remove(path)
            report.readFailures.append(Diagnostic(.error, error.message, at: SourceLocation(line: 1, column: 1), path: path))
        }
    }

    /// Inserts a document's rows: its `documents` row, a session's rows (and, but in a bulk fill,
    /// its full-text index), another kind's row and search text.
    private func insert(_ record: DocumentRecord) throws {
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
        for arguments in record.linkArguments { try insertLink.execute(arguments: arguments) }
    }

    /// Removes every row of a path but its `documents` row.
    private func forget(_ path: String) throws {
        try unindex.execute(arguments: [path])
        try deleteTexts.execute(arguments: [path])
        try deleteSession.execute(arguments: [path])
        for statement in deleteKindRows { try statement.execute(arguments: [path]) }
        try deleteLinks.execute(arguments: [path])
    }

    /// Removes every row of a path.
    private func remove(_ path: String) throws {
        try forget(path)
        try deleteDocument.execute(arguments: [path])
    }
}
