import Foundation
import GRDB

/// A mood check-in between sessions as a kind (see `KindDescriptor`): `type: mood`, in `moods/`.
extension MoodCheckIn: KindDescriptor {
    public static let kind = DocumentKind.mood
    public static let noun = "a mood check-in (type: mood)"
    public var content: DocumentContent { .mood(self) }

    public init?(content: DocumentContent) {
        guard case .mood(let mood) = content else { return nil }
        self = mood
    }

    public func formatted(timeZone: TimeZone) -> Document? { MoodFormatter().format(self) }

    public static let table = "moods"
    public static let schema = [
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
    ]
    public static let insertStatement: String? = """
        INSERT OR REPLACE INTO moods (path, id, date, date_text, day, score, valence, valence_class, kind, labels, suggested_labels,
            associations, source, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? {
        [path, id?.uuidString, date?.epochSeconds(in: timeZone), date?.canonical(in: timeZone),
         date?.dayString, score, valence, valenceClass?.rawValue, effectiveKind.rawValue,
         indexNames(labels), indexNames(suggestedLabels), indexNames(associations), effectiveSource.rawValue, notes]
    }

    public var searchText: String? { notes }

    public static func searchSections(of document: Document) -> [(String, Range<Int>)] { [("notes", body(of: document))] }
}
