import GRDB

/// A link as the index holds it: the record it is written in, and the link.
public struct StoredLink: Sendable, Hashable {
    /// The linking record, vault-relative.
    public var path: String
    public var link: RecordLink
}

extension IndexStore {
    /// The links written in the documents at `paths` (every document's when nil), by path and
    /// place; with `recordsOnly`, not those of other tools' notes.
    public func links(in paths: [String]? = nil, recordsOnly: Bool = false) throws(VaultError) -> [StoredLink] {
        var conditions: [String] = []
        if let paths {
            guard !paths.isEmpty else { return [] }
            conditions.append("path IN (\(Array(repeating: "?", count: paths.count).joined(separator: ", ")))")
        }
        if recordsOnly { conditions.append("path IN (SELECT path FROM documents WHERE kind != 'note')") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try query { db in
            try RawRow.all(db, sql: "SELECT path, target, style, text, line, col, target_col, length FROM links \(filter) ORDER BY path, line, col",
                           arguments: StatementArguments(paths ?? []), IndexStore.storedLink)
        }
    }

    /// The links of other records that lead to the record at `path` (vault-relative), by the
    /// linking record's path and place.
    public func backlinks(to path: String) throws(VaultError) -> [StoredLink] {
        let names = RecordLinkResolver.names(of: path)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        return try query { db in
            try RawRow.all(db, sql: """
                SELECT path, target, style, text, line, col, target_col, length FROM links
                WHERE key IN (\(marks)) AND path != ? ORDER BY path, line, col
                """, arguments: StatementArguments(names + [path]), IndexStore.storedLink)
        }
    }

    /// The records that link to a record `name` names (a day, a file name, a client, a path):
    /// the linking paths, in order.
    public func pathsLinking(toName name: String) throws(VaultError) -> [String] {
        let resolver = RecordLinkResolver(paths: try allDocumentPaths())
        var linking: Set<String> = []
        for target in resolver.targets(ofName: name) {
            for link in try backlinks(to: target) { linking.insert(link.path) }
        }
        return linking.sorted()
    }

    /// The document paths that may answer to one of `keys` (`RecordLinkResolver.key`, lower case),
    /// in order: each holding a key's last part (ASCII letters compared without case, as SQLite's
    /// `LIKE` does), and each with a character outside printable ASCII (whose lower case `LIKE`
    /// does not know). A record answers only to names that are parts of its path, lower case, so
    /// a resolver over these paths finds for those keys what one over every path finds.
    public func documentPaths(answeringAny keys: [String]) throws(VaultError) -> [String] {
        var found: Set<String> = []
        for part in IndexStore.parameterRuns(Array(Set(keys.map { $0.split(separator: "/").last.map(String.init) ?? "" }))) {
            let likes = Array(repeating: " OR path LIKE ?", count: part.count).joined()
            found.formUnion(try query { db in
                try RawRow.all(db, sql: "SELECT path FROM documents WHERE path GLOB '*[^ -~]*'\(likes)",
                               arguments: StatementArguments(part.map { "%" + $0 + "%" })) { $0.text(0) }
            })
        }
        return found.sorted()
    }

    /// Every document path the index holds, in order (drafts and other tools' notes too).
    public func allDocumentPaths() throws(VaultError) -> [String] {
        try query { db in try RawRow.all(db, sql: "SELECT path FROM documents ORDER BY path") { $0.text(0) } }
    }

    private static func storedLink(_ row: RawRow) -> StoredLink {
        let line = row.int(4) ?? 1
        let link = RecordLink(style: RecordLink.Style(rawValue: row.text(2)) ?? .wiki, target: row.text(1), text: row.string(3),
                              location: SourceLocation(line: line, column: row.int(5) ?? 1),
                              targetLocation: SourceLocation(line: line, column: row.int(6) ?? 1), length: row.int(7) ?? 0)
        return StoredLink(path: row.text(0), link: link)
    }
}

extension IndexStore {
    /// The records at `paths` as search hits for a search of links only (`links:NAME`): each
    /// with the lines of its links to what `targets` name, the link marked as a match; sessions
    /// newest first, then the other documents by path.
    func linkHits(_ paths: Set<String>, includeDrafts: Bool, targets: [String])
        throws(VaultError) -> [(rank: Double, session: SearchHit?, document: DocumentHit?)] {
        guard !paths.isEmpty else { return [] }
        let resolver = RecordLinkResolver(paths: try allDocumentPaths())
        let named = Set(targets.flatMap { resolver.targets(ofName: $0) })
        var lines: [String: [SearchLine]] = [:]
        for stored in try links(in: Array(paths)) where resolver.targets(of: stored.link, from: stored.path).contains(where: named.contains) {
            lines[stored.path, default: []].append(linkLine(stored))
        }
        let marks = Array(repeating: "?", count: paths.count).joined(separator: ", ")
        let sessions = try query { db in
            try RawRow.all(db, sql: """
                SELECT \(IndexedSession.columns) FROM sessions \(IndexedSession.textsJoin)
                WHERE sessions.path IN (\(marks)) \(includeDrafts ? "" : "AND sessions.draft = 0") ORDER BY sessions.date DESC, sessions.path
                """, arguments: StatementArguments(Array(paths)), IndexedSession.init)
        }
        let kinds = try query { db in
            try RawRow.all(db, sql: "SELECT path, kind FROM documents WHERE path IN (\(marks)) ORDER BY path",
                           arguments: StatementArguments(Array(paths))) { ($0.text(0), $0.text(1)) }
        }
        var hits: [(rank: Double, session: SearchHit?, document: DocumentHit?)] = sessions.map { session in
            let found = lines[session.path] ?? []
            return (0, SearchHit(session: session, lines: found, best: found.first, rank: 0), nil)
        }
        for (path, kind) in kinds where kind != "session" && kind != "draft" {
            let found = lines[path] ?? []
            hits.append((0, nil, DocumentHit(path: path, kind: DocumentKind(rawValue: kind), lines: found, best: found.first, rank: 0)))
        }
        return hits
    }

    /// The line of a stored link, read from its file, the link marked between U+0001 and U+0002.
    private func linkLine(_ stored: StoredLink) -> SearchLine {
        let line = stored.link.location.line
        guard let bytes = try? FileIO.read(vault.path(stored.path)) else {
            return SearchLine(line: line, section: "", snippet: "", termsMatched: 1)
        }
        let document = Document(bytes: bytes)
        guard line >= 1, line <= document.lines.count else { return SearchLine(line: line, section: "", snippet: "", termsMatched: 1) }
        let source = document.lines[line - 1]
        let start = min(source.end, source.start + stored.link.location.column - 1)
        let end = min(source.end, start + stored.link.length)
        let snippet = String(decoding: bytes[source.start..<start], as: UTF8.self) + "\u{1}"
            + String(decoding: bytes[start..<end], as: UTF8.self) + "\u{2}" + String(decoding: bytes[end..<source.end], as: UTF8.self)
        return SearchLine(line: line, section: "", snippet: snippet, termsMatched: 1)
    }
}

extension StoredLink {
    /// `path` (vault-relative), `line`, `column` (UTF-8 bytes), `style` (`wiki` or `markdown`),
    /// `target` as written and `text` (the alias or the link's words, or null).
    public var json: JSONValue {
        .object([
            ("path", .string(path)), ("line", .int(link.location.line)), ("column", .int(link.location.column)),
            ("style", .string(link.style.rawValue)), ("target", .string(link.target)),
            ("text", link.text.map { .string($0) } ?? .null),
        ])
    }
}

extension RecordLookup {
    /// The other records' links to the record at `path`, answered as a quick look-up is: from the
    /// index as it stands when it has been brought up to date before (no walk of the vault: a
    /// link written since the last command that refreshed shows after the next), else from the
    /// index refreshed.
    public func backlinks(to path: String) throws(VaultError) -> [StoredLink] {
        if let standing = standingIndex() { return try standing.backlinks(to: path) }
        return try refresh().backlinks(to: path)
    }
}
