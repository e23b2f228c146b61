/// The index's tables. A change here must bump `version`: an index of another version is thrown
/// away and rebuilt from the files, which are the only truth.
///
/// `sessions` holds the short fields that listing, filters and statistics scan; the long texts
/// are apart in `session_texts` (same rowid), so that those scans stay small. `session_text` is
/// the full-text index of the sections, kept in step by the refresh in bulk statements (measured
/// 6 times faster than triggers firing row by row). Each other kind's table is its descriptor's
/// (`KindDescriptor.schema`, in the kind's folder), created in registry order.
enum IndexSchema {
    /// The schema's version: `base` plus one a registered kind, so that registering a kind (a new
    /// table) rebuilds older indexes without anyone remembering to bump it. A change to a table's
    /// columns or statements still bumps `base`, and so does a change to what a column holds
    /// (14: a link in an indented code block is no longer a link, so stored links are read again;
    /// 15: the index of ids without dashes, in capitals, that an id prefix is found in).
    static let version = base + DocumentKind.allCases.count
    static let base = 15

    static let statements = [
        """
        CREATE TABLE documents (
            path TEXT PRIMARY KEY NOT NULL,
            size INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            hash INTEGER NOT NULL,
            kind TEXT NOT NULL,
            errors INTEGER NOT NULL,
            warnings INTEGER NOT NULL,
            diagnostics TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE sessions (
            rowid INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            id TEXT,
            draft INTEGER NOT NULL,
            date INTEGER,
            date_text TEXT,
            day TEXT,
            treatment TEXT,
            administration TEXT,
            dose TEXT,
            mood_before INTEGER,
            mood_after INTEGER,
            status TEXT NOT NULL,
            reminder INTEGER,
            music TEXT,
            tags TEXT NOT NULL,
            intention_start TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE session_texts (
            rowid INTEGER PRIMARY KEY,
            keys TEXT NOT NULL,
            intention TEXT NOT NULL,
            environment TEXT NOT NULL,
            music_notes TEXT NOT NULL,
            reflections TEXT NOT NULL
        )
        """,
        // The default order of `list` (newest first, then path), read straight off this index.
        "CREATE INDEX sessions_by_date ON sessions(date DESC, path)",
        // Files with errors: counted by every listing command, usually none.
        "CREATE INDEX documents_with_errors ON documents(errors) WHERE errors > 0",
        "CREATE INDEX sessions_by_id ON sessions(id)",
        // An id prefix (`show 6F1C2A8E`, dashes optional, either case) is a range of this index:
        // `IndexStore.idStarting`.
        "CREATE INDEX sessions_by_bare_id ON sessions(upper(replace(id, '-', '')))",
        "CREATE INDEX sessions_by_day ON sessions(day)",
        """
        CREATE VIRTUAL TABLE session_text USING fts5(
            intention, environment, music_notes, reflections,
            content='session_texts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        )
        """,
        // What search reads of every document but sessions: goal titles and definitions, trial
        // session and trial notes, client notes, the notes of mood check-ins and assessments,
        // other tools' notes.
        """
        CREATE VIRTUAL TABLE document_text USING fts5(
            path UNINDEXED, body, tokenize='unicode61 remove_diacritics 2'
        )
        """,
        // The links of every document's body (`RecordLink`), by the name they look their records
        // up by (`RecordLinkResolver.key`; NULL for a Markdown link leading outside the vault):
        // backlinks are the rows whose key is one of a record's names.
        """
        CREATE TABLE links (
            path TEXT NOT NULL,
            key TEXT,
            target TEXT NOT NULL,
            style TEXT NOT NULL,
            text TEXT,
            line INTEGER NOT NULL,
            col INTEGER NOT NULL,
            target_col INTEGER NOT NULL,
            length INTEGER NOT NULL
        )
        """,
        "CREATE INDEX links_by_path ON links(path)",
        "CREATE INDEX links_by_key ON links(key)",
    ] + DocumentKind.allCases.flatMap { $0.descriptor.schema } + [
        "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID",
    ]
}
