import Foundation

/// The routes of administration a vault knows: the built-in ones (`Administration.allCases`) and
/// the vault's own (`routes:` in `.afterflow/config.yml`), each with its display name.
///
/// A session's `administration` is valid when the catalogue has it; `new`, `set`, the CSV
/// import, completion and the phone page ask the vault's catalogue (`VaultConfig.routes`).
public struct RouteCatalog: Sendable {
    /// One route the vault knows.
    public struct Entry: Sendable, Hashable {
        public var route: Administration
        public var displayName: String

        public init(_ route: Administration, _ displayName: String) {
            self.route = route
            self.displayName = displayName
        }

        /// Whether the app's CSV has it; it writes `Other` for any other.
        public var isAppRoute: Bool { route.isAppRoute }
    }

    /// In order: the built-in routes, then the vault's own as written.
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The built-in routes with their display names.
    public static let builtIn = RouteCatalog(Administration.allCases.map { Entry($0, $0.displayName) })

    /// The names, in order.
    public var names: [String] { entries.map(\.route.rawValue) }

    /// `intravenous, …, other` and the vault's own.
    public var expectedList: String { names.joined(separator: ", ") }

    public func entry(_ route: Administration) -> Entry? {
        entries.first { $0.route == route }
    }

    public func contains(_ route: Administration) -> Bool { entry(route) != nil }

    /// The vault's display name of `route`, its own when the catalogue lacks it.
    public func displayName(of route: Administration) -> String {
        entry(route)?.displayName ?? route.displayName
    }

    /// Reads a name, a display name of the catalogue or a built-in abbreviation (`IV`), in any
    /// case; nil for one the catalogue lacks.
    public func route(parsing text: String) -> Administration? {
        let trimmed = text.trimmingASCIIWhitespace()
        if let named = Administration(parsing: trimmed), contains(named) { return named }
        let wanted = trimmed.lowercased()
        return entries.first { $0.displayName.lowercased() == wanted }?.route
    }

    /// Adds `entry`, or replaces the one of the same name in place.
    public mutating func add(_ entry: Entry) {
        if let i = entries.firstIndex(where: { $0.route == entry.route }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
    }

    /// `administration must be one of …, found "snorted"; did you mean …? (or add it to routes in
    /// .afterflow/config.yml)`: the message for a route the catalogue lacks.
    public func unknownMessage(_ text: String, what: String = "administration") -> String {
        let typed = text.trimmingASCIIWhitespace()
        let fix = Suggestion.nearest(to: typed.lowercased(), among: names).map { "did you mean \(quoted($0))? (or add it to routes in .afterflow/config.yml)" }
            ?? "write one of them, or add it to routes in .afterflow/config.yml"
        return "\(what) must be one of \(expectedList), found \(quoted(typed)); \(fix)"
    }

    /// The error of a session whose route the catalogue lacks, at its `administration` value.
    public func problems(of session: Session, path: String? = nil) -> [Diagnostic] {
        guard let route = session.administration, !contains(route),
              let value = session.document.frontMatter?.entry("administration")?.value.scalar else { return [] }
        return [Diagnostic(.error, unknownMessage(value.text), at: value.location, path: path)]
    }
}
