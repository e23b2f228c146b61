import Foundation

/// What a new check-in says.
public struct MoodValues: Sendable {
    public var id = UUID()
    public var date: LocalDate
    public var score: Int
    /// The valence to write; the score's when nil.
    public var valence: Double?
    public var kind: MoodKind = .momentaryEmotion
    /// The labels the person chose.
    public var labels: [String] = []
    /// Labels suggested for them (`MoodLabels.suggested`); written only when not empty.
    public var suggestedLabels: [String] = []
    public var associations: [String] = []
    /// Written only when not empty.
    public var tags: [String] = []
    public var source: MoodSource = .user
    /// The imported app's word and scale (`MoodCheckIn.sourceValue`, `sourceScale`); written only when set.
    public var sourceValue: String?
    public var sourceScale: [String] = []
    /// The imported app's own measures as it wrote them (Daylio's `scales`); written only when set.
    public var sourceScales: String?
    public var created: LocalDate
    public var notes = ""

    public init(date: LocalDate, score: Int, created: LocalDate) {
        self.date = date
        self.score = score
        self.created = created
    }

    public var effectiveValence: Double { valence ?? MoodVocabulary.valence(forScore: score) }

    /// Sets the labels: those chosen, or, when none were, the score's as suggestions
    /// (`suggested_labels`), so that a label is never written as chosen when the person did not
    /// choose it.
    public mutating func setLabels(chosen: [String]) {
        labels = chosen
        suggestedLabels = chosen.isEmpty ? MoodVocabulary.defaultLabels(forScore: score) : []
    }
}

/// New check-in files in their one canonical form, and where they go.
public enum MoodWriter {
    public static let folder = "moods"

    public static func newDocument(_ values: MoodValues, timeZone: TimeZone) -> String {
        let valence = values.effectiveValence
        var lines = ["---", "type: mood", "id: \(values.id.uuidString.uppercased())", "date: \(values.date.canonical(in: timeZone))",
                     "score: \(values.score)", "valence: \(MoodVocabulary.valenceText(valence))",
                     "valence_class: \(ValenceClass(valence: valence).rawValue)", "kind: \(values.kind.rawValue)",
                     "labels: \(YAMLWriter.flowList(values.labels))"]
        if !values.suggestedLabels.isEmpty { lines.append("suggested_labels: \(YAMLWriter.flowList(values.suggestedLabels))") }
        lines.append("associations: \(YAMLWriter.flowList(values.associations))")
        if !values.tags.isEmpty { lines.append("tags: \(YAMLWriter.flowList(values.tags))") }
        lines.append("source: \(values.source.rawValue)")
        if let word = values.sourceValue { lines.append("source_value: \(YAMLWriter.scalar(word))") }
        if !values.sourceScale.isEmpty { lines.append("source_scale: \(YAMLWriter.flowList(values.sourceScale))") }
        if let scales = values.sourceScales { lines.append("source_scales: \(YAMLWriter.scalar(scales))") }
        let stamp = values.created.canonical(in: timeZone)
        lines += ["created: \(stamp)", "updated: \(stamp)", "---"]
        let notes = values.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if !notes.isEmpty { lines += ["", notes] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `moods/2025/2025-03-04-0815.md`, the day and time in the vault's time zone; `-2`, `-3` …
    /// before `.md` for a second check-in within the same minute (`attempt` 2, 3 …).
    public static func path(for date: LocalDate, timeZone: TimeZone, attempt: Int = 1) -> String {
        DocumentStore.Placement.mood(date: date, timeZone: timeZone).path(attempt: attempt)
    }
}

/// Rewrites a check-in's file into canonical form for `fmt`: a missing or empty `id` gets a new
/// one; every other line stays as written.
public struct MoodFormatter: Sendable {
    public init() {}

    /// The canonical document, or nil when the check-in has errors (fix those first).
    public func format(_ mood: MoodCheckIn, newID: () -> UUID = { UUID() }) -> Document? {
        guard mood.document.frontMatter != nil, !mood.diagnostics.hasErrors else { return nil }
        return GoalFormatter.fillingID(mood.document, id: mood.id, newID: newID)
    }
}
