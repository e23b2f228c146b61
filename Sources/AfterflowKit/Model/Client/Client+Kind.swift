import Foundation
import GRDB

/// A client of a practice as a kind (see `KindDescriptor`): `type: client`, at
/// `clients/<short>/client.md`; its short name is its folder's.
extension Client: KindDescriptor {
    public static let kind = DocumentKind.client
    public static let noun = "a client (type: client)"
    public var content: DocumentContent { .client(self) }

    public init?(content: DocumentContent) {
        guard case .client(let client) = content else { return nil }
        self = client
    }

    public func formatted(timeZone: TimeZone) -> Document? { GoalFormatter().format(self) }

    public static let table = "clients"
    public static let schema = [
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
    ]
    public static let insertStatement: String? = "INSERT OR REPLACE INTO clients (path, id, short, name, born, notes) VALUES (?, ?, ?, ?, ?, ?)"

    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? {
        [path, id?.uuidString, PracticePath(path).client ?? "", name, born?.dayString, notes]
    }

    public var searchText: String? { notes }

    public static func searchSections(of document: Document) -> [(String, Range<Int>)] {
        document.section("Notes").map { [("notes", $0.content)] } ?? []
    }

    public static func commandHints(path: String) -> [String] {
        ["See it with 'afterflow client show \(PracticePath(path).client ?? "CLIENT")'."]
    }
}
