/// One replacement of lines in a document: `range` of the earlier document's lines became `count`
/// new lines. An edited document keeps its edits so that a place in it can be found in the file
/// it was read from (a problem is reported where it is on disk, not in text never written).
public struct LineEdit: Sendable, Hashable {
    /// Line indexes in the document before this edit.
    public var range: Range<Int>
    /// How many lines took their place.
    public var count: Int
}

extension Document {
    /// Where line `index` (0-based) of this document is in the document it was edited from: the
    /// same line when the edits left it alone (`written` false), else the first line the edit
    /// replaced or inserted before (`written` true).
    public func originalLine(of index: Int) -> (line: Int, written: Bool) {
        var line = index
        var written = false
        for edit in edits.reversed() {
            if line < edit.range.lowerBound { continue }
            if line >= edit.range.lowerBound + edit.count {
                line += edit.range.count - edit.count
            } else {
                line = edit.range.lowerBound
                written = true
            }
        }
        return (line, written)
    }

    /// `location` in this document moved to the document it was edited from: the same column on a
    /// line the edits left alone, else column 1 of the line where the edit is.
    public func originalLocation(of location: SourceLocation) -> SourceLocation {
        let (line, written) = originalLine(of: location.line - 1)
        return SourceLocation(line: line + 1, column: written ? 1 : location.column)
    }
}

extension Diagnostic {
    /// Problems of an edited document, located in the file it was read from.
    ///
    /// A problem on a line the edits left alone is moved to that line; when the original file has
    /// a problem of the same severity there, that one is used, as its message names lines of the
    /// file (`already set on line 7`). A problem in text the edit wrote is placed at the edit,
    /// column 1.
    public static func located(_ diagnostics: [Diagnostic], in edited: Document, from original: [Diagnostic]) -> [Diagnostic] {
        var byPlace: [SourceLocation: Diagnostic] = [:]
        for diagnostic in original where byPlace[diagnostic.location] == nil { byPlace[diagnostic.location] = diagnostic }
        var seen = Set<Diagnostic>()
        var located: [Diagnostic] = []
        for diagnostic in diagnostics {
            var moved = diagnostic
            moved.location = edited.originalLocation(of: diagnostic.location)
            if let same = byPlace[moved.location], same.severity == diagnostic.severity {
                moved.message = same.message
            }
            if seen.insert(moved).inserted { located.append(moved) }
        }
        return located.sorted { $0.location < $1.location }
    }
}
