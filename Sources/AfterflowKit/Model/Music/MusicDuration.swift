/// A music link's length as the app shows it: `1 hr 23 min`, `1 hr`, `1 min`, `Under 1 min`.
public enum MusicDuration {
    /// The text for `seconds` (whole minutes, rounded down); nil for a negative length.
    public static func text(seconds: Int) -> String? {
        guard seconds >= 0 else { return nil }
        let minutes = seconds / 60
        if minutes == 0 { return "Under 1 min" }
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest) min"
        case (_, 0): return "\(hours) hr"
        default: return "\(hours) hr \(rest) min"
        }
    }

    /// Seconds written as a whole number (`4980`, also `4980.0`); nil for anything else.
    public static func seconds(parsing text: String) -> Int? {
        let trimmed = text.trimmingASCIIWhitespace()
        if let whole = Int(trimmed), whole >= 0 { return whole }
        if let number = Double(trimmed), number.isFinite, number >= 0, number < 1e12, number == number.rounded() { return Int(number) }
        return nil
    }
}
