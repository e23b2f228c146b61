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
        var linking: Set<String>?
        for target in query.linkTargets {
            let paths = Set(try store.pathsLinking(toName: target))
            linking = linking.map { $0.intersection(paths) } ?? paths
        }
        var merged: [(rank: Double, session: SearchHit?, document: DocumentHit?)]
        if query.hasWords {
            // With links: every hit is read, then those that link are kept.
            let wanted = linking == nil ? limit : Int(Int32.max)
            let sessionHits = try store.search(query, includeDrafts: includeDrafts, limit: wanted)
            let documentHits = try store.searchDocuments(query, limit: wanted)
            // Both lists ranked by BM25 (lower is better), merged.
            merged = sessionHits.map { ($0.rank, $0, nil) } + documentHits.map { ($0.rank, nil, $0) }
            if let linking { merged.removeAll { !linking.contains($0.session?.session.path ?? $0.document?.path ?? "") } }
            merged.sort { $0.rank < $1.rank }
        } else {
            merged = try store.linkHits(Set(linking ?? []), includeDrafts: includeDrafts, targets: query.linkTargets)
        }
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
