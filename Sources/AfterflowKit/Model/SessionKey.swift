/// The front-matter keys of a session, in the canonical order they are written in.
public enum SessionKey: String, CaseIterable, Sendable {
    case type, id, date, treatment, administration, dose
    case moodBefore = "mood_before"
    case moodAfter = "mood_after"
    case status, reminder, music, tags, created, updated

    public static let order: [String] = allCases.map(\.rawValue)
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
