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
        var edited = Document(bytes: out)
        edited.edits = edits + [LineEdit(range: range, count: newLines.count)]
        return edited
    }

    /// Sets a front-matter key to already-rendered YAML lines (`key: value`, or `key:` and items).
    ///
    /// An existing key is replaced where it stands, its comments kept (see
    /// `keepingComments(of:in:)`); a new key goes after the last present key that precedes it in
    /// `order`, or first when none does. Nil removes the key and leaves its comments as lines.
    public func settingFrontMatter(_ key: String, to rendered: [String]?, order: [String]) -> Document {
        guard let frontMatter else {
            guard let rendered else { return self }
            return replacingLines(0..<0, with: ["---"] + rendered + ["---"])
        }
        if let entry = frontMatter.entry(key) {
            let lines = keepingComments(of: entry, in: rendered ?? [])
            if lines.elementsEqual(entry.lines.map { text(ofLine: $0) }) { return self }
            return replacingLines(entry.lines, with: lines)
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

    /// The lines that replace `entry`: `rendered` with the entry's comments kept.
    ///
    /// The comment after the value on the key's line goes after the first rendered line, with the
    /// spaces before its `#` as written. A comment after a line that `rendered` still has (a list
    /// item that stays) stays on it, and a comment line stays before the line it preceded. Any
    /// other comment becomes a line of its own above the key, where `fmt` keeps it with the key;
    /// with nothing rendered (the key removed) every comment becomes a line in the key's place.
    public func keepingComments(of entry: FrontMatterEntry, in rendered: [String]) -> [String] {
        guard !entry.comments.isEmpty else { return rendered }
        var kept = rendered
        var before: [Int: [String]] = [:]  // comment lines to write before kept[index]
        var loose: [String] = []
        var pending: [String] = []  // comment lines waiting for the line they precede
        var next = 1  // rendered lines are matched in order, after the key's line
        func looseLine(_ comment: String) -> String {
            var text = Substring(comment)
            while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
            return String(text)
        }
        var comments = entry.comments[...]
        if let first = comments.first, first.line == entry.lines.lowerBound, !first.ownLine {
            if kept.isEmpty { loose.append(looseLine(first.text)) } else { kept[0] += first.text }
            comments = comments.dropFirst()
        }
        var commentAt: [Int: FrontMatterComment] = [:]
        for comment in comments { commentAt[comment.line] = comment }
        for index in entry.lines.dropFirst() {
            if let comment = commentAt[index], comment.ownLine {
                pending.append(comment.text)
                continue
            }
            if isBlank(index) { continue }
            let line = text(ofLine: index)
            let comment = commentAt[index]
            let content = comment.map { String(line.utf8.dropLast($0.text.utf8.count)) ?? line } ?? line
            if let match = kept.indices.dropFirst(next).first(where: { kept[$0] == content }) {
                before[match, default: []] += pending
                if let comment { kept[match] += comment.text }
                next = match + 1
            } else {
                loose += pending.map(looseLine)
                if let comment { loose.append(looseLine(comment.text)) }
            }
            pending = []
        }
        loose += pending.map(looseLine)
        var out = loose
        for (index, line) in kept.enumerated() {
            out += before[index] ?? []
            out.append(line)
        }
        return out
    }
}
