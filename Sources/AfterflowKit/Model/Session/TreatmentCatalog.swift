import Foundation

/// The treatments a vault knows: the app's nine, afterflow's common ones, and the vault's own
/// (`treatments:` in `.afterflow/config.yml`), each with its display name and default route.
///
/// A session's `treatment` is valid when the catalogue has it; `new`, `set`, the CSV import,
/// completion, `stats` and the report ask the vault's catalogue (`VaultConfig.treatments`).
public struct TreatmentCatalog: Sendable {
    /// One treatment the vault knows.
    public struct Entry: Sendable, Hashable {
        public var treatment: Treatment
        public var displayName: String
        /// How it is usually taken: what `new` writes when not told (before `default_administration`).
        public var route: Administration?

        public init(_ treatment: Treatment, _ displayName: String, route: Administration? = nil) {
            self.treatment = treatment
            self.displayName = displayName
            self.route = route
        }

        /// Whether the app's CSV has it; it writes `Other` for any other.
        public var isAppTreatment: Bool { treatment.isAppTreatment }
    }

    /// In order: the app's nine, afterflow's common ones, then the vault's own as written.
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The app's nine with no default route (so `new` writes what it wrote before for them),
    /// then `common`.
    public static let builtIn = TreatmentCatalog(Treatment.allCases.map { Entry($0, $0.displayName) } + common)

    /// Treatments of today's practice that the app lacks (its CSV writes them as `Other`).
    public static let common: [Entry] = [
        Entry(Treatment(rawValue: "esketamine")!, "Esketamine", route: .nasal),
        Entry(Treatment(rawValue: "5-meo-dmt")!, "5-MeO-DMT", route: .inhaled),
        Entry(Treatment(rawValue: "ibogaine")!, "Ibogaine", route: .oral),
        Entry(Treatment(rawValue: "psilocybin-truffles")!, "Psilocybin truffles", route: .oral),
        Entry(Treatment(rawValue: "2c-b")!, "2C-B", route: .oral),
    ]

    /// The names, in order.
    public var names: [String] { entries.map(\.treatment.rawValue) }

    /// `psilocybin, lsd, …, 2c-b` and the vault's own.
    public var expectedList: String { names.joined(separator: ", ") }

    public func entry(_ treatment: Treatment) -> Entry? {
        entries.first { $0.treatment == treatment }
    }

    /// The entry whose display name is `text`, in any case.
    public func entry(displayName text: String) -> Entry? {
        let wanted = text.lowercased()
        return entries.first { $0.displayName.lowercased() == wanted }
    }

    public func contains(_ treatment: Treatment) -> Bool { entry(treatment) != nil }

    /// The vault's display name of `treatment`, its own when the catalogue lacks it.
    public func displayName(of treatment: Treatment) -> String {
        entry(treatment)?.displayName ?? treatment.displayName
    }

    /// Reads a name or a display name of the catalogue, in any case; nil for one it lacks.
    public func treatment(parsing text: String) -> Treatment? {
        let trimmed = text.trimmingASCIIWhitespace()
        if let named = Treatment(rawValue: trimmed.lowercased()), contains(named) { return named }
        return entry(displayName: trimmed)?.treatment
    }

    /// Adds `entry`, or replaces the one of the same name in place.
    public mutating func add(_ entry: Entry) {
        if let i = entries.firstIndex(where: { $0.treatment == entry.treatment }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
    }

    /// `treatment must be one of …, found "aspirin"; did you mean …? (or add it to treatments in
    /// .afterflow/config.yml)`: the message for a name the catalogue lacks.
    public func unknownMessage(_ text: String, what: String = "treatment") -> String {
        let typed = text.trimmingASCIIWhitespace()
        let fix = Suggestion.nearest(to: typed.lowercased(), among: names).map { "did you mean \(quoted($0))? (or add it to treatments in .afterflow/config.yml)" }
            ?? "write one of them, or add it to treatments in .afterflow/config.yml"
        return "\(what) must be one of \(expectedList), found \(quoted(typed)); \(fix)"
    }

    /// The error of a session whose treatment the catalogue lacks, at its `treatment` value.
    public func problems(of session: Session, path: String? = nil) -> [Diagnostic] {
        guard let treatment = session.treatment, !contains(treatment),
              let value = session.document.frontMatter?.entry("treatment")?.value.scalar else { return [] }
        return [Diagnostic(.error, unknownMessage(value.text), at: value.location, path: path)]
    }
}
