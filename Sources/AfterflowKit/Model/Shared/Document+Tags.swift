/// Where a document's `tags` name a tag: what an editor's rename of a tag goes through.
extension Document {
    /// The `tags` items equal to `tag` (ignoring case, as `--tag` finds them): where each
    /// item's text starts (1-based line, UTF-8 column, inside its quotes when quoted) and its
    /// length in UTF-8 bytes.
    public func tagMentions(_ tag: String) -> [(location: SourceLocation, length: Int)] {
        guard let entry = frontMatter?.entries.last(where: { $0.key == "tags" }) else { return [] }
        let items: [YAMLScalar]
        switch entry.value {
        case .null: items = []
        case .scalar(let scalar): items = [scalar]
        case .list(let list, _): items = list
        }
        return items.filter { $0.text.lowercased() == tag.lowercased() && !$0.text.isEmpty }.map { item in
            let column = item.location.column + (item.style == .plain ? 0 : 1)
            return (SourceLocation(line: item.location.line, column: column), item.text.utf8.count)
        }
    }
}
