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
}

/// The YAML between the `---` fences: entries in file order; comments and blank lines are the
/// document lines that no entry covers.
public struct FrontMatter: Sendable, Hashable {
    /// Index of the opening `---` line.
    public var openingLine: Int
    /// Index of the closing `---` (or `...`) line.
    public var closingLine: Int
    public var entries: [FrontMatterEntry]

    public func entry(_ key: String) -> FrontMatterEntry? {
        entries.first { $0.key == key }
    }

    public subscript(key: String) -> YAMLValue? {
        entry(key)?.value
    }
}
