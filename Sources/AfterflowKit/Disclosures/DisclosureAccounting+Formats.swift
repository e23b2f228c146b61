import Foundation

extension DisclosureAccounting {
    /// The columns of `--format csv`, in order.
    public static let csvHeader = ["at", "command", "what", "count", "clients", "records", "to", "destination",
                                   "purpose", "exempt", "by", "status", "bytes", "sha256", "recipient", "logged"]

    /// The items as CSV (RFC 4180, LF line ends, a header row); lists in a cell are separated by
    /// spaces. Every cell is guarded against formula injection (a purpose is the user's text).
    public static func csv(_ items: [Item], timeZone: TimeZone) -> String {
        var out = CSVWriter.row(csvHeader) + "\n"
        for item in items {
            let entry = item.disclosure
            let fields = [
                DisclosureLine.timestamp(entry.at, timeZone: timeZone), entry.command, entry.what, entry.count.map(String.init) ?? "",
                entry.clients.joined(separator: " "), entry.records.joined(separator: " "), entry.destination.kind.rawValue,
                entry.destination.target ?? "", entry.purpose ?? "", entry.exempt?.rawValue ?? "", entry.by ?? "",
                item.status.rawValue, item.outcome?.bytes.map(String.init) ?? "", item.outcome?.sha256 ?? "",
                entry.recipient ?? "", entry.logged.map { DisclosureLine.timestamp($0, timeZone: timeZone) } ?? "",
            ]
            CSVWriter.appendRow(fields, guarded: true, to: &out)
            out += "\n"
        }
        return out
    }

    /// The items as a JSON array: each disclosure's keys as in the log, then `status`, and
    /// `finished`, `bytes` and `sha256` from its outcome when it has one.
    public static func json(_ items: [Item], timeZone: TimeZone) -> JSONValue {
        .array(items.map { item in
            guard case .object(var fields) = DisclosureLine.json(item.disclosure, timeZone: timeZone) else { return .null }
            fields.append(("status", .string(item.status.rawValue)))
            if let outcome = item.outcome {
                fields.append(("finished", .string(DisclosureLine.timestamp(outcome.at, timeZone: timeZone))))
                if let bytes = outcome.bytes { fields.append(("bytes", .int(bytes))) }
                if let sha256 = outcome.sha256 { fields.append(("sha256", .string(sha256))) }
            }
            return .object(fields)
        })
    }
}
