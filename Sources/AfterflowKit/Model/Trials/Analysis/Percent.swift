/// Percentages of trials, as afterflow computes and shows them.
///
/// A percentage shown is rounded down to a whole number (`84 %` for 16 of 19, 84.2 %; `66 %` for
/// 2 of 3): every threshold (the bands, the live colours, a mastery criterion) is a whole percent
/// met when the exact fraction reaches it, so a figure rounded down never reads as reaching a
/// threshold the trials did not reach, nor the other way round. Rounded to nearest, 84.6 % would
/// show as 85 % beside the band Good.
public enum Percent {
    /// `part` of `whole` in percent, exact; nil when `whole` is 0.
    public static func value(_ part: Int, of whole: Int) -> Double? {
        whole > 0 ? Double(part) * 100 / Double(whole) : nil
    }

    /// The whole percent, rounded down; nil when `whole` is 0.
    public static func whole(_ part: Int, of whole: Int) -> Int? {
        whole > 0 ? part * 100 / whole : nil
    }

    /// `80 %`, or `–` when there are no trials.
    public static func text(_ part: Int, of whole: Int) -> String {
        Percent.whole(part, of: whole).map { "\($0) %" } ?? "–"
    }

    /// Whether `part` of `whole` is at least `percent` %, exactly.
    public static func reaches(_ part: Int, of whole: Int, percent: Int) -> Bool {
        whole > 0 && part * 100 >= percent * whole
    }

    /// A JSON number of the exact percentage to one decimal, or null.
    static func json(_ part: Int, of whole: Int) -> JSONValue {
        .rounded(value(part, of: whole), places: 1)
    }
}
