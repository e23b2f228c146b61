import Foundation

/// Check-ins as CSV (`export csv --moods`), one row each, for spreadsheets and scripts.
///
/// The columns, exactly: `id,date,day,time,score,valence,valence_class,kind,labels,associations,
/// tags,source,source_value,notes,path`. `date` is ISO 8601 with its offset (the vault's time zone
/// when the file gave none), `day` and `time` the local day and time as written (`2025-03-04`,
/// `08:15`); `valence` with two decimals; labels, associations and tags each joined with `, `
/// (label and association names hold no comma); `notes` the whole body; `path` relative to the
/// vault. RFC 4180 quoting (an empty field is `""`); text fields get the formula guard (`'` before
/// `=`, `+`, `-`, `@`, tab, CR), numbers never. Rows in the order given.
public enum MoodCSV {
    public static let header = ["id", "date", "day", "time", "score", "valence", "valence_class", "kind", "labels", "associations",
                                "tags", "source", "source_value", "notes", "path"]

    /// The separator of labels, associations and tags within their cell.
    public static let listSeparator = ", "

    /// The header, then one row per check-in; `lineEnding` between rows, none after the last.
    public static func write(_ moods: [(path: String, mood: MoodCheckIn)], timeZone: TimeZone, lineEnding: String = "\n",
                             byteOrderMark: Bool = false) -> String {
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out += CSVWriter.row(header)
        for (path, mood) in moods {
            out += lineEnding
            out += CSVWriter.row(fields(mood, path: path, timeZone: timeZone))
        }
        return out
    }

    static func fields(_ mood: MoodCheckIn, path: String, timeZone: TimeZone) -> [String] {
        let date = mood.date
        let time = date?.time.map { t in (t.hour < 10 ? "0" : "") + "\(t.hour):" + (t.minute < 10 ? "0" : "") + "\(t.minute)" } ?? ""
        return [mood.id?.uuidString.uppercased() ?? "", date?.canonical(in: timeZone) ?? "", date?.dayString ?? "", time,
                mood.score.map(String.init) ?? "", mood.valence.map(MoodVocabulary.valenceText) ?? "", mood.valenceClass?.rawValue ?? "",
                mood.effectiveKind.rawValue, mood.labels.joined(separator: listSeparator),
                mood.associations.joined(separator: listSeparator), CSVWriter.guarded(mood.tags.joined(separator: listSeparator)),
                mood.effectiveSource.rawValue, CSVWriter.guarded(mood.sourceValue ?? ""), CSVWriter.guarded(mood.notes), CSVWriter.guarded(path)]
    }
}
