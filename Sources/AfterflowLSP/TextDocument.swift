import AfterflowKit

/// A place in a document as the protocol names it: a line and a character offset within the
/// line, both from zero, the offset counted in UTF-16 code units.
public struct Position: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        self.init(line: line, character: character)
    }
}

/// A stretch of a document, `end` excluded.
public struct TextRange: Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    var json: JSON { ["start": start.json, "end": end.json] }

    init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// The text of a document the editor has open, and the conversions between the protocol's
/// positions and the text's indexes. Lines end at `\n`, `\r\n` or `\r`, as the protocol counts
/// them.
public struct TextDocument: Sendable {
    public private(set) var text: String
    public private(set) var version: Int
    /// Where each line starts, in `text`'s indexes.
    private var lineStarts: [String.Index]

    public init(text: String, version: Int) {
        self.text = text
        self.version = version
        lineStarts = TextDocument.lineStarts(of: text)
    }

    public var lineCount: Int { lineStarts.count }

    /// The index of `position`: a line past the last is the end of the text, a character past the
    /// end of its line is the line's end (before its line break), and a character in the middle
    /// of a character that takes two code units is that character's start.
    public func index(of position: Position) -> String.Index {
        guard position.line >= 0 else { return text.startIndex }
        guard position.line < lineStarts.count else { return text.endIndex }
        let lineEnd = contentEnd(ofLine: position.line)
        var index = lineStarts[position.line]
        var remaining = max(0, position.character)
        while remaining > 0, index < lineEnd {
            let scalar = text.unicodeScalars[index]
            let width = scalar.utf16.count
            if width > remaining { break }
            remaining -= width
            index = text.unicodeScalars.index(after: index)
        }
        return index
    }

    /// The position of `index` (which must be a `text` index on a Unicode scalar boundary).
    public func position(of index: String.Index) -> Position {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        let character = text.utf16.distance(from: lineStarts[low], to: min(index, contentEnd(ofLine: low)))
        return Position(line: low, character: max(0, character))
    }

    /// The position of a library location: a line from one and a column from one counted in
    /// UTF-8 bytes. A column inside a character that takes several bytes is that character.
    public func position(line: Int, utf8Column: Int) -> Position {
        guard line >= 1, line <= lineStarts.count else {
            return line < 1 ? Position(line: 0, character: 0) : position(of: text.endIndex)
        }
        let start = lineStarts[line - 1]
        let end = contentEnd(ofLine: line - 1)
        var index = start
        var bytes = max(0, utf8Column - 1)
        while bytes > 0, index < end {
            let scalar = text.unicodeScalars[index]
            let width = scalar.utf8.count
            if width > bytes { break }
            bytes -= width
            index = text.unicodeScalars.index(after: index)
        }
        return position(of: index)
    }

    /// Where the text of line `line` (from zero) ends, before its line break.
    func contentEnd(ofLine line: Int) -> String.Index {
        let next = line + 1 < lineStarts.count ? lineStarts[line + 1] : text.endIndex
        var end = next
        let scalars = text.unicodeScalars
        if line + 1 < lineStarts.count, end > lineStarts[line] {
            end = scalars.index(before: end)
            if scalars[end] == "\n", end > lineStarts[line], scalars[scalars.index(before: end)] == "\r" {
                end = scalars.index(before: end)
            }
        }
        return end
    }

    /// The text of line `line` (from zero), without its line break.
    public func line(_ line: Int) -> Substring {
        guard line >= 0, line < lineStarts.count else { return "" }
        return text[lineStarts[line]..<contentEnd(ofLine: line)]
    }

    /// Replaces `range` (the whole text when nil) with `newText`, as a change the editor sent.
    public mutating func apply(_ newText: String, in range: TextRange?, version: Int) {
        if let range {
            var lower = index(of: range.start)
            var upper = index(of: range.end)
            if upper < lower { swap(&lower, &upper) }
            var scalars = String.UnicodeScalarView(text.unicodeScalars[..<lower])
            scalars.append(contentsOf: newText.unicodeScalars)
            scalars.append(contentsOf: text.unicodeScalars[upper...])
            text = String(scalars)
        } else {
            text = newText
        }
        self.version = version
        lineStarts = TextDocument.lineStarts(of: text)
    }

    static func lineStarts(of text: String) -> [String.Index] {
        var starts = [text.startIndex]
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == "\n" {
                starts.append(index)
            } else if scalar == "\r" {
                if index < scalars.endIndex, scalars[index] == "\n" { continue }
                starts.append(index)
            }
        }
        return starts
    }
}
