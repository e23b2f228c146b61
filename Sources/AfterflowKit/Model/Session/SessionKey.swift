/// The front-matter keys of a session, in the canonical order they are written in.
public enum SessionKey: String, CaseIterable, Sendable {
    case type, id, date, treatment, administration, dose
    case moodBefore = "mood_before"
    case moodAfter = "mood_after"
    case status, reminder, music, tags, created, updated

    public static let order: [String] = allCases.map(\.rawValue)

    /// Lookup by name without hashing: by length first, then one comparison.
    static func named(_ name: String) -> SessionKey? {
        let candidate: SessionKey?
        switch name.utf8.count {
        case 2: candidate = .id
        case 4:
            switch name.utf8.first {
            case UInt8(ascii: "d"): candidate = name == "date" ? .date : .dose
            case UInt8(ascii: "t"): candidate = name == "type" ? .type : .tags
            default: return nil
            }
        case 5: candidate = .music
        case 6: candidate = .status
        case 7: candidate = name.utf8.first == UInt8(ascii: "c") ? .created : .updated
        case 8: candidate = .reminder
        case 9: candidate = .treatment
        case 10: candidate = .moodAfter
        case 11: candidate = .moodBefore
        case 14: candidate = .administration
        default: return nil
        }
        guard let candidate, candidate.rawValue == name else { return nil }
        return candidate
    }
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
    /// or 2 heading (outside a code fence) would end the section and start another, and a code
    /// fence left open would swallow the rest of the file.
    public func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        let lines = SourceLines.split(bytes, from: 0)
        let body = Document.scanBody(bytes, lines: lines, from: 0)
        if body.openFence != nil {
            return "\(fieldName) opens a code fence (``` or ~~~) that it does not close; close it, or everything after it in the file would become part of \(fieldName)"
        }
        guard let heading = body.headings.first else { return nil }
        return "\(fieldName) cannot contain a line that is a heading of level 1 or 2 (line \(heading.line + 1): "
            + "\(quoted(String(decoding: bytes[lines[heading.line].start..<lines[heading.line].end], as: UTF8.self)))), "
            + "as it would end the section; use ### for a heading inside it"
    }
}

/// Anything that carries the four section texts of a session.
public protocol SessionSections {
    var intention: String { get }
    var environment: String { get }
    var musicNotes: String { get }
    var reflections: String { get }
}

extension SessionSections {
    public func text(of section: SessionSection) -> String {
        switch section {
        case .intention: return intention
        case .environment: return environment
        case .music: return musicNotes
        case .reflections: return reflections
        }
    }
}

extension SessionKey {
    /// The name afterflow knows (a front-matter key, a section's field name, or one of `extra`)
    /// that `key` is one edit from, case aside: `moodafter` → `mood_after`, `Dose` → `dose`. A
    /// key of the user's own that close to a known one is most likely a slip, worth a warning
    /// (the key stays allowed). Nil for a known name, and for a key further from every one.
    public static func nearlyKnown(_ key: String, extra: [String] = []) -> String? {
        let names = order + SessionSection.allCases.map(\.fieldName) + extra
        guard !names.contains(key) else { return nil }
        let typed = key.lowercased()
        let near = names.map { (name: $0, distance: Suggestion.distance(typed, $0)) }.filter { $0.distance <= 1 }
        return near.min { $0.distance < $1.distance }?.name
    }
}
