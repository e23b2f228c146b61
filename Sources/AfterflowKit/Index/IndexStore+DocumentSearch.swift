import Foundation
import GRDB

/// A document of any kind but a session (client, goal, trial session, mood check-in, assessment),
/// or another tool's note, that holds a search's words.
public struct DocumentHit: Sendable {
    public var path: String
    /// Nil for another tool's note.
    public var kind: DocumentKind?
    public var lines: [SearchLine]
    public var best: SearchLine?
    /// BM25 relevance: lower is better.
    public var rank: Double
}

extension IndexStore {
    /// Ranked hits for `search` in every document but sessions (which have `session_text`): goal
    /// titles and definitions, trial session and trial notes, client notes, the notes of mood
    /// check-ins and assessments, other tools' notes. The files of the best `limit` are read for
    /// their lines.
    public func searchDocuments(_ search: SearchQuery, limit: Int) throws(VaultError) -> [DocumentHit] {
        let found = try query { db in
            try RawRow.all(db, sql: """
                SELECT path, bm25(document_text) AS rank FROM document_text WHERE document_text MATCH ? ORDER BY rank LIMIT \(limit)
                """, arguments: [search.ftsQuery()]) { row in (row.text(0), row.double(1) ?? 0) }
        }
        let matcher = SearchMatcher(terms: search.terms)
        return found.compactMap { path, rank in
            guard let bytes = try? FileIO.read(vault.path(path)) else { return nil }
            let document = Document(bytes: bytes)
            let content = DocumentContent(document: document, path: path)
            if case .note = content { return nil }
            let lines = matcher.lines(in: document, sections: KindRecord.searchSections(document, content: content))
            return DocumentHit(path: path, kind: content.kind, lines: lines, best: SearchMatcher.best(of: lines), rank: rank)
        }
    }
}
