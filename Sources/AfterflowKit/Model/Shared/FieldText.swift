/// What a value given to afterflow (a flag, `set KEY=VALUE`, an imported cell) may hold.
///
/// No field holds a control character other than tab, line feed and carriage return: NUL cut
/// the index's copy short, and escapes can take over a terminal. A front-matter value is one line;
/// section text may have many, and a carriage return alone is a line break, as in old Mac text.
public enum FieldText {
    /// Whether `scalar` is a control character no field may hold: C0 but tab, LF and CR; DEL; C1.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        Document.isControl(scalar)
    }

    /// The first forbidden control character and its position (1-based, in characters).
    public static func firstForbidden(in text: String) -> (scalar: Unicode.Scalar, position: Int)? {
        var position = 0
        for scalar in text.unicodeScalars {
            position += 1
            if isForbidden(scalar) { return (scalar, position) }
        }
        return nil
    }

    /// Why `text` cannot be the value of `field`, in one sentence, or nil.
    /// `multiline`: section text, which may hold line breaks.
    public static func problem(field: String, text: String, multiline: Bool) -> String? {
        if let (scalar, position) = firstForbidden(in: text) {
            return "\(field) contains a control character (\(codePoint(scalar))) at character \(position); remove it"
        }
        if !multiline, text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            return "\(field) must be on one line; it contains a line break"
        }
        return nil
    }

    /// Section text with every line break as LF: CRLF and a carriage return alone each make one.
    public static func normalizingLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == 0x0A && previous == 0x0D { continue }
            bytes.append(byte == 0x0D ? 0x0A : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `U+001B`.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        Document.codePoint(scalar.value)
    }
}
