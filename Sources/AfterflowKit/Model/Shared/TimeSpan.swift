/// Spans of time as people write and read them: `90m`, `2h`, `30d`, `2w`; `3 days`.
public enum TimeSpan {
    /// Seconds in `<n>m`, `<n>h`, `<n>d` or `<n>w` (n a whole number above 0), or nil.
    public static func seconds(in text: String) -> Int? {
        let word = text.trimmingASCIIWhitespace().lowercased()
        guard let unit = word.last, let size = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800][String(unit)],
              let count = Int(word.dropLast()), count > 0, count <= 100 * 366 * 86_400 / size else { return nil }
        return count * size
    }

    /// `just now`, `5 minutes`, `1 hour`, `3 days`: the largest whole unit, rounded down.
    public static func words(_ seconds: Int) -> String {
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        switch max(0, seconds) {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<86_400: return plural(seconds / 3600, "hour")
        default: return plural(seconds / 86_400, "day")
        }
    }
}
