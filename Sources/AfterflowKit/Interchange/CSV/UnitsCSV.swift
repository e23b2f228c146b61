/// The billing sheet as CSV for a billing person's spreadsheet: one row a session, every field
/// guarded against formula injection (`CSVWriter.guardedRow`).
public enum UnitsCSV {
    public static let header = ["date", "client", "service", "minutes", "units", "place", "provider", "billable", "reason", "overlap"]

    /// The header and one row a line: the local day, first name and last initial, the CPT code,
    /// the minutes worked (empty without an end), the units, the place of service, the provider,
    /// `yes` or `no`, why not, and for a 97155 session the 97153 sessions it overlaps
    /// (`ServiceOverlap.text`, `; ` between two).
    public static func text(_ lines: [BillingLine], lineEnding: String = "\n") -> String {
        var out = CSVWriter.guardedRow(header) + lineEnding
        for line in lines {
            let s = line.session
            let overlap: String = line.overlaps.map(\.text).joined(separator: "; ")
            var row: [String] = [s.day ?? "", s.clientName, s.service ?? "", s.minutes.map(String.init) ?? "", String(line.units)]
            row += [s.place ?? "", s.provider ?? "", line.billable ? "yes" : "no", line.reason ?? "", overlap]
            CSVWriter.appendRow(row, guarded: true, to: &out)
            out += lineEnding
        }
        return out
    }
}
