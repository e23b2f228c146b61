/// RFC 4180 fields and rows: a field is quoted when it holds `"`, `,`, CR or LF, or is empty,
/// with `"` doubled.
public enum CSVWriter {
    public static func field(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    public static func row(_ fields: [String]) -> String {
        var out = ""
        appendRow(fields, guarded: false, to: &out)
        return out
    }

    /// A row for a spreadsheet: every field guarded against formula injection, then quoted.
    public static func guardedRow(_ fields: [String]) -> String {
        var out = ""
        appendRow(fields, guarded: true, to: &out)
        return out
    }

    /// Appends a row (without a line end) to `out`; `guarded` puts the formula guard first.
    public static func appendRow(_ fields: [String], guarded: Bool, to out: inout String) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out += "," }
            if guarded && needsGuard(field) { append("'" + field, to: &out) } else { append(field, to: &out) }
        }
    }

    /// Appends one field, quoted when needed. Scans bytes: this is the hot loop of a large export.
    static func append(_ text: String, to out: inout String) {
        if text.isEmpty {
            out += "\"\""
            return
        }
        var quotes = false
        var hasQuote = false
        for byte in text.utf8 {
            switch byte {
            case 0x22: hasQuote = true; quotes = true
            case 0x2C, 0x0A, 0x0D: quotes = true
            default: break
            }
        }
        guard quotes else {
            out += text
            return
        }
        out += "\""
        if hasQuote {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 16)
            for byte in text.utf8 {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            out += String(decoding: bytes, as: UTF8.self)
        } else {
            out += text
        }
        out += "\""
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
