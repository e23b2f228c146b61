import Foundation

/// Rewrites a trial session's file into canonical form for `fmt`: each trial line of `## Trials`
/// as `Trial.lineText` writes it (and each event line as `BehaviourEvent.lineText`) (`- 15:02:31 s-initial - minimal  said /th/ for /s/`), and a new
/// `id` when it has none. Only the lines that change are written, each with its own line ending;
/// front-matter keys stay where they are, with their comments, and every other line of the body
/// (text around the list, `## Notes`) is kept as written.
public struct TrialsFormatter: Sendable {
    public init() {}

    /// The canonical document, or nil when the session has errors (fix those first).
    public func format(_ session: TrialSession, newID: () -> UUID = { UUID() }) -> Document? {
        guard session.document.frontMatter != nil, !session.diagnostics.hasErrors else { return nil }
        // Trial lines first: the id line, when added, moves every line after it.
        var changes: [Int: String] = [:]
        let lines = session.trials.map { ($0.line, $0.lineText) } + session.events.map { ($0.line, $0.lineText) }
        for case (let line?, let canonical) in lines where session.document.text(ofLine: line) != canonical {
            changes[line] = canonical
        }
        let lined = TrialsFormatter.replacing(session.document, lines: changes)
        return GoalFormatter.fillingID(lined, id: session.id, newID: newID)
    }

    /// `document` with the lines at the given indexes (0-based) replaced, one line for one; each
    /// keeps its terminator, and every other byte stays.
    static func replacing(_ document: Document, lines changes: [Int: String]) -> Document {
        guard !changes.isEmpty else { return document }
        let bytes = document.bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + changes.values.reduce(0) { $0 + $1.utf8.count })
        var cursor = 0
        let indexes = changes.keys.sorted()
        for index in indexes {
            let line = document.lines[index]
            out.append(contentsOf: bytes[cursor..<line.start])
            out.append(contentsOf: changes[index, default: ""].utf8)
            cursor = line.end
        }
        out.append(contentsOf: bytes[cursor...])
        var edited = Document(bytes: out)
        edited.edits = document.edits + indexes.map { LineEdit(range: $0..<($0 + 1), count: 1) }
        return edited
    }
}
