/// Control characters in a document's fields: NUL, ESC and the rest of Unicode's category Cc,
/// except tab, line feed and carriage return. They are not text: a terminal acts on them, and C
/// code stops at a NUL. Every kind of document reports them through `controlCharacterErrors`.
extension Document {
    /// The first control character in `bytes[start..<end]`: its offset and its code point.
    static func firstControlCharacter(_ bytes: [UInt8], from start: Int, to end: Int) -> (offset: Int, value: UInt32)? {
        bytes.withUnsafeBufferPointer { buffer -> (Int, UInt32)? in
            var p = start
            while p < end {
                let b = buffer[p]
                if b < 0x20 {
                    if b != 0x09 && b != 0x0A && b != 0x0D { return (p, UInt32(b)) }
                } else if b == 0x7F {
                    return (p, 0x7F)
                } else if b == 0xC2, p + 1 < end, buffer[p + 1] >= 0x80, buffer[p + 1] <= 0x9F {
                    // U+0080 to U+009F, the C1 controls, are C2 80 to C2 9F in UTF-8.
                    return (p, UInt32(buffer[p + 1]))
                }
                p += 1
            }
            return nil
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// `U+001B`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The error for control character `value` in `field` at `location`.
    static func controlCharacterError(_ field: String, _ value: UInt32, at location: SourceLocation) -> Diagnostic {
        .error("\(field) contains a control character, \(codePoint(value)), where text was expected; remove it", at: location)
    }

    /// One error for each front-matter value and each of `sections` that holds a control
    /// character, at the first one, naming the key or the section's `field`.
    ///
    /// Values are read as written (a comment after them is not part of them) and, in double
    /// quotes, as their escapes decode (`"\e"`, `"\u0000"`).
    public func controlCharacterErrors(sections: [(field: String, lines: Range<Int>)]) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        for entry in frontMatter?.entries ?? [] {
            if let found = firstControlCharacter(in: entry) {
                errors.append(Document.controlCharacterError(entry.key, found.value, at: found.location))
            }
        }
        for section in sections {
            for index in section.lines {
                let line = lines[index]
                if let (offset, value) = Document.firstControlCharacter(bytes, from: line.start, to: line.end) {
                    errors.append(Document.controlCharacterError(section.field, value, at: SourceLocation(line: index + 1, column: offset - line.start + 1)))
                    break
                }
            }
        }
        return errors
    }

    private func firstControlCharacter(in entry: FrontMatterEntry) -> (value: UInt32, location: SourceLocation)? {
        var commentStart: [Int: Int] = [:]  // line index → where its comment starts
        for comment in entry.comments {
            commentStart[comment.line] = comment.ownLine ? lines[comment.line].start : lines[comment.line].end - comment.text.utf8.count
        }
        for index in entry.lines {
            let line = lines[index]
            var start = line.start
            if index == entry.lines.lowerBound {
                // After the key: where the value starts, or nothing when it starts on a later line.
                start = entry.valueLocation.line == index + 1 ? line.start + entry.valueLocation.column - 1 : line.end
            }
            let end = commentStart[index] ?? line.end
            guard start < end, let (offset, value) = Document.firstControlCharacter(bytes, from: start, to: end) else { continue }
            return (value, SourceLocation(line: index + 1, column: offset - line.start + 1))
        }
        // Escapes in double quotes, which the raw bytes do not show.
        switch entry.value {
        case .null:
            return nil
        case .scalar(let scalar):
            return controlEscape(in: scalar)
        case .list(let items, _):
            for item in items {
                if let found = controlEscape(in: item) { return found }
            }
            return nil
        }
    }

    /// The first escape of a double-quoted scalar that decodes to a control character.
    private func controlEscape(in scalar: YAMLScalar) -> (value: UInt32, location: SourceLocation)? {
        guard scalar.style == .doubleQuoted, scalar.text.unicodeScalars.contains(where: Document.isControl) else { return nil }
        let index = scalar.location.line - 1
        guard lines.indices.contains(index) else { return nil }
        let line = lines[index]
        let decoder = FrontMatterParser(bytes: bytes, lines: lines)
        var p = line.start + scalar.location.column  // after the opening quote
        while p < line.end && bytes[p] != UInt8(ascii: "\"") {
            guard bytes[p] == UInt8(ascii: "\\"), p + 1 < line.end else { p += 1; continue }
            var out: [UInt8] = []
            guard let used = decoder.unescape(at: p + 1, lineEnd: line.end, into: &out) else { return nil }
            if let control = String(decoding: out, as: UTF8.self).unicodeScalars.first(where: Document.isControl) {
                return (control.value, SourceLocation(line: index + 1, column: p - line.start + 1))
            }
            p += 1 + used
        }
        return nil
    }
}
