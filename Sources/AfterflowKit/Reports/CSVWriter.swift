/// RFC 4180 fields and rows: a field is quoted when it holds `"`, `,`, CR or LF, or is empty,
/// with `"` doubled.
public enum CSVWriter {
    public static func field(_ text: String) -> String {
        if text.isEmpty { return "\"\"" }
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }
}
