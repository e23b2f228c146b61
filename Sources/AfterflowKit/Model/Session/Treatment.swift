/// What was taken in a session; the nine treatments of the original app.
public enum Treatment: String, CaseIterable, Sendable, Hashable, Codable {
    case psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other

    /// The app's display name (`Psilocybin`, `LSD`, …).
    public var displayName: String {
        switch self {
        case .lsd, .dmt, .mdma: return rawValue.uppercased()
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// Reads the canonical name or the app's display name, in any case.
    public init?(parsing text: String) {
        if let exact = Treatment(rawValue: text) {
            self = exact
            return
        }
        guard let value = Treatment(rawValue: text.trimmingASCIIWhitespace().lowercased()) else { return nil }
        self = value
    }

    static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// How a treatment was taken: the five routes of the original app, and `sublingual` (under the
/// tongue: at-home ketamine troches and lozenges), which the app has not and calls `Other`.
public enum Administration: String, CaseIterable, Sendable, Hashable, Codable {
    case intravenous, intramuscular, oral, nasal, sublingual, other

    /// The display name (`Intravenous (IV)`, `Oral`, `Sublingual`, …), the app's where it has one.
    public var displayName: String {
        switch self {
        case .intravenous: return "Intravenous (IV)"
        case .intramuscular: return "Intramuscular (IM)"
        case .oral: return "Oral"
        case .nasal: return "Nasal"
        case .sublingual: return "Sublingual"
        case .other: return "Other"
        }
    }

    /// The name in the app's CSV, which knows five routes: `Other` for a route it has not.
    public var appName: String {
        switch self {
        case .sublingual: return Administration.other.displayName
        default: return displayName
        }
    }

    /// Reads the canonical name, the display name, or the abbreviations `IV` and `IM`, in any case.
    public init?(parsing text: String) {
        if let exact = Administration(rawValue: text) {
            self = exact
            return
        }
        switch text.trimmingASCIIWhitespace().lowercased() {
        case "intravenous", "intravenous (iv)", "iv": self = .intravenous
        case "intramuscular", "intramuscular (im)", "im": self = .intramuscular
        case "oral": self = .oral
        case "nasal", "intranasal": self = .nasal
        case "sublingual": self = .sublingual
        case "other": self = .other
        default: return nil
        }
    }

    /// `intravenous, intramuscular, oral, nasal, sublingual, other`.
    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[start]) { start = utf8.index(after: start) }
        while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        if start == utf8.startIndex && end == utf8.endIndex { return self }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only white space; checks bytes first, characters only when needed.
    var isBlank: Bool {
        for b in utf8 {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: continue
            case ..<0x80: return false
            default: return allSatisfy(\.isWhitespace)
            }
        }
        return true
    }
}
