import Foundation

/// What `search` finds: sessions and the other documents, ranked together by BM25, at most `limit`
/// in all, each with the lines that hold the words (its best line, or every one with `allLines`).
/// A document whose file no longer holds the words (changed since it was indexed) shows at its
/// first line. Snippets mark each match between U+0001 and U+0002 (see `SearchMatcher`).
public struct SearchResults: Sendable {
    public var sessions: [(hit: SearchHit, line: SearchLine)]
    public var documents: [(hit: DocumentHit, line: SearchLine)]

    public var isEmpty: Bool { sessions.isEmpty && documents.isEmpty }

    public init(_ query: SearchQuery, in store: IndexStore, includeDrafts: Bool, limit: Int, allLines: Bool) throws(VaultError) {
        let sessionHits = try store.search(query, includeDrafts: includeDrafts, limit: limit)
        let documentHits = try store.searchDocuments(query, limit: limit)
        // Both lists ranked by BM25 (lower is better), merged.
        var merged: [(rank: Double, session: SearchHit?, document: DocumentHit?)] =
            sessionHits.map { ($0.rank, $0, nil) } + documentHits.map { ($0.rank, nil, $0) }
        merged.sort { $0.rank < $1.rank }
        merged = Array(merged.prefix(limit))
        func located(_ lines: [SearchLine], best: SearchLine?) -> [SearchLine] {
            let chosen = allLines ? lines : best.map { [$0] } ?? []
            return chosen.isEmpty ? [SearchLine(line: 1, section: "", snippet: "", termsMatched: 0)] : chosen
        }
        sessions = merged.compactMap(\.session).flatMap { hit in located(hit.lines, best: hit.best).map { (hit, $0) } }
        documents = merged.compactMap(\.document).flatMap { hit in located(hit.lines, best: hit.best).map { (hit, $0) } }
    }

    /// Every line found, sessions first: `kind`, `path`, `line`, `section`, `snippet` (without the
    /// match marks), `rank`; sessions add `id`, `date`, `treatment`.
    public var json: JSONValue {
        func plain(_ snippet: String) -> String {
            snippet.replacingOccurrences(of: "\u{1}", with: "").replacingOccurrences(of: "\u{2}", with: "")
        }
        return .array(sessions.map { hit, line in
            .object([
                ("kind", .string("session")),
                ("path", .string(hit.session.path)), ("line", .int(line.line)), ("section", .string(line.section)),
                ("snippet", .string(plain(line.snippet))),
                ("id", hit.session.id.map { .string($0) } ?? .null), ("date", hit.session.dateText.map { .string($0) } ?? .null),
                ("treatment", hit.session.treatment.map { .string($0.rawValue) } ?? .null),
                ("rank", .number(hit.rank, places: 3)),
            ])
        } + documents.map { hit, line in
            .object([
                ("kind", .string(hit.kind?.rawValue ?? "note")),
                ("path", .string(hit.path)), ("line", .int(line.line)), ("section", .string(line.section)),
                ("snippet", .string(plain(line.snippet))),
                ("rank", .number(hit.rank, places: 3)),
            ])
        })
    }
}
