import Foundation

/// What a goal records (`measure:` in its file): discrete trials, the default, or one of the
/// behaviour measures of ABA, each with its own event lines in a trial session's `## Trials`.
public enum GoalMeasure: String, Sendable, CaseIterable, Hashable {
    /// Success or failure at a cue level, one line a trial (today's and the default).
    case trials
    /// Each occurrence with its time (frequency, and rate over the observed time).
    case count
    /// Each occurrence's start and stop.
    case duration
    /// From a cue (an instruction) to the start of the response.
    case latency
    /// Fixed intervals, each scored `+` or `-` in order (`method:` and `interval:`).
    case interval
    /// Incidents with their antecedent, behaviour and consequence.
    case abc
    /// Runs of a task analysis (`steps:` and `chaining:`), each step at a cue level or `n/a`.
    case task

    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The front-matter keys this measure needs.
    public var requiredKeys: [String] {
        switch self {
        case .interval: return ["method", "interval"]
        case .task: return ["steps", "chaining"]
        default: return []
        }
    }

    /// The keys some measure reads: one on a goal of another measure is not read.
    public static let measureKeys = ["method", "interval", "steps", "chaining"]

    /// An example line of each required key, for the diagnostic that says it is missing.
    static func example(of key: String) -> String {
        switch key {
        case "method": return "method: partial (or whole, momentary)"
        case "interval": return "interval: 10s"
        case "steps": return "steps: [turn on water, wet hands, soap, rub, rinse, dry]"
        default: return "chaining: total (or forward, backward)"
        }
    }
}

/// How a task analysis is taught (`chaining:`).
public enum Chaining: String, Sendable, CaseIterable, Hashable {
    case forward, backward, total
}

/// An interval's length as a goal writes it: `10s`, `1m`, `1m30s`, or a number of seconds.
public enum IntervalLength {
    /// Seconds, 1 or more; nil when the text is no length.
    public static func seconds(_ text: String) -> Int? {
        let t = text.trimmingASCIIWhitespace().lowercased().replacingOccurrences(of: " ", with: "")
        if let plain = Int(t) { return plain > 0 ? plain : nil }
        var total = 0, number = "", sawUnit = false
        for c in t {
            if c.isASCIIDigit { number.append(c); continue }
            guard let value = Int(number), c == "s" || c == "m" || c == "h" else { return nil }
            total += value * (c == "h" ? 3600 : c == "m" ? 60 : 1)
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit, total > 0, total <= 86_400 else { return nil }
        return total
    }

    /// `10s`, `1m`, `1m30s`.
    public static func text(_ seconds: Int) -> String {
        let m = seconds / 60, s = seconds % 60
        if m == 0 { return "\(s)s" }
        return s == 0 ? "\(m)m" : "\(m)m\(s)s"
    }
}
