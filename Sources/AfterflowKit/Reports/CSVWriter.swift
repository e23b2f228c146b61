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

    /// A row for a spreadsheet: every field guarded against formula injection, then quoted.
    public static func guardedRow(_ fields: [String]) -> String {
        fields.map { field(guarded($0)) }.joined(separator: ",")
    }

    // MARK: - Formula-injection guard

    /// The characters that make a spreadsheet read a cell as a formula: OWASP's list, `=`, `+`,
    /// `-`, `@`, tab and carriage return (the app guards the first four).
    static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    /// Whether the exporter prefixes `'` to `text`: it starts with a formula character, or with
    /// one or more `'` and then one. (Guarding the second kind too is what lets the importer
    /// remove exactly the quotes the exporter added: `'=x` is written `''=x` and read back `'=x`.)
    public static func needsGuard<S: StringProtocol>(_ text: S) -> Bool {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "'") { continue }
            return formulaStarts.contains(byte)
        }
        return false
    }

    /// `text` with a `'` in front when a spreadsheet would take it for a formula.
    public static func guarded(_ text: String) -> String {
        needsGuard(text) ? "'" + text : text
    }

    /// The inverse of `guarded`: removes a leading `'` exactly when the exporter would have added
    /// it (the rest needs the guard), and leaves any other text alone.
    public static func unguarded(_ text: String) -> String {
        guard text.utf8.first == UInt8(ascii: "'") else { return text }
        let rest = text.dropFirst()
        return needsGuard(rest) ? String(rest) : text
    }
}
