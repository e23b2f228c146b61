/// The billing sheet as CSV for a billing person's spreadsheet: one row a session, every field
/// guarded against formula injection (`CSVWriter.guardedRow`).
public enum UnitsCSV {
    public static let header = ["date", "client", "service", "minutes", "units", "place", "provider", "billable", "reason"]

    /// The header and one row a line: the local day, first name and last initial, the CPT code,
    /// the minutes worked (empty without an end), the units, the place of service, the provider,
    /// `yes` or `no`, and why not.
    public static func text(_ lines: [BillingLine], lineEnding: String = "\n") -> String {
        var out = CSVWriter.guardedRow(header) + lineEnding
        for line in lines {
            let s = line.session
            CSVWriter.appendRow([s.day ?? "", s.clientName, s.service ?? "", s.minutes.map(String.init) ?? "", String(line.units),
                                 s.place ?? "", s.provider ?? "", line.billable ? "yes" : "no", line.reason ?? ""],
                                guarded: true, to: &out)
            out += lineEnding
        }
        return out
    }
}
