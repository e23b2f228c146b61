import Foundation
import GRDB

/// A client's goal as a kind (see `KindDescriptor`): `type: goal`, at
/// `clients/<short>/goals/<goal>.md`; its short name is its file's.
extension Goal: KindDescriptor {
    public static let kind = DocumentKind.goal
    public static let noun = "a goal (type: goal)"
    public var content: DocumentContent { .goal(self) }

    public init?(content: DocumentContent) {
        guard case .goal(let goal) = content else { return nil }
        self = goal
    }

    public func formatted(timeZone: TimeZone) -> Document? { GoalFormatter().format(self) }

    public static let table = "goals"
    public static let schema = [
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
    ]
    public static let insertStatement: String? = """
        INSERT OR REPLACE INTO goals (path, id, client_id, client, short, title, category, phase, description)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? {
        let place = PracticePath(path)
        return [path, id?.uuidString, client?.uuidString, place.client ?? "", place.goal ?? "",
                title, category, currentPhase.rawValue, description]
    }

    public var searchText: String? { [title ?? "", description].joined(separator: "\n") }

    public static func searchSections(of document: Document) -> [(String, Range<Int>)] {
        let title = document.frontMatter?.entry("title").map { [("title", $0.lines)] } ?? []
        return title + [("description", body(of: document))]
    }

    public static func commandHints(path: String) -> [String] {
        let client = PracticePath(path).client ?? "CLIENT"
        return ["See the client's goals with 'afterflow goal list \(client)' and their progress with 'afterflow progress \(client)'."]
    }
}
