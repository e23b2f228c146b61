import Mustache

/// A template's `{{#sessions}}` section rendered for every session: the text swift-mustache gives,
/// with swift-mustache run once per shape of session rather than once per session.
///
/// A session's shape is the names it has (and those its `mood` and `music` have). Within one shape,
/// what swift-mustache makes of the section depends on the session's texts (`ReportText`) only
/// where it writes one out: a section tests whether a name is there, a text has no names of its
/// own, and a name the session lacks comes from the page, the same for every session. So the
/// section is rendered once per shape with a marker for each text; each session's part is that
/// output with every marker replaced by the session's text, escaped exactly as swift-mustache
/// escapes it wherever the marker came out escaped (`{{name}}`, not `{{{name}}}`).
///
/// A shape whose output is anything else (a session or its `mood` written out whole with `{{.}}`,
/// a marker changed) is rendered by swift-mustache session by session, as is a session with a
/// value of another type. Only for sections that `ReportTemplate.sectionsAroundSessions(_:)`
/// accepts: where no name is looked up but in the session and the page.
struct ReportSessions {
    let template: MustacheTemplate
    let root: [String: Any]
    /// False when the section's text or the page's values contain the marker character, which
    /// would make their text look like a session's.
    let markersAreUnique: Bool
    /// How many threads render the sessions (see `ParallelMap`).
    let cores: Int

    init(template: MustacheTemplate, text: String, root: [String: Any], cores: Int = 1) {
        self.template = template
        self.root = root
        self.cores = cores
        markersAreUnique = !text.unicodeScalars.contains(ReportSessions.markerStart)
            && !ReportSessions.containsMarker(root)
    }

    /// The section for every session, in order, joined.
    func render(_ sessions: [SessionTexts]) -> String {
        var outlines: [[SessionTexts.Name]: Outline?] = [:]
        if markersAreUnique {
            for session in sessions where outlines[session.names] == nil {
                outlines[session.names] = .some(nil)
            }
            let shapes = Array(outlines.keys)
            let outlined = ParallelMap.map(shapes, cores: cores, minimumChunk: 8) { outline(for: $0) }
            for (shape, outline) in zip(shapes, outlined) { outlines[shape] = outline }
        }
        let parts = ParallelMap.map(sessions, cores: cores, minimumChunk: 64) { session in
            guard let outline = outlines[session.names] ?? nil else {
                return template.render(SessionScope(session: session.context, root: root))
            }
            return outline.fill(session.texts)
        }
        return parts.joined()
    }

    // MARK: - Outlines

    /// The section's output for one shape: text, and where each of the session's texts goes.
    struct Outline {
        enum Piece {
            case text(String)
            case value(Int, escaped: Bool)
        }

        let pieces: [Piece]
        let textLength: Int

        func fill(_ values: [String]) -> String {
            var output = ""
            output.reserveCapacity(textLength + values.reduce(0) { $0 + $1.utf8.count } * 2)
            for piece in pieces {
                switch piece {
                case .text(let text): output += text
                case .value(let index, let escaped): output += escaped ? MustacheEscape.html(values[index]) : values[index]
                }
            }
            return output
        }
    }

    /// Renders the section for a session of `shape` whose texts are markers, and reads where they
    /// went; nil when the output shows more of the session than its texts.
    func outline(for shape: [SessionTexts.Name]) -> Outline? {
        let probe = Probe()
        var session: [String: Any] = [:]
        var groups: [String: [String: Any]] = [:]
        for (index, name) in shape.enumerated() {
            let marker = ReportText(ReportSessions.marker(index))
            if let group = name.group { groups[group, default: [:]][name.name] = marker } else { session[name.name] = marker }
        }
        for (group, values) in groups { session[group] = ProbeParent(values: values, probe: probe) }
        let output = template.render(ProbeScope(session: session, root: root, probe: probe))
        guard !probe.describedWhole else { return nil }
        return ReportSessions.outline(of: output, count: shape.count)
    }

    /// `U+F8FE`, the index, `&` (which comes out as `&amp;` where swift-mustache escapes) and
    /// `U+F8FF`: private-use characters, which no escaping changes.
    static let markerStart: Unicode.Scalar = "\u{F8FE}"
    static func marker(_ index: Int) -> String { "\u{F8FE}\(index)&\u{F8FF}" }

    static func outline(of output: String, count: Int) -> Outline? {
        let bytes = Array(output.utf8)
        let start: [UInt8] = [0xEF, 0xA3, 0xBE]
        let end: [UInt8] = [0xEF, 0xA3, 0xBF]
        let escapedAmpersand = Array("&amp;".utf8)
        var pieces: [Outline.Piece] = []
        var textLength = 0
        var textStart = 0
        var index = 0
        func text(upTo position: Int) {
            guard position > textStart else { return }
            pieces.append(.text(String(decoding: bytes[textStart..<position], as: UTF8.self)))
            textLength += position - textStart
        }
        while index + 2 < bytes.count {
            guard bytes[index] == start[0], bytes[index + 1] == start[1], bytes[index + 2] == start[2] else {
                index += 1
                continue
            }
            var cursor = index + 3
            var number = 0
            let digits = cursor
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, cursor - digits < 9 {
                number = number * 10 + Int(bytes[cursor] - 0x30)
                cursor += 1
            }
            guard cursor > digits, number < count else { return nil }
            let escaped: Bool
            if bytes[cursor...].starts(with: escapedAmpersand) {
                escaped = true
                cursor += escapedAmpersand.count
            } else if cursor < bytes.count, bytes[cursor] == 0x26 {
                escaped = false
                cursor += 1
            } else {
                return nil
            }
            guard bytes[cursor...].starts(with: end) else { return nil }
            text(upTo: index)
            pieces.append(.value(number, escaped: escaped))
            index = cursor + end.count
            textStart = index
        }
        text(upTo: bytes.count)
        return Outline(pieces: pieces, textLength: textLength)
    }

    /// Whether any text in the page's values holds the marker character.
    static func containsMarker(_ value: Any) -> Bool {
        switch value {
        case let text as ReportText: text.text.unicodeScalars.contains(markerStart)
        case let values as [String: Any]: values.values.contains(where: containsMarker)
        // Rows before `[Any]`: a cast to `[Any]` converts every row, most of this walk's time.
        case let rows as [[String: Any]]: rows.contains(where: containsMarker)
        case let text as String: text.unicodeScalars.contains(markerStart)
        case let values as [Any]: values.contains(where: containsMarker)
        case is Bool, is MustacheLambda: false
        default: true
        }
    }
}

/// Names inside one session's part of the template: the session's own values, then the page's.
struct SessionScope: MustacheParent {
    let session: [String: Any]
    let root: [String: Any]

    func child(named name: String) -> Any? { session[name] ?? root[name] }
}

/// Notes whether swift-mustache wrote a probe out whole (`{{.}}` on a session or its `mood`),
/// which a marker cannot stand for.
private final class Probe {
    var describedWhole = false
}

/// A session with markers for texts: looked up as `SessionScope` is.
private struct ProbeScope: MustacheParent, CustomStringConvertible {
    let session: [String: Any]
    let root: [String: Any]
    let probe: Probe

    func child(named name: String) -> Any? { session[name] ?? root[name] }

    var description: String {
        probe.describedWhole = true
        return ""
    }
}

/// A session's `mood` or `music` with markers for texts: looked up as the dictionary is.
private struct ProbeParent: MustacheParent, CustomStringConvertible {
    let values: [String: Any]
    let probe: Probe

    func child(named name: String) -> Any? { values[name] }

    var description: String {
        probe.describedWhole = true
        return ""
    }
}
