/// The front-matter keys of a session, in the canonical order they are written in.
public enum SessionKey: String, CaseIterable, Sendable {
    case type, id, date, treatment, administration, dose
    case moodBefore = "mood_before"
    case moodAfter = "mood_after"
    case status, reminder, music, tags, created, updated

    public static let order: [String] = allCases.map(\.rawValue)

    /// Lookup by name, faster than `init(rawValue:)`'s string switch on the hot path.
    static let named: [String: SessionKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// The body sections of a session, in the canonical order, with the JSON names they go by.
public enum SessionSection: String, CaseIterable, Sendable {
    case intention = "Intention"
    case environment = "Environment"
    case music = "Music"
    case reflections = "Reflections"

    public static let order: [String] = allCases.map(\.rawValue)

    /// `intention`, `environment`, `music_notes`, `reflections`: the names used by `set` and JSON.
    public var fieldName: String { self == .music ? "music_notes" : rawValue.lowercased() }

    public init?(fieldName: String) {
        switch fieldName.lowercased().replacingOccurrences(of: "-", with: "_") {
        case "intention": self = .intention
        case "environment": self = .environment
        case "music_notes": self = .music
        case "reflections": self = .reflections
        default: return nil
        }
    }
}

extension SessionSection {
    /// Why `text` cannot be this section's text, or nil when it can: a line that reads as a level 1
    /// or 2 heading (outside a code fence) would end the section and start another.
    public func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        let lines = SourceLines.split(bytes, from: 0)
        guard let heading = Document.scanHeadings(bytes, lines: lines, from: 0).first else { return nil }
        return "\(fieldName) cannot contain a line that is a heading of level 1 or 2 (line \(heading.line + 1): "
            + "\(quoted(String(decoding: bytes[lines[heading.line].start..<lines[heading.line].end], as: UTF8.self)))), "
            + "as it would end the section; use ### for a heading inside it"
    }
}
