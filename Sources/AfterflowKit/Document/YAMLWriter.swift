/// Writes YAML values in the one canonical form that YAML 1.2 and YAML 1.1 readers
/// (PyYAML, Obsidian, Hugo) all read back as the same strings.
public enum YAMLWriter {
    /// A scalar: plain when that reads back as the same string everywhere, double-quoted otherwise.
    public static func scalar(_ text: String) -> String {
        needsQuotes(text) ? doubleQuoted(text) : text
    }

    /// A flow list: `[a, b]`, items quoted as needed.
    public static func flowList(_ items: [String]) -> String {
        "[" + items.map { item in needsQuotes(item, inFlow: true) ? doubleQuoted(item) : item }.joined(separator: ", ") + "]"
    }

    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Whether a plain scalar would be misread (as another type, or as YAML syntax) by some reader.
    public static func needsQuotes(_ text: String, inFlow: Bool = false) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        if first == 0x20 || last == 0x20 || first == 0x09 || last == 0x09 { return true }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "="),
             UInt8(ascii: "~"):
            return true
        default:
            break
        }
        var previous: UInt8 = 0
        for b in utf8 {
            if b < 0x20 || b == 0x7F { return true }
            if b == UInt8(ascii: "#") && (previous == 0x20 || previous == 0x09) { return true }
            if previous == UInt8(ascii: ":") && (b == 0x20 || b == 0x09) { return true }
            if inFlow && (b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")) {
                return true
            }
            previous = b
        }
        if last == UInt8(ascii: ":") { return true }
        // Non-ASCII characters that some readers treat as line breaks or BOMs.
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            switch scalar {
            case "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{A0}": return true
            default: continue
            }
        }
        return looksLikeNonString(text)
    }

    /// Booleans, nulls, numbers and timestamps in YAML 1.1 or 1.2, in any case, and anything close.
    ///
    /// Deliberately wide: a string made only of digits, signs, dots, colons, underscores, spaces and
    /// the letters of hex, exponents and timestamps, that starts like a number, is quoted.
    static func looksLikeNonString(_ text: String) -> Bool {
        switch text.lowercased() {
        case "y", "n", "yes", "no", "true", "false", "on", "off", "null", "~",
             ".inf", "+.inf", "-.inf", ".nan", "<<":
            return true
        default:
            break
        }
        let utf8 = text.utf8
        guard let first = utf8.first else { return true }
        let startsLikeNumber = (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
            || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
        guard startsLikeNumber else { return false }
        for b in utf8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "_"), 0x20,
                 UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"),
                 UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "z"), UInt8(ascii: "Z"):
                continue
            default:
                return false
            }
        }
        return true
    }
}
