import Foundation

/// Renders session fields in their one canonical form.
public enum SessionWriter {
    /// The canonical front-matter lines of a new session, without the `---` fences.
    public static func frontMatterLines(_ values: SessionValues, timeZone: TimeZone) -> [String] {
        var lines = [
            "id: \(values.id.uuidString.uppercased())",
            "date: \(values.date.canonical(in: timeZone))",
            "treatment: \(values.treatment.rawValue)",
        ]
        if let administration = values.administration { lines.append("administration: \(administration.rawValue)") }
        if let dose = values.dose, !dose.isBlank { lines.append("dose: \(YAMLWriter.scalar(dose))") }
        if let mood = values.moodBefore { lines.append("mood_before: \(mood)") }
        if let mood = values.moodAfter { lines.append("mood_after: \(mood)") }
        lines.append("status: \(values.status.rawValue)")
        if let reminder = values.reminder { lines.append("reminder: \(reminder.canonical(in: timeZone))") }
        if let music = values.music, !music.isBlank { lines.append("music: \(YAMLWriter.scalar(music))") }
        if !values.tags.isEmpty { lines.append("tags: \(YAMLWriter.flowList(values.tags))") }
        let created = values.created.canonical(in: timeZone)
        lines.append("created: \(created)")
        lines.append("updated: \(created)")
        return lines
    }

    /// `key: value` for a scalar value, already canonical.
    static func line(_ key: String, _ value: String) -> [String] {
        ["\(key): \(value)"]
    }

    /// A list in the style it had: `key: [a, b]`, or `key:` and `- item` lines with `indent`.
    static func listLines(_ key: String, _ items: [String], blockIndent: String?) -> [String] {
        guard let blockIndent, !items.isEmpty else { return ["\(key): \(YAMLWriter.flowList(items))"] }
        return ["\(key):"] + items.map { "\(blockIndent)- \(YAMLWriter.needsQuotes($0, inFlow: false) ? YAMLWriter.doubleQuoted($0) : $0)" }
    }
}
