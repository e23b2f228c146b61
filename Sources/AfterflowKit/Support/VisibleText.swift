/// Text from files, CSV and arguments made safe to print on a terminal: every control character
/// is shown instead of obeyed, so that `ESC]0;…BEL` cannot retitle the terminal, `ESC[8m` cannot
/// hide what follows and a carriage return cannot write over a line.
///
/// C0 controls and DEL are shown in caret notation, as `cat -v` and `less` show them (ESC `^[`,
/// BEL `^G`, CR `^M`, DEL `^?`); C1 controls, which some terminals obey as escapes too, as
/// `<U+009B>`. Tabs are kept. Line feeds are kept where the layout has room for several lines,
/// with the CR of a CRLF line ending.
public enum VisibleText {
    /// `text` with its control characters shown; `lines` keeps line feeds; `replacing` shows the
    /// given controls as the given text instead (search's highlight marks).
    public static func escape(_ text: String, lines: Bool = false, replacing: [Unicode.Scalar: String] = [:]) -> String {
        guard needsEscaping(text.utf8, lines: lines) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if let replacement = replacing[scalar] {
                out += replacement
            } else if lines && (scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")) {
                out.unicodeScalars.append(scalar)
            } else if let shown = shown(scalar) {
                out += shown
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Appends `bytes` (UTF-8, one line) to `output` with their control characters shown; bytes
    /// without any are copied as they are.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if needsEscaping(bytes, lines: false) {
            output += Array(escape(String(decoding: bytes, as: UTF8.self)).utf8)
        } else {
            output += bytes
        }
    }

    /// Whether UTF-8 `bytes` hold a control character other than tab (and, with `lines`, line feed
    /// and the CR of a CRLF): a byte below 0x20, DEL, or a C1 control (0xC2 0x80…0x9F).
    public static func needsEscaping<Bytes: Collection<UInt8>>(_ bytes: Bytes, lines: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0x0D && byte != 0x0A { return true }
            if byte < 0x20 {
                if byte != 0x09 && !(lines && (byte == 0x0A || byte == 0x0D)) { return true }
            } else if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
                return true
            }
            previous = byte
        }
        return previous == 0x0D
    }

    /// How a control character is shown, or nil when `scalar` is not one (tab is not).
    public static func shown(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09:
            return nil
        case 0x00..<0x20, 0x7F:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value ^ 0x40)))
        case 0x80...0x9F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: 4 - hex.count) + hex + ">"
        default:
            return nil
        }
    }
}

extension String {
    /// This text with its control characters shown, for a terminal (see `VisibleText`).
    public func visible(lines: Bool = false) -> String { VisibleText.escape(self, lines: lines) }
}
