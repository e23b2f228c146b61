import Foundation

/// What a new goal says; the rest takes the defaults the goal file documents.
public struct GoalValues: Sendable {
    public var id = UUID()
    public var client: UUID
    public var title: String
    public var category: String?
    public var cue: String?
    public var mastery: MasteryCriterion?
    public var minTrials: Int?
    public var countsCorrect: [String]?
    public var phase: GoalPhase
    public var started: LocalDate
    public var created: LocalDate
    public var definition: String?

    public init(client: UUID, title: String, phase: GoalPhase = .active, started: LocalDate, created: LocalDate) {
        self.client = client
        self.title = title
        self.phase = phase
        self.started = started
        self.created = created
    }
}

/// New goal files in their one canonical form, and the short name a title gives.
public enum GoalWriter {
    public static func newDocument(_ values: GoalValues, timeZone: TimeZone) -> String {
        var lines = ["---", "type: goal", "id: \(values.id.uuidString.uppercased())", "client: \(values.client.uuidString.uppercased())",
                     "title: \(YAMLWriter.scalar(values.title))"]
        if let category = values.category { lines.append("category: \(YAMLWriter.scalar(category))") }
        if let cue = values.cue { lines.append("cue: \(cue)") }
        lines.append("mastery: \(YAMLWriter.scalar((values.mastery ?? .standard).text))")
        lines.append("min_trials: \(values.minTrials ?? Goal.defaultMinTrials)")
        if let countsCorrect = values.countsCorrect { lines.append("counts_correct: \(YAMLWriter.flowList(countsCorrect))") }
        lines.append("phase: \(values.phase.rawValue)")
        lines.append("phases: \(YAMLWriter.flowList([PhaseChange(phase: values.phase, day: values.started).text]))")
        lines.append("started: \(values.started.dayString)")
        let stamp = values.created.canonical(in: timeZone)
        lines += ["created: \(stamp)", "updated: \(stamp)", "---", "", "## Definition", ""]
        if let definition = values.definition, !definition.isBlank { lines += [definition, ""] }
        lines += ["## Materials", "", "## Notes", ""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `produce-s-initial`: the title's first words, lower case, letters and digits joined by `-`,
    /// at most 24 characters (whole words).
    public static func shortName(for title: String) -> String {
        var words: [String] = []
        var current = ""
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
        for scalar in folded.unicodeScalars {
            if Trial.isNameScalar(scalar) && scalar != "-" && scalar != "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var out = ""
        for word in words {
            let next = out.isEmpty ? word : out + "-" + word
            if next.count > 24 { break }
            out = next
        }
        if out.isEmpty { out = String(words.first?.prefix(24) ?? "goal") }
        return out
    }
}
