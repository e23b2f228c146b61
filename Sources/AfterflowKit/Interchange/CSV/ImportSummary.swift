import Foundation

/// The words every import uses to say what it did or why it wrote nothing (`import csv`,
/// `import daylio`, `import trials csv`).
public enum ImportSummary {
    /// Why nothing was imported when `rejected` rows have problems and `ready` rows have none:
    /// "nothing was imported: 2 rows have problems; fix them and import again, or import the
    /// other 3 rows with --skip-invalid".
    /// A backup's are `entry` and `entries`.
    public static func refusal(rejected: Int, ready: Int, unit: String = "row", plural: String = "rows") -> String {
        let hint = ready == 1 ? ", or import the other \(unit) with --skip-invalid"
            : ready > 1 ? ", or import the other \(ready) \(plural) with --skip-invalid" : ""
        return refusal(rejected: rejected, hint: hint, unit: unit, plural: plural)
    }

    /// As `refusal(rejected:ready:)`, with the hint given (`import trials csv` does not count the rows).
    public static func refusal(rejected: Int, hint: String, unit: String = "row", plural: String = "rows") -> String {
        let rows = rejected == 1 ? "1 \(unit) has" : "\(rejected) \(plural) have"
        return "nothing was imported: \(rows) problems; fix \(rejected == 1 ? "it" : "them") and import again\(hint)"
    }

    /// "2 skipped as duplicates".
    public static func duplicates(_ count: Int) -> String {
        "\(count) skipped as duplicate\(count == 1 ? "" : "s")"
    }

    /// "3 rejected (rows 4, 7, 9)": the first ten of `numbers`, each a `unit` ("row", "line").
    public static func rejected(_ numbers: [Int], unit: String, plural: String? = nil) -> String {
        var text = "\(numbers.count) rejected"
        guard !numbers.isEmpty else { return text }
        let shown = numbers.prefix(10).map(String.init).joined(separator: ", ")
        text += " (\(numbers.count == 1 ? unit : plural ?? unit + "s") \(shown)\(numbers.count > 10 ? ", …" : ""))"
        return text
    }
}

extension TrialImport.Plan {
    /// Whether the import writes nothing without `--skip-invalid`: a row was rejected, or
    /// nothing would be written and there were problems.
    public var needsSkipInvalid: Bool {
        !rejectedRows.isEmpty || (creates.isEmpty && appends.isEmpty && !problems.isEmpty)
    }

    /// "12 trials into 3 sessions (1 new), 2 skipped as duplicates, 1 row rejected."; with
    /// events, "12 trials and 40 events into …".
    public var summary: String {
        let sessions = creates.count + appends.count
        let rejected = rejectedRows.count
        let events = eventCount == 0 ? "" : " and \(eventCount) event\(eventCount == 1 ? "" : "s")"
        return "\(trialCount) trial\(trialCount == 1 ? "" : "s")\(events) into \(sessions) session\(sessions == 1 ? "" : "s") (\(creates.count) new), "
            + "\(ImportSummary.duplicates(duplicatesSkipped)), \(rejected) row\(rejected == 1 ? "" : "s") rejected."
    }
}

extension TrialCSV {
    /// The records with only the sessions whose day is within `since`…`until` (inclusive, `YYYY-MM-DD`,
    /// either open) and, with `goal` (a short name, any case), only that goal's trials (a session
    /// left without one is left out): what `export trials csv` writes. A goal's events are kept
    /// as its trials are.
    public static func selecting(_ records: [ClientRecord], since: String?, until: String?, goal: String?) -> [ClientRecord] {
        records.map { record in
            var record = record
            record.sessions = record.sessions.compactMap { item in
                guard let day = item.session.date?.dayString else { return nil }
                if let since, day < since { return nil }
                if let until, day > until { return nil }
                guard let goal else { return item }
                var filtered = item
                filtered.session.trials = item.session.trials.filter { $0.goal == goal.lowercased() }
                filtered.session.events = item.session.events.filter { $0.goal.lowercased() == goal.lowercased() }
                return filtered.session.trials.isEmpty && filtered.session.events.isEmpty ? nil : filtered
            }
            return record
        }
    }

    /// How many trials the records hold.
    public static func trialCount(_ records: [ClientRecord]) -> Int {
        records.reduce(0) { $0 + $1.sessions.reduce(0) { $0 + $1.session.trials.count } }
    }
}
