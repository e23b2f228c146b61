/// Line-level edits: each returns a new document whose bytes differ only in the lines replaced.
extension Document {
    /// Replaces `lines[range]` with `newLines`, each written with the document's own line ending.
    public func replacingLines(_ range: Range<Int>, with newLines: [String]) -> Document {
        let ending = lineEnding.bytes
        let startOffset = range.lowerBound < lines.count ? lines[range.lowerBound].start : bytes.count
        let endOffset = range.upperBound < lines.count ? lines[range.upperBound].start : bytes.count
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + newLines.reduce(0) { $0 + $1.utf8.count + 2 })
        out.append(contentsOf: bytes[0..<startOffset])
        // Inserting after a last line that has no terminator: end that line first.
        if startOffset == bytes.count, let last = lines.last, !last.isTerminated, !newLines.isEmpty {
            out.append(contentsOf: ending)
        }
        for line in newLines {
            out.append(contentsOf: line.utf8)
            out.append(contentsOf: ending)
        }
        out.append(contentsOf: bytes[endOffset...])
        return Document(bytes: out)
    }

    /// Sets a front-matter key to already-rendered YAML lines (`key: value`, or `key:` and items).
    ///
    /// An existing key is replaced where it stands; a new key goes after the last present key
    /// that precedes it in `order`, or first when none does. Nil removes the key.
    public func settingFrontMatter(_ key: String, to rendered: [String]?, order: [String]) -> Document {
        guard let frontMatter else {
            guard let rendered else { return self }
            return replacingLines(0..<0, with: ["---"] + rendered + ["---"])
        }
        if let entry = frontMatter.entry(key) {
            return replacingLines(entry.lines, with: rendered ?? [])
        }
        guard let rendered else { return self }
        // Ranks by name, hashed once: a front matter may hold many thousands of keys.
        var ranks: [String: Int] = [:]
        for (rank, name) in order.enumerated() where ranks[name] == nil { ranks[name] = rank }
        let position = ranks[key] ?? order.count
        var insertAt = frontMatter.openingLine + 1
        var best = -1
        for entry in frontMatter.entries {
            let rank = ranks[entry.key] ?? Int.max
            if rank < position && rank >= best {
                best = rank
                insertAt = entry.lines.upperBound
            }
        }
        if best < 0 && position == order.count, let last = frontMatter.entries.last {
            insertAt = last.lines.upperBound
        }
        return replacingLines(insertAt..<insertAt, with: rendered)
    }

    /// Sets the text of the `## title` section, creating the section in its place in `order` when
    /// it is missing; every other line of the body stays as it is.
    public func settingSection(_ title: String, text: String, order: [String]) -> Document {
        let textLines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let section = section(title) {
            let atEnd = section.content.upperBound >= lines.count
            var replacement: [String] = []
            if !textLines.isEmpty {
                replacement = [""] + textLines
                if !atEnd { replacement.append("") }
            } else if !atEnd {
                replacement = [""]
            }
            return replacingLines(section.content, with: replacement)
        }
        if textLines.isEmpty && order.firstIndex(where: { $0.caseInsensitiveEquals(title) }) == nil { return self }
        let rank = order.firstIndex { $0.caseInsensitiveEquals(title) } ?? order.count
        let later = headings.first { heading in
            heading.level == 2 && (order.firstIndex { $0.caseInsensitiveEquals(heading.title) } ?? -1) > rank
        }
        let body = textLines.isEmpty ? [] : textLines + [""]
        if let later {
            return replacingLines(later.line..<later.line, with: ["## \(title)", ""] + body)
        }
        // At the end: one blank line before the heading, none after the text.
        var block: [String] = []
        if let last = lines.indices.last, last >= bodyStartLine, !isBlank(last) { block.append("") }
        block += ["## \(title)", ""] + textLines
        return replacingLines(lines.count..<lines.count, with: block)
    }
}
