/// One top-level `key: value` of the front matter, with the lines it spans.
public struct FrontMatterEntry: Sendable, Hashable {
    public var key: String
    public var value: YAMLValue
    public var keyLocation: SourceLocation
    /// Where the value starts; the key's line end when the value is null or a block list.
    public var valueLocation: SourceLocation
    /// Indexes into the document's lines: the key's line through its last continuation line.
    public var lines: Range<Int>
    /// For block lists, the text before `- ` on the first item line (kept when the list is edited).
    public var blockIndent: String?
    /// The comments inside `lines`, in file order: after the value on the key's line, after a list
    /// item or a continuation line, and lines of their own among a block list's items.
    public var comments: [FrontMatterComment] = []

    /// The comment after the value on the key's line, from the spaces before its `#` to the
    /// line's end (`  # first time at this dose`); nil when there is none.
    public var comment: String? {
        guard let first = comments.first, first.line == lines.lowerBound else { return nil }
        return first.text
    }
}

/// A `# …` comment inside a front-matter entry.
public struct FrontMatterComment: Sendable, Hashable {
    /// Index of its line in the document's lines.
    public var line: Int
    /// After a value: from the spaces before `#` to the line's end. On a line of its own: the
    /// whole line, its indentation included.
    public var text: String
    /// Whether the comment is the whole line.
    public var ownLine: Bool
}

/// The YAML between the `---` fences: entries in file order; comments and blank lines are the
/// document lines that no entry covers, and the comments inside an entry (`FrontMatterEntry.comments`).
public struct FrontMatter: Sendable, Hashable {
    /// Index of the opening `---` line.
    public var openingLine: Int
    /// Index of the closing `---` (or `...`) line.
    public var closingLine: Int
    public var entries: [FrontMatterEntry]

    /// The first entry of `key`; a linear search, for the few lookups of one edit.
    public func entry(_ key: String) -> FrontMatterEntry? {
        entries.first { $0.key == key }
    }

    public subscript(key: String) -> YAMLValue? {
        entry(key)?.value
    }
}
