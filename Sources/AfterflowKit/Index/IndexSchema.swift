/// The index's tables. A change here must bump `version`: an index of another version is thrown
/// away and rebuilt from the files, which are the only truth.
///
/// `sessions` holds the short fields that listing, filters and statistics scan; the long texts
/// are apart in `session_texts` (same rowid), so that those scans stay small. `session_text` is
/// the full-text index of the sections, kept in step by the refresh in bulk statements (measured
/// 6 times faster than triggers firing row by row).
enum IndexSchema {
    static let version = 14

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
        "CREATE INDEX sessions_by_day ON sessions(day)",
        """
        CREATE VIRTUAL TABLE session_text USING fts5(
            intention, environment, music_notes, reflections,
            content='session_texts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        )
        """,
        // The practice: clients, goals and trial sessions, by path. Short names come from the folders.
        """
        CREATE TABLE clients (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            short TEXT NOT NULL,
            name TEXT,
            born TEXT,
            notes TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE goals (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            client_id TEXT,
            client TEXT NOT NULL,
            short TEXT NOT NULL,
            title TEXT,
            category TEXT,
            phase TEXT NOT NULL,
            description TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE trial_sessions (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            client_id TEXT,
            client TEXT NOT NULL,
            date INTEGER,
            date_text TEXT,
            day TEXT,
            end_date INTEGER,
            location TEXT,
            trials INTEGER NOT NULL,
            successes INTEGER NOT NULL,
            goals TEXT NOT NULL,
            notes TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        // What search reads of every document but sessions: goal titles and definitions, trial
        // session and trial notes, client notes, the notes of mood check-ins and assessments,
        // other tools' notes.
        """
        CREATE VIRTUAL TABLE document_text USING fts5(
            path UNINDEXED, body, tokenize='unicode61 remove_diacritics 2'
        )
        """,
        // Mood check-ins between sessions; labels (chosen, suggested) and associations as JSON arrays of names.
        """
        CREATE TABLE moods (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            date INTEGER,
            date_text TEXT,
            day TEXT,
            score INTEGER,
            valence REAL,
            valence_class TEXT,
            kind TEXT NOT NULL,
            labels TEXT NOT NULL,
            suggested_labels TEXT NOT NULL,
            associations TEXT NOT NULL,
            source TEXT NOT NULL,
            notes TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        "CREATE INDEX moods_by_date ON moods(date DESC)",
        // PHQ-9 and GAD-7 assessments; items as the answers joined by commas (`1,0,2`).
        """
        CREATE TABLE assessments (
            path TEXT PRIMARY KEY NOT NULL,
            id TEXT,
            date INTEGER,
            date_text TEXT,
            day TEXT,
            instrument TEXT,
            items TEXT NOT NULL,
            total INTEGER,
            band TEXT,
            notes TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        "CREATE INDEX trial_sessions_by_client ON trial_sessions(client, date DESC)",
        "CREATE INDEX trial_sessions_by_id ON trial_sessions(id)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID",
    ]
}
