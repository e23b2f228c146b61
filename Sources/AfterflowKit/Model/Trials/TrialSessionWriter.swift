import Foundation

/// New trial session files in their one canonical form: the front matter, `## Notes` for the
/// session note, and `## Trials` last, so that each trial is appended to the end of the file.
/// `body`, when given, is the lines of `## Trials` in place of the trials' (an import's trials
/// and events in the order they happened).
public enum TrialSessionWriter {
    public static func newDocument(id: UUID, clientID: UUID, date: LocalDate, end: LocalDate?, location: String?, observer: String?,
                                   recordedOn: TrialSession.RecordedOn, trials: [Trial], created: LocalDate, timeZone: TimeZone,
                                   billing: SessionBilling = SessionBilling(), probe: Bool = false, reliabilityOf primary: UUID? = nil,
                                   body: [String]? = nil) -> String {
        var lines = ["---", "type: trials", "id: \(id.uuidString.uppercased())", "client: \(clientID.uuidString.uppercased())",
                     "date: \(date.canonical(in: timeZone))"]
        if let end { lines.append("end: \(end.canonical(in: timeZone))") }
        if let location, !location.isBlank { lines.append("location: \(YAMLWriter.scalar(location))") }
        lines += billing.frontMatterLines.flatMap { $0.lines ?? [] }
        if let observer, !observer.isBlank { lines.append("observer: \(YAMLWriter.scalar(observer))") }
        if probe { lines.append("probe: true") }
        if let primary { lines += ["role: reliability", "primary: \(primary.uuidString.uppercased())"] }
        lines.append("recorded_on: \(recordedOn.rawValue)")
        let stamp = created.canonical(in: timeZone)
        lines += ["created: \(stamp)", "updated: \(stamp)", "---", "", "## Notes", "", "## Trials", ""]
        lines += body ?? trials.map(\.lineText)
        return lines.joined(separator: "\n") + "\n"
    }
}
