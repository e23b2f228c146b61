import Foundation
import GRDB

/// What the index keeps of one document: the `documents` row, and the `sessions` row for a session.
struct DocumentRecord: Sendable {
    var path: String
    var size: Int64
    var modified: Int64
    var hash: Int64
    /// `session`, `draft`, `note` (no front matter, or another tool's note), a kind's name (`client`, `goal`, `trials`,
    /// `mood`, `assessment`), or `other` (a `type` afterflow does not know).
    var kind: String
    var errors: Int
    var warnings: Int
    /// `[{"line":…,"column":…,"severity":…,"message":…}]`.
    var diagnostics: String
    var session: SessionRecord?
    /// The row of any other kind: client, goal, trial session, mood check-in, assessment.
    var kindRecord: KindRecord?
    /// What search reads of a document that is not a session (`document_text`).
    var kindText: String?
    /// The links of the body, read from the bytes the refresh already holds.
    var links: [RecordLink]

    init(file: ScannedFile, hash: Int64, entry: VaultEntry, timeZone: TimeZone) {
        path = file.path
        size = file.size
        modified = file.modified
        self.hash = hash
        if entry.isPlainNote {
            kind = "note"
        } else if entry.session == nil {
            kind = entry.kind?.rawValue ?? "other"
        } else {
            kind = entry.isDraft ? "draft" : "session"
        }
        errors = entry.diagnostics.filter { $0.severity == .error }.count
        warnings = entry.diagnostics.count - errors
        diagnostics = JSONValue.array(entry.diagnostics.map { d in
            .object([("line", .int(d.location.line)), ("column", .int(d.location.column)),
                     ("severity", .string(d.severity.rawValue)), ("message", .string(d.message))])
        }).serialized()
        if let session = entry.session, !entry.isPlainNote {
            self.session = SessionRecord(path: path, draft: entry.isDraft, session: session, timeZone: timeZone)
        }
        kindRecord = KindRecord(path: path, content: entry.content, timeZone: timeZone)
        kindText = KindRecord.searchText(entry.content, document: entry.document)
        links = entry.document.links
    }

    /// The `links` rows' arguments, one a link.
    var linkArguments: [StatementArguments] {
        links.map { link in
            [path, RecordLinkResolver.key(of: link, from: path), link.target, link.style.rawValue, link.text,
             link.location.line, link.location.column, link.targetLocation.column, link.length]
        }
    }

    static let insertLinkSQL = "INSERT INTO links (path, key, target, style, text, line, col, target_col, length) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"

    var arguments: StatementArguments {
        [path, size, modified, hash, kind, errors, warnings, diagnostics]
    }

    static let insertSQL = "INSERT OR REPLACE INTO documents (path, size, modified, hash, kind, errors, warnings, diagnostics) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
}

struct SessionRecord: Sendable {
    var arguments: StatementArguments
    var texts: StatementArguments

    init(path: String, draft: Bool, session: Session, timeZone: TimeZone) {
        let date = session.date
        arguments = [
            path,
            session.id?.uuidString,
            draft,
            date?.epochSeconds(in: timeZone),
            date?.canonical(in: timeZone),
            date?.dayString,
            session.treatment?.rawValue,
            session.administration?.rawValue,
            session.dose,
            session.moodBefore,
            session.moodAfter,
            session.status.rawValue,
            session.reminder?.epochSeconds(in: timeZone),
            session.music,
            JSONValue.array(session.tags.map { .string($0) }).serialized(),
            String(session.intention.firstLine.prefix(400)),
        ]
        texts = [
            session.frontMatterJSON(timeZone: timeZone).serialized(),
            session.intention,
            session.environment,
            session.musicNotes,
            session.reflections,
        ]
    }

    static let insertSQL = """
        INSERT INTO sessions (path, id, draft, date, date_text, day, treatment, administration, dose, mood_before,
            mood_after, status, reminder, music, tags, intention_start)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The long texts, under the rowid the session row was given (the first argument).
    static let insertTextsSQL = """
        INSERT INTO session_texts (rowid, keys, intention, environment, music_notes, reflections) VALUES (?, ?, ?, ?, ?, ?)
        """
}
