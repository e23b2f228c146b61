/// How a payer turns a day's minutes of timed services into 15-minute units (`unit_rule:` in the
/// vault's settings).
///
/// - `medicare` (the default; CMS Claims Processing Manual 100-04 ch. 5 §20.2, the "8-minute
///   rule"): the minutes of every timed code on the day are added up and the total gives the
///   units (8-22 minutes 1, 23-37 2, 38-52 3, … each further 15 one more); each code first gets
///   its whole 15 minutes, and a unit left over goes to the code with the most minutes left.
/// - `per-code` (the AMA's reading, used by many other payers): each code on its own earns a unit
///   once 8 of its 15 minutes are passed.
public enum UnitRule: String, Sendable, CaseIterable {
    case medicare
    case perCode = "per-code"

    /// Units for `minutes` of timed service by the 8-minute table: 0-7 → 0, 8-22 → 1, 23-37 → 2,
    /// 38-52 → 3, 53-67 → 4, 68-82 → 5, and one more each further 15.
    public static func units(forMinutes minutes: Int) -> Int {
        minutes < 8 ? 0 : (minutes + 7) / 15
    }

    /// The units of each code, given each code's minutes on one day, in the same order. Ties for
    /// a leftover unit go to the code that comes first.
    public func units(minutesByCode minutes: [Int]) -> [Int] {
        switch self {
        case .perCode:
            return minutes.map(Self.units(forMinutes:))
        case .medicare:
            let total = Self.units(forMinutes: minutes.reduce(0) { $0 + max(0, $1) })
            return Self.share(total, among: minutes)
        }
    }

    /// `units` shared among parts of `minutes`: each part's whole 15 minutes first, then one
    /// each, while any is left, to the parts with the most minutes left (the first on a tie).
    /// `units` is never less than the whole 15 minutes; a part with no minutes left gets none.
    public static func share(_ units: Int, among minutes: [Int]) -> [Int] {
        var result = minutes.map { max(0, $0) / 15 }
        var left = units - result.reduce(0, +)
        let order = minutes.indices.sorted { a, b in
            let ra = max(0, minutes[a]) % 15, rb = max(0, minutes[b]) % 15
            return ra != rb ? ra > rb : a < b
        }
        for i in order where left > 0 && max(0, minutes[i]) % 15 > 0 {
            result[i] += 1
            left -= 1
        }
        return result
    }

    public static let expectedList = allCases.map(\.rawValue).joined(separator: " or ")
}
