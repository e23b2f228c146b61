import Foundation

/// New client files in their one canonical form.
public enum ClientWriter {
    public static func newDocument(id: UUID, name: String, born: LocalDate?, created: LocalDate, timeZone: TimeZone) -> String {
        var lines = ["---", "type: client", "id: \(id.uuidString.uppercased())", "name: \(YAMLWriter.scalar(name))"]
        if let born { lines.append("born: \(born.dayString)") }
        let stamp = created.canonical(in: timeZone)
        lines += ["created: \(stamp)", "updated: \(stamp)", "---", "", "## Notes", ""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The day `--born` names: a day alone (`2017-03-02`) in a year `check` accepts; nil otherwise.
    public static func bornDay(typed text: String) -> LocalDate? {
        guard let day = LocalDate.parse(text), day.isDayOnly, day.yearProblem == nil else { return nil }
        return day
    }
}
