/// A Markdown file with optional YAML front matter, kept byte for byte as it was read.
///
/// The document never rewrites what it does not have to: `bytes` is the exact source, and the
/// structure (lines, front matter entries, body sections) points into it. Edits return a new
/// document whose bytes differ only in the lines they touch.
public struct Document: Sendable {
    /// The exact source, BOM included.
    public let bytes: [UInt8]
    public let hasBOM: Bool
    public let lineEnding: LineEnding
    /// Lines after the BOM; `lines[0]` is line 1.
    public let lines: [SourceLine]
    /// Nil when the file does not start with a `---` line.
    public let frontMatter: FrontMatter?
    /// Index of the first line after the front matter (0 when there is none).
    public let bodyStartLine: Int
    /// Level 1 and 2 ATX headings of the body, outside code fences.
    public let headings: [Heading]
    /// The body's code fence that is never closed, if any: every line after it reads as code, so
    /// no heading after it starts a section (see `unclosedFenceWarning`).
    public let unclosedFence: Fence?
    /// Problems found while reading the structure (YAML errors, a front matter never closed, bad
    /// UTF-8).
    public let diagnostics: [Diagnostic]
    /// The line replacements that made this document from the one first read, oldest first;
    /// empty for a document read from bytes (see `originalLine(of:)`).
    public internal(set) var edits: [LineEdit] = []

    /// The line that opens a fenced code block.
    public struct Fence: Sendable, Hashable {
        /// Index of its line (0-based).
        public var line: Int
        /// Where the fence's marks start, 1-based, in UTF-8 bytes.
        public var column: Int
        /// The marks as written: three or more backticks or tildes.
        public var marks: String
    }

    public struct Heading: Sendable, Hashable {
        public var level: Int
        /// The heading's text, trimmed, without the `#` marks.
        public var title: String
        public var line: Int
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        hasBOM = bom
        let lines = SourceLines.split(bytes, from: bom ? 3 : 0)
        self.lines = lines
        lineEnding = SourceLines.ending(of: bytes, lines: lines)
        var diagnostics: [Diagnostic] = []
        if let bad = Document.firstInvalidUTF8(bytes, lines: lines) {
            diagnostics.append(.error("the file is not valid UTF-8; save it as UTF-8", at: bad))
        }

        var frontMatter: FrontMatter?
        var bodyStart = 0
        if let first = lines.first, Document.isFence(bytes, first, allowDots: false) {
            if let closing = lines.indices.dropFirst().first(where: { Document.isFence(bytes, lines[$0], allowDots: true) }) {
                var parser = FrontMatterParser(bytes: bytes, lines: lines)
                parser.parse(1..<closing)
                diagnostics += parser.diagnostics
                frontMatter = FrontMatter(openingLine: 0, closingLine: closing, entries: parser.entries)
                bodyStart = closing + 1
            } else {
                diagnostics.append(.error("the front matter that starts here is never closed; expected a line '---' after it", at: SourceLocation(line: 1, column: 1)))
                bodyStart = lines.count
            }
        }
        self.frontMatter = frontMatter
        bodyStartLine = bodyStart
        let body = Document.scanBody(bytes, lines: lines, from: bodyStart)
        headings = body.headings
        unclosedFence = body.openFence
        if frontMatter != nil {
            // A conflict left in the body by a merge (the front matter's parser reports its own).
            for index in bodyStart..<lines.count where Document.isConflictStart(bytes, lines[index]) {
                diagnostics.append(.error(Document.conflictMessage, at: SourceLocation(line: index + 1, column: 1)))
            }
        }
        self.diagnostics = diagnostics
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The text of line `index` (0-based), without its terminator.
    public func text(ofLine index: Int) -> String {
        String(decoding: bytes[lines[index].start..<lines[index].end], as: UTF8.self)
    }

    // MARK: - Sections

    /// The body section under `## title` (matched case-insensitively), if there is one.
    public func section(_ title: String) -> Section? {
        for (i, heading) in headings.enumerated() where heading.level == 2 && heading.title.caseInsensitiveEquals(title) {
            let end = i + 1 < headings.count ? headings[i + 1].line : lines.count
            return Section(heading: heading, content: (heading.line + 1)..<end)
        }
        return nil
    }

    /// A `## ` section: its heading and the lines up to the next level 1 or 2 heading.
    public struct Section: Sendable, Hashable {
        public var heading: Heading
        public var content: Range<Int>
    }

    /// The section's text: its lines joined with LF, leading and trailing blank lines removed.
    public func text(of section: Section) -> String {
        var first = section.content.lowerBound
        var last = section.content.upperBound
        while first < last && isBlank(first) { first += 1 }
        while last > first && isBlank(last - 1) { last -= 1 }
        guard first < last else { return "" }
        if last - first == 1 { return text(ofLine: first) }
        var out: [UInt8] = []
        out.reserveCapacity(lines[last - 1].end - lines[first].start)
        for index in first..<last {
            if index > first { out.append(0x0A) }
            out.append(contentsOf: bytes[lines[index].start..<lines[index].end])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The first level 1 heading of the body.
    public var title: Heading? { headings.first { $0.level == 1 } }

    func isBlank(_ index: Int) -> Bool {
        let line = lines[index]
        var p = line.start
        while p < line.end {
            if bytes[p] != 0x20 && bytes[p] != 0x09 { return false }
            p += 1
        }
        return true
    }

    // MARK: - Scanning

    static let conflictMessage = "an unresolved merge conflict: keep the version you want between '<<<<<<<' and '>>>>>>>' and delete the marker lines"

    /// A line `<<<<<<<`, alone or followed by a space and a label: where a merge conflict starts.
    static func isConflictStart(_ bytes: [UInt8], _ line: SourceLine) -> Bool {
        guard line.end - line.start >= 7, bytes[line.start] == UInt8(ascii: "<") else { return false }
        for p in line.start..<(line.start + 7) where bytes[p] != UInt8(ascii: "<") { return false }
        return line.end - line.start == 7 || bytes[line.start + 7] == 0x20
    }

    static func isFence(_ bytes: [UInt8], _ line: SourceLine, allowDots: Bool) -> Bool {
        guard line.end - line.start >= 3 else { return false }
        let c = bytes[line.start]
        guard c == UInt8(ascii: "-") || (allowDots && c == UInt8(ascii: ".")) else { return false }
        guard bytes[line.start + 1] == c, bytes[line.start + 2] == c else { return false }
        var p = line.start + 3
        while p < line.end {
            if bytes[p] != 0x20 && bytes[p] != 0x09 { return false }
            p += 1
        }
        return true
    }

    static func scanHeadings(_ bytes: [UInt8], lines: [SourceLine], from start: Int) -> [Heading] {
        scanBody(bytes, lines: lines, from: start).headings
    }

    /// The level 1 and 2 headings outside code fences, and the fence still open at the end.
    static func scanBody(_ bytes: [UInt8], lines: [SourceLine], from start: Int) -> (headings: [Heading], openFence: Fence?) {
        var headings: [Heading] = []
        var fence: (char: UInt8, count: Int, line: Int, column: Int)?
        var index = start
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            var p = line.start
            var indent = 0
            while p < line.end && bytes[p] == 0x20 && indent < 4 { p += 1; indent += 1 }
            guard p < line.end, indent < 4 else { continue }
            let c = bytes[p]
            if c == UInt8(ascii: "`") || c == UInt8(ascii: "~") {
                var q = p
                while q < line.end && bytes[q] == c { q += 1 }
                let count = q - p
                if count >= 3 {
                    if let open = fence {
                        if open.char == c && count >= open.count { fence = nil }
                    } else {
                        fence = (c, count, index, p - line.start + 1)
                    }
                }
                continue
            }
            guard fence == nil, c == UInt8(ascii: "#") else { continue }
            var q = p
            while q < line.end && bytes[q] == UInt8(ascii: "#") { q += 1 }
            let level = q - p
            guard level <= 2, q == line.end || bytes[q] == 0x20 || bytes[q] == 0x09 else { continue }
            var textStart = q
            while textStart < line.end && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
            var textEnd = line.end
            while textEnd > textStart && (bytes[textEnd - 1] == 0x20 || bytes[textEnd - 1] == 0x09) { textEnd -= 1 }
            // A closing run of '#' after a space is not part of the title.
            var closing = textEnd
            while closing > textStart && bytes[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
            if closing < textEnd && (closing == textStart || bytes[closing - 1] == 0x20) {
                textEnd = closing
                while textEnd > textStart && bytes[textEnd - 1] == 0x20 { textEnd -= 1 }
            }
            headings.append(Heading(level: level, title: String(decoding: bytes[textStart..<textEnd], as: UTF8.self), line: index))
        }
        let open = fence.map { Fence(line: $0.line, column: $0.column, marks: String(repeating: Character(UnicodeScalar($0.char)), count: $0.count)) }
        return (headings, open)
    }

    /// The location of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8], lines: [SourceLine]) -> SourceLocation? {
        guard let offset = UTF8Validation.firstInvalidOffset(bytes) else { return nil }
        let index = lines.lastIndex { $0.start <= offset } ?? 0
        return SourceLocation(line: index + 1, column: offset - (lines.isEmpty ? 0 : lines[index].start) + 1)
    }
}

extension String {
    /// Equal ignoring the case of ASCII letters (section names are ASCII).
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        for (x, y) in zip(utf8, other.utf8) where x != y {
            let lower = x | 0x20
            guard lower == y | 0x20, lower >= 0x61, lower <= 0x7A else { return false }
        }
        return true
    }
}
