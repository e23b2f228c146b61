/// The index's tables. A change here must bump `version`: an index of another version is thrown
/// away and rebuilt from the files, which are the only truth.
enum IndexSchema {
    static let version = 1

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
            keys TEXT NOT NULL,
            intention TEXT NOT NULL,
            environment TEXT NOT NULL,
            music_notes TEXT NOT NULL,
            reflections TEXT NOT NULL
        )
        """,
        "CREATE INDEX sessions_by_date ON sessions(date)",
        "CREATE INDEX sessions_by_id ON sessions(id)",
        """
        CREATE VIRTUAL TABLE session_text USING fts5(
            intention, environment, music_notes, reflections,
            content='sessions', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        )
        """,
        """
        CREATE TRIGGER sessions_text_insert AFTER INSERT ON sessions BEGIN
            INSERT INTO session_text(rowid, intention, environment, music_notes, reflections)
            VALUES (new.rowid, new.intention, new.environment, new.music_notes, new.reflections);
        END
        """,
        """
        CREATE TRIGGER sessions_text_delete AFTER DELETE ON sessions BEGIN
            INSERT INTO session_text(session_text, rowid, intention, environment, music_notes, reflections)
            VALUES ('delete', old.rowid, old.intention, old.environment, old.music_notes, old.reflections);
        END
        """,
        "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID",
    ]
}
