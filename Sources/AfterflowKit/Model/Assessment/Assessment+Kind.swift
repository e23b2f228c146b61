import Foundation
import GRDB

/// A PHQ-9 or GAD-7 assessment as a kind (see `KindDescriptor`): `type: assessment`, in
/// `assessments/`.
extension Assessment: KindDescriptor {
    public static let kind = DocumentKind.assessment
    public static let noun = "an assessment (type: assessment)"
    public var content: DocumentContent { .assessment(self) }

    public init?(content: DocumentContent) {
        guard case .assessment(let assessment) = content else { return nil }
        self = assessment
    }

    public func formatted(timeZone: TimeZone) -> Document? { AssessmentFormatter().format(self) }

    public static let table = "assessments"
    public static let schema = [
        // Answers to an instrument (PHQ-9, GAD-7, MEQ-30, a vault's own), its id in `instrument`;
        // items as the answers joined by commas (`1,0,2`); total and band PHQ-9's and GAD-7's;
        // session the linked session's id as written.
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
            notes TEXT NOT NULL,
            session TEXT
        ) WITHOUT ROWID
        """,
    ]
    public static let insertStatement: String? = """
        INSERT OR REPLACE INTO assessments (path, id, date, date_text, day, instrument, items, total, band, notes, session)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? {
        let answers = items.map { $0.map(String.init) ?? "" }.joined(separator: ",")
        return [path, id?.uuidString, date?.epochSeconds(in: timeZone), date?.canonical(in: timeZone), date?.dayString,
                instrumentID, answers, total, band?.rawValue, notes, session]
    }

    public var searchText: String? { notes }

    public static func searchSections(of document: Document) -> [(String, Range<Int>)] { [("notes", body(of: document))] }

    public static func commandHints(path: String) -> [String] { ["See the measures over time with 'afterflow assessments'."] }
}
