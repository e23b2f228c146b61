import Foundation

/// The ordered cue (prompt) levels of a vault, from least support to most. Seed 002's four by
/// default; a vault may name its own in its settings (`cue_levels:`), such as the ABA prompt
/// hierarchy. The first level is the independent one.
public struct CueLevels: Sendable, Hashable {
    /// Lower-case names, least support first.
    public let names: [String]

    public init(_ names: [String]) {
        self.names = names.map { $0.trimmingASCIIWhitespace().lowercased() }
    }

    /// Independent, minimal, moderate, maximal (speech-language style, seed 002).
    public static let standard = CueLevels(["independent", "minimal", "moderate", "maximal"])
    /// The usual ABA prompt hierarchy.
    public static let aba = CueLevels(["independent", "gestural", "verbal", "model", "partial-physical", "full-physical"])

    /// The level given without support.
    public var independent: String { names.first ?? "independent" }

    /// The level `text` names: its full name (without case), its number (`1` is the first level),
    /// or the start of its name (`i`, `mod`) when that names one level only.
    public func level(_ text: String) -> String? {
        let t = text.trimmingASCIIWhitespace().lowercased()
        if names.contains(t) { return t }
        if let n = Int(t), n >= 1, n <= names.count { return names[n - 1] }
        if !t.isEmpty {
            let matching = names.filter { $0.hasPrefix(t) }
            if matching.count == 1 { return matching[0] }
        }
        return nil
    }

    /// The level a trial of `goal` takes when none is given: the goal's `cue:` when it names one
    /// of these levels, else the independent one.
    public func defaultLevel(for goal: Goal?) -> String {
        goal?.cue.flatMap(level) ?? independent
    }

    /// The level of a trial of `goal`: the one `given` names (nil when it names none), else the
    /// goal's default. The one rule of `trial`, the live logger and the phone page.
    public func choose(_ given: String?, for goal: Goal?) -> String? {
        guard let given else { return defaultLevel(for: goal) }
        return level(given)
    }

    /// The level's place, 0 for independent; nil for a name not in the list.
    public func rank(of name: String) -> Int? { names.firstIndex(of: name.lowercased()) }

    public var expectedList: String { names.joined(separator: ", ") }
}
