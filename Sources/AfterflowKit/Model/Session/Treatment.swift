/// What was taken in a session: a name (`psilocybin`, `5-meo-dmt`, a vault's own `kambo`).
///
/// The nine of the original app are constants here (`allCases`, the names its CSV knows); the
/// others come from `TreatmentCatalog`: afterflow's common ones and the vault's `treatments:`.
/// A session names any treatment shaped like a name; whether the vault knows it is the
/// catalogue's question (`TreatmentCatalog.problems`), asked by `check` and every writer.
public struct Treatment: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Lower case: letters, digits, `-` and `_`, starting with a letter or digit.
    public let rawValue: String

    public init?(rawValue: String) {
        guard Treatment.isName(rawValue), rawValue == rawValue.lowercased() else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    public static let psilocybin = Treatment(known: "psilocybin")
    public static let lsd = Treatment(known: "lsd")
    public static let dmt = Treatment(known: "dmt")
    public static let mdma = Treatment(known: "mdma")
    public static let ketamine = Treatment(known: "ketamine")
    public static let ayahuasca = Treatment(known: "ayahuasca")
    public static let mescaline = Treatment(known: "mescaline")
    public static let cannabis = Treatment(known: "cannabis")
    public static let other = Treatment(known: "other")

    /// The nine treatments of the original app, in its order: the names its CSV knows.
    public static let allCases: [Treatment] = [.psilocybin, .lsd, .dmt, .mdma, .ketamine, .ayahuasca, .mescaline, .cannabis, .other]

    public var description: String { rawValue }

    /// Whether the app's CSV has this treatment (one of `allCases`).
    public var isAppTreatment: Bool { Treatment.allCases.contains(self) }

    /// The display name: the app's for its nine (`Psilocybin`, `LSD`, …), afterflow's for its
    /// common ones (`5-MeO-DMT`), else the name with its first letter capitalised. A vault's own
    /// display name is the catalogue's (`TreatmentCatalog.displayName(of:)`).
    public var displayName: String {
        switch rawValue {
        case "lsd", "dmt", "mdma": return rawValue.uppercased()
        default:
            if !isAppTreatment, let common = TreatmentCatalog.common.first(where: { $0.treatment == self }) { return common.displayName }
            return Treatment.derivedDisplayName(rawValue)
        }
    }

    /// The name in the app's CSV: the display name of one of its nine, `Other` for any other.
    public var appName: String { isAppTreatment ? displayName : Treatment.other.displayName }

    /// `kambo` → `Kambo`, `san-pedro` → `San pedro`.
    static func derivedDisplayName(_ name: String) -> String {
        // Character by character: Foundation's replacingOccurrences went through NSString, a
        // visible share of every command's start (the built-in catalogue names nine this way).
        let spaced = String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// Reads a name in any case, or the display name of one of the app's nine or afterflow's
    /// common ones (`LSD`, `5-MeO-DMT`, `Psilocybin truffles`): nil for text not shaped like a name.
    public init?(parsing text: String) {
        let trimmed = text.trimmingASCIIWhitespace()
        if let named = Treatment(rawValue: trimmed.lowercased()) {
            self = named
        } else if let common = TreatmentCatalog.builtIn.entry(displayName: trimmed) {
            self = common.treatment
        } else {
            return nil
        }
    }

    /// ASCII letters, digits, `-` and `_`, the first a letter or digit, at most 64 bytes: a name
    /// that is also part of a session's file name.
    public static func isName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func alphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        guard let first = bytes.first, bytes.count <= 64, alphanumeric(first) else { return false }
        return bytes.allSatisfy { alphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
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
