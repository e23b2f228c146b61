import Foundation

/// A link from one record's body to another, as plain-text users write it: a wiki link
/// (`[[2025-01-10]]`, `[[maya-t/s-initial|the goal]]`, `[[2025-01-10-psilocybin#Reflections]]`)
/// or a relative Markdown link to a `.md` file (`[as on the 10th](../2025/2025-01-10-psilocybin.md)`).
///
/// Links inside code spans, fenced code blocks and indented code blocks are text, not links; so
/// are embeds (`![[x]]`, `![alt](x.md)`), links with a scheme (`https:`, `mailto:`) and links to
/// a heading of the same file (`#x`). What the link names is the vault's to say (`RecordLinkResolver`).
public struct RecordLink: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable {
        /// `[[target]]`, `[[target|alias]]`, `[[target#heading]]`.
        case wiki
        /// `[text](relative/path.md)`.
        case markdown
    }

    public var style: Style
    /// What the link names, as written: a wiki link's part before `|` and `#`, trimmed; a
    /// Markdown link's destination before `#`, percent-escapes decoded.
    public var target: String
    /// A wiki link's text after `|`, or a Markdown link's text in brackets; nil when none.
    public var text: String?
    /// Where the link starts (its first `[`): 1-based line and column, the column in UTF-8 bytes.
    public var location: SourceLocation
    /// Where `target` starts as written.
    public var targetLocation: SourceLocation
    /// The whole link's length as written, in UTF-8 bytes (`[[a]]` is 5).
    public var length: Int

    public init(style: Style, target: String, text: String?, location: SourceLocation, targetLocation: SourceLocation, length: Int) {
        self.style = style
        self.target = target
        self.text = text
        self.location = location
        self.targetLocation = targetLocation
        self.length = length
    }

    /// The link as it would be printed in a message: `[[target]]` or the Markdown destination.
    public var written: String { style == .wiki ? "[[\(target)]]" : "(\(target))" }

    /// The day (`YYYY-MM-DD`) a file name starts with, followed by its end or `-`.
    public static func day(of stem: String) -> String? {
        let bytes = Array(stem.utf8)
        guard bytes.count >= 10, bytes.count == 10 || bytes[10] == UInt8(ascii: "-") else { return nil }
        for (i, b) in bytes[0..<10].enumerated() {
            let isDigit = b >= 0x30 && b <= 0x39
            guard i == 4 || i == 7 ? b == UInt8(ascii: "-") : isDigit else { return nil }
        }
        return String(decoding: bytes[0..<10], as: UTF8.self)
    }

    /// Whether the link covers 1-based `line` and UTF-8 `column`.
    public func covers(line: Int, column: Int) -> Bool {
        line == location.line && column >= location.column && column < location.column + length
    }
}

extension Document {
    /// The links of the body, in the order written; none in the front matter, code spans,
    /// fenced code or indented code.
    public var links: [RecordLink] {
        RecordLinkScanner.links(bytes, lines: lines, from: bodyStartLine)
    }
}

/// Scans a body's lines for links, byte by byte.
enum RecordLinkScanner {
    static func links(_ bytes: [UInt8], lines: [SourceLine], from start: Int) -> [RecordLink] {
        var found: [RecordLink] = []
        var fence: (char: UInt8, count: Int)?
        var blocks = IndentedCode()
        var index = start
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            if fence == nil, blocks.isCode(bytes, line) { continue }
            if let run = fenceRun(bytes, line) {
                if let open = fence {
                    if open.char == run.char && run.count >= open.count { fence = nil }
                } else {
                    fence = run
                }
                continue
            }
            guard fence == nil else { continue }
            scanLine(bytes, line, number: index + 1, into: &found)
        }
        return found
    }

    /// Which lines are an indented code block (CommonMark's: indented four columns or more, a tab
    /// counting to the next multiple of four), read line by line outside fences. Such a block
    /// cannot interrupt a paragraph, so an indented line is code only at the body's start, after
    /// a blank line or after another line of code; and an indented line after a list item
    /// (blank lines between) continues the item, so it is not code either.
    struct IndentedCode {
        /// What the line before was: nothing yet (or a heading), blank, code, a list item's, or
        /// other text.
        private enum Previous { case start, blank, code, list, text }
        private var previous = Previous.start
        /// Whether a list item is open: from its marker line until a line of text at the margin.
        private var inList = false

        mutating func isCode(_ bytes: [UInt8], _ line: SourceLine) -> Bool {
            let (indent, first) = Self.indentation(bytes, line)
            guard first < line.end else {
                previous = .blank
                return false
            }
            if indent >= 4, !inList, previous != .text, previous != .list {
                previous = .code
                return true
            }
            if indent < 4, Self.isListMarker(bytes, at: first, end: line.end) {
                inList = true
                previous = .list
            } else if indent < 4, bytes[first] == UInt8(ascii: "#") {
                // A heading is a block of its own: code may follow it directly.
                inList = false
                previous = .start
            } else if indent == 0 {
                inList = false
                previous = .text
            } else {
                previous = inList ? .list : .text
            }
            return false
        }

        /// The line's indentation in columns and where its first other character is.
        static func indentation(_ bytes: [UInt8], _ line: SourceLine) -> (columns: Int, first: Int) {
            var p = line.start
            var columns = 0
            while p < line.end, bytes[p] == 0x20 || bytes[p] == 0x09 || bytes[p] == 0x0D {
                if bytes[p] == 0x20 { columns += 1 } else if bytes[p] == 0x09 { columns += 4 - columns % 4 }
                p += 1
            }
            return (columns, p)
        }

        /// `-`, `*` or `+` followed by a space, or one to nine digits and `.` or `)` followed by a space.
        static func isListMarker(_ bytes: [UInt8], at p: Int, end: Int) -> Bool {
            func spaceAfter(_ q: Int) -> Bool { q >= end || bytes[q] == 0x20 || bytes[q] == 0x09 }
            if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[p]) { return spaceAfter(p + 1) }
            var q = p
            while q < end, q - p < 9, bytes[q] >= 0x30, bytes[q] <= 0x39 { q += 1 }
            return q > p && q < end && (bytes[q] == UInt8(ascii: ".") || bytes[q] == UInt8(ascii: ")")) && spaceAfter(q + 1)
        }
    }

    /// The run of three or more backticks or tildes that opens or closes a fence on `line`.
    private static func fenceRun(_ bytes: [UInt8], _ line: SourceLine) -> (char: UInt8, count: Int)? {
        var p = line.start
        var indent = 0
        while p < line.end && bytes[p] == 0x20 && indent < 4 { p += 1; indent += 1 }
        guard p < line.end, indent < 4, bytes[p] == UInt8(ascii: "`") || bytes[p] == UInt8(ascii: "~") else { return nil }
        let c = bytes[p]
        var q = p
        while q < line.end && bytes[q] == c { q += 1 }
        return q - p >= 3 ? (c, q - p) : nil
    }

    private static let bracket = UInt8(ascii: "["), closing = UInt8(ascii: "]"), backtick = UInt8(ascii: "`")

    /// The links of one line outside its code spans.
    private static func scanLine(_ bytes: [UInt8], _ line: SourceLine, number: Int, into found: inout [RecordLink]) {
        var p = line.start
        while p < line.end {
            let c = bytes[p]
            if c == backtick {
                p = endOfCodeSpan(bytes, from: p, end: line.end)
                continue
            }
            guard c == bracket else { p += 1; continue }
            let embed = p > line.start && bytes[p - 1] == UInt8(ascii: "!")
            if p + 1 < line.end && bytes[p + 1] == bracket, let end = find([closing, closing], in: bytes, from: p + 2, end: line.end) {
                if !embed, let link = wikiLink(bytes, inner: (p + 2)..<end, line: line, number: number, start: p) {
                    found.append(link)
                }
                p = end + 2
                continue
            }
            if let read = markdownLink(bytes, start: p, line: line, number: number) {
                if !embed, let link = read.link { found.append(link) }
                p = read.end
                continue
            }
            p += 1
        }
    }

    /// Past the code span starting at `p` (a run of backticks closed by a run as long), or past
    /// the opening run when it is never closed on the line.
    private static func endOfCodeSpan(_ bytes: [UInt8], from p: Int, end: Int) -> Int {
        var q = p
        while q < end && bytes[q] == backtick { q += 1 }
        let count = q - p
        var r = q
        while r < end {
            guard bytes[r] == backtick else { r += 1; continue }
            var s = r
            while s < end && bytes[s] == backtick { s += 1 }
            if s - r == count { return s }
            r = s
        }
        return q
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, end: Int) -> Int? {
        var i = from
        while i + needle.count <= end {
            if bytes[i] == needle[0] && bytes[i + 1] == needle[1] { return i }
            if bytes[i] == UInt8(ascii: "[") && i + 1 < end && bytes[i + 1] == UInt8(ascii: "[") { return nil }
            i += 1
        }
        return nil
    }

    private static func wikiLink(_ bytes: [UInt8], inner: Range<Int>, line: SourceLine, number: Int, start: Int) -> RecordLink? {
        let pipe = inner.first { bytes[$0] == UInt8(ascii: "|") } ?? inner.upperBound
        let hash = inner[..<pipe].first { bytes[$0] == UInt8(ascii: "#") } ?? pipe
        var lower = inner.lowerBound
        var upper = hash
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
        guard lower < upper else { return nil }
        let text = pipe < inner.upperBound ? String(decoding: bytes[(pipe + 1)..<inner.upperBound], as: UTF8.self) : nil
        return RecordLink(style: .wiki, target: String(decoding: bytes[lower..<upper], as: UTF8.self), text: text,
                          location: SourceLocation(line: number, column: start - line.start + 1),
                          targetLocation: SourceLocation(line: number, column: lower - line.start + 1),
                          length: inner.upperBound + 2 - start)
    }

    /// The Markdown link `[text](destination)` starting at `start`, with where it ends: the link
    /// is nil when its destination is not a relative `.md` path (a web address, an image, a
    /// heading of the same file). Nil for both when `start` does not open a link.
    private static func markdownLink(_ bytes: [UInt8], start: Int, line: SourceLine, number: Int) -> (link: RecordLink?, end: Int)? {
        var depth = 0
        var q = start + 1
        while q < line.end {
            if bytes[q] == bracket { depth += 1 }
            if bytes[q] == closing { if depth == 0 { break } else { depth -= 1 } }
            q += 1
        }
        guard q + 1 < line.end, bytes[q + 1] == UInt8(ascii: "(") else { return nil }
        var d = q + 2
        let angled = d < line.end && bytes[d] == UInt8(ascii: "<")
        if angled { d += 1 }
        let destinationStart = d
        while d < line.end && bytes[d] != (angled ? UInt8(ascii: ">") : UInt8(ascii: ")")) && (angled || bytes[d] != 0x20) { d += 1 }
        let destinationEnd = d
        guard let close = (d..<line.end).first(where: { bytes[$0] == UInt8(ascii: ")") }) else { return nil }
        let destination = String(decoding: bytes[destinationStart..<destinationEnd], as: UTF8.self)
        let withoutFragment = String(destination.prefix { $0 != "#" })
        let decoded = withoutFragment.removingPercentEncoding ?? withoutFragment
        let isRelativeRecord = !decoded.isEmpty && !decoded.contains(":") && !decoded.hasPrefix("/") && decoded.lowercased().hasSuffix(".md")
        guard isRelativeRecord else { return (nil, close + 1) }
        let link = RecordLink(style: .markdown, target: decoded, text: String(decoding: bytes[(start + 1)..<q], as: UTF8.self),
                              location: SourceLocation(line: number, column: start - line.start + 1),
                              targetLocation: SourceLocation(line: number, column: destinationStart - line.start + 1),
                              length: close + 1 - start)
        return (link, close + 1)
    }
}

extension RecordLink {
    /// `markdown` (a body or a section's text) with each link replaced by `replacement(link)`,
    /// the rest byte for byte.
    public static func replacingLinks(in markdown: String, _ replacement: (RecordLink) -> String) -> String {
        let bytes = Array(markdown.utf8)
        let lines = SourceLines.split(bytes, from: 0)
        let links = RecordLinkScanner.links(bytes, lines: lines, from: 0)
        guard !links.isEmpty else { return markdown }
        var out: [UInt8] = []
        var copied = 0
        for link in links {
            let start = lines[link.location.line - 1].start + link.location.column - 1
            out += bytes[copied..<start]
            out += Array(replacement(link).utf8)
            copied = start + link.length
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `shownText` with Markdown's punctuation escaped, so that it stays text in a note that
    /// is rendered as Markdown.
    public var plainText: String {
        var escaped = ""
        for character in shownText {
            if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// What a page shows for the link, with no path: its own text (a wiki link's alias, a
    /// Markdown link's words), else the name of what it names, and the day the target's name
    /// starts with when the text does not already hold it (`as on the 10th (2025-01-10)`).
    public var shownText: String {
        let last = target.split(separator: "/").last.map(String.init) ?? target
        let stem = last.lowercased().hasSuffix(".md") ? String(last.dropLast(3)) : last
        let own = text.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        var shown = own ?? stem
        if let day = RecordLink.day(of: stem) {
            if own == nil { shown = day == stem ? day : stem.dropFirst(11).replacingOccurrences(of: "-", with: " ") + " (" + day + ")" }
            else if !shown.contains(day) { shown += " (" + day + ")" }
        }
        return shown
    }
}
