/// The 1 to 10 mood scale, with the app's words and emoji for each band.
public enum MoodScale {
    public static let range = 1...10

    /// `Tender`, `Reflective`, `Centered`, `Uplifted` or `Radiant`.
    public static func descriptor(_ value: Int) -> String {
        switch value {
        case ...2: return "Tender"
        case 3...4: return "Reflective"
        case 5...6: return "Centered"
        case 7...8: return "Uplifted"
        default: return "Radiant"
        }
    }

    public static func emoji(_ value: Int) -> String {
        switch value {
        case ...2: return "☁️"
        case 3...4: return "🌦️"
        case 5...6: return "🌤️"
        case 7...8: return "☀️"
        default: return "✨"
        }
    }

    /// Reads a whole number from 1 to 10 (`7`, ` 7 `); nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 2, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(trimmed), range.contains(value) else { return nil }
        return value
    }
}

/// Where a session stands: derived from its content, never chosen.
public enum SessionStatus: String, CaseIterable, Sendable, Hashable, Codable {
    case draft
    case needsReflection = "needs-reflection"
    case complete

    /// `draft` when the intention is blank or mood before is missing; `needs-reflection` when the
    /// reflections are blank; `complete` otherwise.
    public static func derive(intention: String, moodBefore: Int?, reflections: String) -> SessionStatus {
        if intention.isBlank || moodBefore == nil { return .draft }
        return reflections.isBlank ? .needsReflection : .complete
    }

    public init?(parsing text: String) {
        if let exact = SessionStatus(rawValue: text) {
            self = exact
            return
        }
        switch text.trimmingASCIIWhitespace().lowercased() {
        case "draft": self = .draft
        case "needs-reflection", "needs reflection", "needs_reflection": self = .needsReflection
        case "complete": self = .complete
        default: return nil
        }
    }

    /// `draft`, `needs reflection`, `complete`.
    public var words: String { self == .needsReflection ? "needs reflection" : rawValue }

    /// `3 drafts`, `1 needs reflection`, `4 need reflection`, `17 complete`.
    public func counted(_ n: Int) -> String {
        switch self {
        case .draft: return "\(n) draft\(n == 1 ? "" : "s")"
        case .needsReflection: return "\(n) need\(n == 1 ? "s" : "") reflection"
        case .complete: return "\(n) complete"
        }
    }
}
