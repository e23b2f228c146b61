/// How a treatment was taken, a session's `administration`: a route's name (`oral`, `inhaled`,
/// a vault's own `rectal`).
///
/// The built-in routes are constants here (`allCases`): the five of the original app, then
/// `sublingual` (under the tongue: at-home ketamine troches and lozenges) and `inhaled`
/// (vaporised or smoked: 5-MeO-DMT, DMT, cannabis), which the app has not and calls `Other`.
/// The vault adds its own under `routes:` (`RouteCatalog`). A session names any route shaped
/// like a name; whether the vault knows it is the catalogue's question
/// (`RouteCatalog.problems`), asked by `check` and every writer, as for treatments.
public struct Administration: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Lower case: letters, digits, `-` and `_`, starting with a letter or digit.
    public let rawValue: String

    public init?(rawValue: String) {
        guard Treatment.isName(rawValue), rawValue == rawValue.lowercased() else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    public static let intravenous = Administration(known: "intravenous")
    public static let intramuscular = Administration(known: "intramuscular")
    public static let oral = Administration(known: "oral")
    public static let nasal = Administration(known: "nasal")
    public static let sublingual = Administration(known: "sublingual")
    public static let inhaled = Administration(known: "inhaled")
    public static let other = Administration(known: "other")

    /// The built-in routes, in order: the app's five with `sublingual` and `inhaled` before `other`.
    public static let allCases: [Administration] = [.intravenous, .intramuscular, .oral, .nasal, .sublingual, .inhaled, .other]

    /// The five routes of the original app: the names its CSV knows.
    public static let appCases: [Administration] = [.intravenous, .intramuscular, .oral, .nasal, .other]

    public var description: String { rawValue }

    /// Whether the app's CSV has this route (one of `appCases`).
    public var isAppRoute: Bool { Administration.appCases.contains(self) }

    /// The display name (`Intravenous (IV)`, `Oral`, `Inhaled`, …), the app's where it has one,
    /// else the name with its first letter capitalised. A vault's own display name is the
    /// catalogue's (`RouteCatalog.displayName(of:)`).
    public var displayName: String {
        switch rawValue {
        case "intravenous": return "Intravenous (IV)"
        case "intramuscular": return "Intramuscular (IM)"
        default: return Treatment.derivedDisplayName(rawValue)
        }
    }

    /// The name in the app's CSV, which knows five routes: `Other` for a route it has not.
    public var appName: String { isAppRoute ? displayName : Administration.other.displayName }

    /// Reads a name in any case, the display name of a built-in route, or the abbreviations `IV`
    /// and `IM` and the word `intranasal`: nil for text not shaped like a name.
    public init?(parsing text: String) {
        let trimmed = text.trimmingASCIIWhitespace().lowercased()
        switch trimmed {
        case "intravenous (iv)", "iv": self = .intravenous
        case "intramuscular (im)", "im": self = .intramuscular
        case "intranasal": self = .nasal
        default:
            guard let named = Administration(rawValue: trimmed) else { return nil }
            self = named
        }
    }

    /// `intravenous, intramuscular, oral, nasal, sublingual, inhaled, other`.
    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
