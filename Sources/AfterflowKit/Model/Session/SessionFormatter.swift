import Foundation

/// Rewrites a session's front matter into canonical form, like gofmt: known keys in their order
/// with canonical values, then the user's own keys as written. Comment lines move with the key
/// below them and a comment after a value stays on its line; blank lines inside the front matter
/// go. The body, the BOM and line endings are kept.
public struct SessionFormatter: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The canonical document, or nil when the session has errors (fix those first).
    public func format(_ session: Session, newID: () -> UUID = { UUID() }) -> Document? {
        let document = session.document
        guard let frontMatter = document.frontMatter, !session.diagnostics.hasErrors else { return nil }

        struct Block {
            var key: String
            var lines: [String]
        }
        var known: [String: Block] = [:]
        var unknown: [Block] = []
        var pendingComments: [String] = []
        var cursor = frontMatter.openingLine + 1
        // Comment lines move, so they are written from the line's start: indented, one could
        // become a line of a block scalar that now comes before it.
        func collectComments(upTo end: Int) {
            while cursor < end {
                if !document.isBlank(cursor) { pendingComments.append(Self.unindented(document.text(ofLine: cursor))) }
                cursor += 1
            }
        }
        for entry in frontMatter.entries {
            collectComments(upTo: entry.lines.lowerBound)
            let comments = pendingComments
            pendingComments = []
            cursor = entry.lines.upperBound
            if let key = SessionKey(rawValue: entry.key) {
                // The key's own comments stay on its line (or become lines when the key goes).
                let rendered = document.keepingComments(of: entry, in: canonicalLines(key, entry: entry, session: session))
                    .map { $0.first == " " || $0.first == "\t" ? Self.unindented($0) : $0 }
                if rendered.isEmpty && comments.isEmpty { continue }
                known[entry.key] = Block(key: entry.key, lines: comments + rendered)
            } else {
                let raw = entry.lines.map { document.text(ofLine: $0) }
                unknown.append(Block(key: entry.key, lines: comments + raw))
            }
        }
        collectComments(upTo: frontMatter.closingLine)
        if session.id == nil {
            // Missing or empty: a new one, after the comments an empty `id:` leaves.
            known["id", default: Block(key: "id", lines: [])].lines.append("id: \(newID().uuidString.uppercased())")
        }
        if known["status"] == nil {
            known["status"] = Block(key: "status", lines: ["status: \(session.status.rawValue)"])
        }
        var lines: [String] = []
        for key in SessionKey.order { lines += known[key]?.lines ?? [] }
        for block in unknown { lines += block.lines }
        lines += pendingComments
        let range = (frontMatter.openingLine + 1)..<frontMatter.closingLine
        let current = range.map { document.text(ofLine: $0) }
        if current == lines { return document }
        return document.replacingLines(range, with: lines)
    }

    /// `line` without the spaces and tabs it starts with.
    static func unindented(_ line: String) -> String {
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        return String(text)
    }

    private func canonicalLines(_ key: SessionKey, entry: FrontMatterEntry, session: Session) -> [String] {
        let name = key.rawValue
        func line(_ value: String?) -> [String] { value.map { ["\(name): \($0)"] } ?? [] }
        switch key {
        case .type: return line(entry.value.scalar.map { YAMLWriter.scalar($0.text.lowercased()) })
        case .id: return line(session.id?.uuidString.uppercased())
        case .date: return line(session.date?.canonical(in: timeZone))
        case .treatment: return line(session.treatment?.rawValue)
        case .administration: return line(session.administration?.rawValue)
        case .dose: return line(session.dose.flatMap { $0.isBlank ? nil : YAMLWriter.scalar($0) })
        case .moodBefore: return line(session.moodBefore.map(String.init))
        case .moodAfter: return line(session.moodAfter.map(String.init))
        case .status: return line(session.status.rawValue)
        case .reminder: return line(session.reminder?.canonical(in: timeZone))
        case .music: return line(session.music.flatMap { $0.isBlank ? nil : YAMLWriter.scalar($0) })
        case .tags: return session.tags.isEmpty ? [] : line(YAMLWriter.flowList(session.tags))
        case .created: return line(session.created?.canonical(in: timeZone))
        case .updated: return line(session.updated?.canonical(in: timeZone))
        }
    }
}
