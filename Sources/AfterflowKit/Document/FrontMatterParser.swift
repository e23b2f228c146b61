/// Reads the YAML subset of front matter, a byte at a time, into entries with source locations.
///
/// Accepted: top-level `key: value` pairs whose values are plain, single- or double-quoted scalars,
/// `|` and `>` block scalars, flow lists `[a, b]` and block lists of scalars. Anything else
/// (nested mappings, anchors, tags, multi-line quoted strings) is an error with its location.
struct FrontMatterParser {
    let bytes: [UInt8]
    let lines: [SourceLine]
    /// Added to line indexes to make 1-based line numbers (lines may start after the opening fence).
    let lineNumberBase: Int

    private(set) var entries: [FrontMatterEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The line index of each key's first entry, for finding duplicates.
    private var firstLineOfKey: [String: Int] = [:]
    /// The comments met while reading the current entry: line index and the offset of the `#`.
    private var commentsSeen: [(line: Int, hash: Int)] = []

    init(bytes: [UInt8], lines: [SourceLine], lineNumberBase: Int = 1) {
        self.bytes = bytes
        self.lines = lines
        self.lineNumberBase = lineNumberBase
    }

    /// Parses `lines[range]` as a block mapping.
    mutating func parse(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let line = lines[index]
            let indent = indentation(of: line)
            if let tab = indent.tabOffset {
                error("tabs cannot indent YAML; use spaces", at: index, offset: tab)
                index += 1
                continue
            }
            let first = line.start + indent.count
            if first >= line.end || bytes[first] == UInt8(ascii: "#") {
                index += 1
                continue
            }
            if indent.count == 0, let marker = conflictMarker(line) {
                // A conflict git (or afterflow merge-driver) left: one error for the whole block,
                // whose lines are not read as keys.
                if marker == UInt8(ascii: "<") {
                    error(Document.conflictMessage, at: index, offset: first)
                    var end = index + 1
                    while end < range.upperBound, conflictMarker(lines[end]) != UInt8(ascii: ">") { end += 1 }
                    index = end < range.upperBound ? end + 1 : index + 1
                } else {
                    error("a merge conflict marker without its '<<<<<<<' line; delete it", at: index, offset: first)
                    index += 1
                }
                continue
            }
            if indent.count > 0 {
                error("unexpected indentation; top-level keys start at the beginning of the line", at: index, offset: first)
                index += 1
                continue
            }
            guard let entry = parseEntry(startingAt: index, limit: range.upperBound) else {
                index += 1
                continue
            }
            // Hashed, so that a front matter of 100,000 keys is checked in linear time.
            if let first = firstLineOfKey[entry.key] {
                diagnostics.append(.error(
                    "duplicate key '\(entry.key)'; it is already set on line \(first + lineNumberBase)",
                    at: entry.keyLocation))
            } else {
                firstLineOfKey[entry.key] = entry.lines.lowerBound
            }
            entries.append(entry)
            index = entry.lines.upperBound
        }
    }

    /// `<`, `=` or `>` for a line that is a merge conflict marker: seven of them, then the line's
    /// end or a space and a label (`=======` alone).
    private func conflictMarker(_ line: SourceLine) -> UInt8? {
        guard line.end - line.start >= 7 else { return nil }
        let c = bytes[line.start]
        guard c == UInt8(ascii: "<") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">") else { return nil }
        for p in line.start..<(line.start + 7) where bytes[p] != c { return nil }
        if line.end - line.start == 7 { return c }
        return c != UInt8(ascii: "=") && bytes[line.start + 7] == 0x20 ? c : nil
    }

    // MARK: - Entries

    /// Reads the entry at `index` and attaches the comments inside its lines.
    private mutating func parseEntry(startingAt index: Int, limit: Int) -> FrontMatterEntry? {
        commentsSeen.removeAll(keepingCapacity: true)
        guard var entry = parseEntryValue(startingAt: index, limit: limit) else { return nil }
        for seen in commentsSeen where entry.lines.contains(seen.line) {
            let line = lines[seen.line]
            let ownLine = indentation(of: line).count == seen.hash - line.start
            if ownLine {
                entry.comments.append(FrontMatterComment(line: seen.line, text: string(line.start, line.end), ownLine: true))
            } else {
                // From the spaces before the '#': a comment always has some.
                var start = seen.hash
                while start > line.start && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
                entry.comments.append(FrontMatterComment(line: seen.line, text: string(start, line.end), ownLine: false))
            }
        }
        return entry
    }

    private mutating func parseEntryValue(startingAt index: Int, limit: Int) -> FrontMatterEntry? {
        let line = lines[index]
        let c = bytes[line.start]
        switch c {
        case UInt8(ascii: "-"):
            error("expected 'key: value', found a list item with no key", at: index, offset: line.start)
            return nil
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            error("quoted keys are not supported; write the key without quotes", at: index, offset: line.start)
            return nil
        case UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            error("expected a key at the start of the line, found '\(Character(UnicodeScalar(c)))'", at: index, offset: line.start)
            return nil
        default:
            break
        }
        // The key runs to the first ':' that is followed by a space, a tab or the line's end.
        var colon = -1
        var p = line.start
        while p < line.end {
            if bytes[p] == UInt8(ascii: ":") && (p + 1 == line.end || bytes[p + 1] == 0x20 || bytes[p + 1] == 0x09) {
                colon = p
                break
            }
            p += 1
        }
        guard colon >= 0 else {
            error("expected 'key: value'; this line has no ':' after a key", at: index, offset: line.start)
            return nil
        }
        var keyEnd = colon
        while keyEnd > line.start && (bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09) { keyEnd -= 1 }
        let key = string(line.start, keyEnd)
        let keyLocation = location(index, line.start)

        var valueStart = colon + 1
        while valueStart < line.end && (bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09) { valueStart += 1 }

        var entry = FrontMatterEntry(
            key: key, value: .null, keyLocation: keyLocation,
            valueLocation: location(index, valueStart), lines: index..<(index + 1), blockIndent: nil)

        if valueStart >= line.end || bytes[valueStart] == UInt8(ascii: "#") {
            if valueStart < line.end { commentsSeen.append((index, valueStart)) }
            parseIndentedValue(into: &entry, keyLine: index, limit: limit)
            return entry
        }
        switch bytes[valueStart] {
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            parseBlockScalar(into: &entry, keyLine: index, headerAt: valueStart, limit: limit)
        case UInt8(ascii: "["):
            if let items = parseFlowList(line: index, from: valueStart) {
                entry.value = .list(items, flow: true)
            }
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            if let scalar = parseQuoted(line: index, from: valueStart) {
                entry.value = .scalar(scalar)
            }
        default:
            if let scalar = parsePlain(line: index, from: valueStart, firstOfValue: true) {
                entry.value = .scalar(scalar)
                foldPlainContinuation(into: &entry, limit: limit)
            }
        }
        return entry
    }

    /// After `key:` with nothing on the line: a block list, a plain scalar on the next lines, or null.
    private mutating func parseIndentedValue(into entry: inout FrontMatterEntry, keyLine: Int, limit: Int) {
        var index = keyLine + 1
        var items: [YAMLScalar] = []
        var itemIndent: Int?
        var lastContent = keyLine
        while index < limit {
            let line = lines[index]
            let indent = indentation(of: line)
            let first = line.start + indent.count
            if first >= line.end || bytes[first] == UInt8(ascii: "#") {
                if first < line.end { commentsSeen.append((index, first)) }
                index += 1
                continue
            }
            let isItem = bytes[first] == UInt8(ascii: "-") && (first + 1 == line.end || bytes[first + 1] == 0x20)
            if indent.count == 0 && !isItem { break }
            if let tab = indent.tabOffset {
                error("tabs cannot indent YAML; use spaces", at: index, offset: tab)
                lastContent = index
                index += 1
                continue
            }
            if isItem {
                if itemIndent == nil {
                    itemIndent = indent.count
                    entry.blockIndent = string(line.start, first)
                } else if itemIndent != indent.count {
                    error("list items must line up; expected \(itemIndent ?? 0) spaces before '-', found \(indent.count)", at: index, offset: first)
                }
                var valueStart = first + 1
                while valueStart < line.end && bytes[valueStart] == 0x20 { valueStart += 1 }
                if valueStart >= line.end || bytes[valueStart] == UInt8(ascii: "#") {
                    error("empty list item; write a value after '-' or remove the line", at: index, offset: first)
                } else if let item = parseListItem(line: index, from: valueStart) {
                    items.append(item)
                }
                lastContent = index
                index += 1
                continue
            }
            if itemIndent != nil {
                error("expected a list item starting with '- ', found more text", at: index, offset: first)
                lastContent = index
                index += 1
                continue
            }
            if looksLikeMappingKey(line: line, from: first) {
                error("nested keys are not supported; '\(entry.key)' must hold a value or a list, not other keys", at: index, offset: first)
                lastContent = index
                index += 1
                continue
            }
            // `key:` followed by an indented plain scalar.
            if let scalar = parsePlain(line: index, from: first, firstOfValue: true) {
                entry.value = .scalar(scalar)
                entry.valueLocation = scalar.location
                entry.lines = keyLine..<(index + 1)
                foldPlainContinuation(into: &entry, limit: limit)
                return
            }
            lastContent = index
            index += 1
        }
        if itemIndent != nil {
            entry.value = .list(items, flow: false)
        }
        entry.lines = keyLine..<(lastContent + 1)
    }

    private mutating func parseListItem(line index: Int, from start: Int) -> YAMLScalar? {
        let c = bytes[start]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            return parseQuoted(line: index, from: start)
        }
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") || (c == UInt8(ascii: "-") && start + 1 < lines[index].end && bytes[start + 1] == 0x20) {
            error("nested lists are not supported; each item must be a single value", at: index, offset: start)
            return nil
        }
        if looksLikeMappingKey(line: lines[index], from: start) {
            error("list items must be single values, not 'key: value' pairs", at: index, offset: start)
            return nil
        }
        return parsePlain(line: index, from: start, firstOfValue: true)
    }

    /// Plain scalars may continue on more-indented lines; YAML folds them with spaces. A comment
    /// ends a plain scalar: a more-indented line of text after one (`two # note` then `  three`,
    /// or a comment line between) is not YAML, and is an error rather than more of the value.
    private mutating func foldPlainContinuation(into entry: inout FrontMatterEntry, limit: Int) {
        guard case .scalar(var scalar) = entry.value, scalar.style == .plain else { return }
        var index = entry.lines.upperBound
        var pendingBlank = 0
        var last = entry.lines.upperBound - 1
        var commentLine = commentsSeen.last.flatMap { $0.line == last ? last : nil }
        while index < limit {
            let line = lines[index]
            let indent = indentation(of: line)
            let first = line.start + indent.count
            if first >= line.end {
                pendingBlank += 1
                index += 1
                continue
            }
            if indent.count == 0 { break }
            if bytes[first] == UInt8(ascii: "#") {
                // Inside the entry only when text follows, which is then an error.
                guard continuesAfterComment(from: index + 1, limit: limit) else { break }
                commentsSeen.append((index, first))
                commentLine = index
                last = index
                index += 1
                continue
            }
            if looksLikeMappingKey(line: line, from: first) {
                error("this key is indented, so YAML reads it as inside '\(entry.key)', which already has a value; start it at the beginning of the line", at: index, offset: first)
                last = index
                index += 1
                continue
            }
            if let commentLine {
                error("a plain value cannot go on after the comment on line \(commentLine + lineNumberBase); put the whole value in quotes, or write it as a '|' block", at: index, offset: first)
                last = index
                index += 1
                continue
            }
            let commentsBefore = commentsSeen.count
            guard let more = parsePlain(line: index, from: first, firstOfValue: false) else {
                last = index
                index += 1
                continue
            }
            if commentsSeen.count > commentsBefore { commentLine = index }
            scalar.text += pendingBlank == 0 ? " " : String(repeating: "\n", count: pendingBlank)
            scalar.text += more.text
            pendingBlank = 0
            last = index
            index += 1
        }
        entry.value = .scalar(scalar)
        entry.lines = entry.lines.lowerBound..<(last + 1)
    }

    /// Whether, after comment and blank lines from `index`, the next line is indented text (which
    /// would be a plain scalar going on after a comment).
    private func continuesAfterComment(from start: Int, limit: Int) -> Bool {
        var index = start
        while index < limit {
            let line = lines[index]
            let indent = indentation(of: line)
            let first = line.start + indent.count
            if first >= line.end || bytes[first] == UInt8(ascii: "#") {
                index += 1
                continue
            }
            return indent.count > 0
        }
        return false
    }

    // MARK: - Scalars

    private mutating func parsePlain(line index: Int, from start: Int, firstOfValue: Bool, flow: Bool = false) -> YAMLScalar? {
        let line = lines[index]
        let c = bytes[start]
        if firstOfValue {
            switch c {
            case UInt8(ascii: "{"):
                error("values in braces are not supported; write one key per line", at: index, offset: start)
                return nil
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                error("YAML anchors, aliases and tags are not supported; put the value in quotes if '\(Character(UnicodeScalar(c)))' is part of it", at: index, offset: start)
                return nil
            case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
                error("a value cannot start with '\(Character(UnicodeScalar(c)))' unless it is quoted", at: index, offset: start)
                return nil
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                if start + 1 == line.end || bytes[start + 1] == 0x20 {
                    error("a value cannot start with '\(Character(UnicodeScalar(c))) ' unless it is quoted", at: index, offset: start)
                    return nil
                }
            default:
                break
            }
        }
        // Ends at ' #' (a comment) or the line's end; ': ' inside is not allowed in YAML.
        var end = line.end
        var p = start
        while p < line.end {
            let b = bytes[p]
            if b == UInt8(ascii: "#") && p > start && (bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09) {
                end = p
                commentsSeen.append((index, p))
                break
            }
            if b == UInt8(ascii: ":") && (p + 1 == line.end || bytes[p + 1] == 0x20 || bytes[p + 1] == 0x09) {
                error("a plain value cannot contain ': '; put the value in quotes", at: index, offset: p)
                return nil
            }
            p += 1
        }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return YAMLScalar(string(start, end), style: .plain, location: location(index, start))
    }

    /// A single- or double-quoted scalar that must end on its line; only a comment may follow it.
    private mutating func parseQuoted(line index: Int, from start: Int) -> YAMLScalar? {
        guard let (scalar, after) = readQuoted(line: index, from: start) else { return nil }
        let line = lines[index]
        var p = after
        while p < line.end && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 }
        if p < line.end && !(bytes[p] == UInt8(ascii: "#") && p > after) {
            error("unexpected text after the closing quote", at: index, offset: p)
            return nil
        }
        if p < line.end { commentsSeen.append((index, p)) }
        return scalar
    }

    /// Reads a quoted scalar; returns it and the offset after its closing quote.
    private mutating func readQuoted(line index: Int, from start: Int) -> (YAMLScalar, Int)? {
        let line = lines[index]
        let quote = bytes[start]
        var out: [UInt8] = []
        var p = start + 1
        if quote == UInt8(ascii: "'") {
            while p < line.end {
                if bytes[p] == quote {
                    if p + 1 < line.end && bytes[p + 1] == quote {
                        out.append(quote)
                        p += 2
                        continue
                    }
                    return (YAMLScalar(String(decoding: out, as: UTF8.self), style: .singleQuoted, location: location(index, start)), p + 1)
                }
                out.append(bytes[p])
                p += 1
            }
        } else {
            while p < line.end {
                let b = bytes[p]
                if b == quote {
                    return (YAMLScalar(String(decoding: out, as: UTF8.self), style: .doubleQuoted, location: location(index, start)), p + 1)
                }
                if b == UInt8(ascii: "\\") {
                    guard p + 1 < line.end else { break }
                    guard let consumed = unescape(at: p + 1, lineEnd: line.end, into: &out) else {
                        error("unknown escape '\\\(Character(UnicodeScalar(bytes[p + 1])))' in a double-quoted value", at: index, offset: p)
                        return nil
                    }
                    p += 1 + consumed
                    continue
                }
                out.append(b)
                p += 1
            }
        }
        error("a quoted value must end on the same line; add the closing \(quote == UInt8(ascii: "'") ? "'" : "\"") or use '|' for text over several lines", at: index, offset: start)
        return nil
    }

    /// Decodes the escape whose letter is at `p`; returns how many bytes it used, or nil.
    func unescape(at p: Int, lineEnd: Int, into out: inout [UInt8]) -> Int? {
        func append(_ scalar: UnicodeScalar) { out.append(contentsOf: Array(String(scalar).utf8)) }
        switch bytes[p] {
        case UInt8(ascii: "0"): out.append(0)
        case UInt8(ascii: "a"): out.append(7)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "t"), 0x09: out.append(9)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "v"): out.append(11)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "e"): out.append(27)
        case 0x20: out.append(0x20)
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "N"): append("\u{85}")
        case UInt8(ascii: "_"): append("\u{A0}")
        case UInt8(ascii: "L"): append("\u{2028}")
        case UInt8(ascii: "P"): append("\u{2029}")
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            let width = bytes[p] == UInt8(ascii: "x") ? 2 : bytes[p] == UInt8(ascii: "u") ? 4 : 8
            guard p + width < lineEnd else { return nil }
            var value: UInt32 = 0
            for i in 1...width {
                guard let digit = hexValue(bytes[p + i]) else { return nil }
                value = value * 16 + UInt32(digit)
            }
            guard let scalar = UnicodeScalar(value) else { return nil }
            append(scalar)
            return 1 + width
        default:
            return nil
        }
        return 1
    }

    private mutating func parseFlowList(line index: Int, from start: Int) -> [YAMLScalar]? {
        let line = lines[index]
        var items: [YAMLScalar] = []
        var p = start + 1
        func skipSpaces() { while p < line.end && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 } }
        skipSpaces()
        if p < line.end && bytes[p] == UInt8(ascii: "]") {
            return trailingAfterFlow(line: index, from: p + 1) ? [] : nil
        }
        while p < line.end {
            skipSpaces()
            guard p < line.end else { break }
            let c = bytes[p]
            if c == UInt8(ascii: "]") {
                // `[a, b, ]`: YAML allows a comma before the closing bracket.
                return trailingAfterFlow(line: index, from: p + 1) ? items : nil
            }
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                error("nested lists and braces are not supported inside '[...]'", at: index, offset: p)
                return nil
            }
            if c == UInt8(ascii: ",") {
                error("empty item in a list; remove the extra ','", at: index, offset: p)
                return nil
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let (scalar, after) = readQuoted(line: index, from: p) else { return nil }
                items.append(scalar)
                p = after
            } else {
                let itemStart = p
                while p < line.end && bytes[p] != UInt8(ascii: ",") && bytes[p] != UInt8(ascii: "]") {
                    let b = bytes[p]
                    if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") {
                        error("unexpected '\(Character(UnicodeScalar(b)))' in a list item; put the item in quotes", at: index, offset: p)
                        return nil
                    }
                    if b == UInt8(ascii: "#") && (bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09) {
                        error("a list in brackets must close on the same line", at: index, offset: start)
                        return nil
                    }
                    if b == UInt8(ascii: ":") && p + 1 < line.end && bytes[p + 1] == 0x20 {
                        error("list items must be single values; put an item containing ': ' in quotes", at: index, offset: p)
                        return nil
                    }
                    p += 1
                }
                var end = p
                while end > itemStart && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
                items.append(YAMLScalar(string(itemStart, end), style: .plain, location: location(index, itemStart)))
            }
            skipSpaces()
            guard p < line.end else { break }
            if bytes[p] == UInt8(ascii: ",") {
                p += 1
            } else if bytes[p] != UInt8(ascii: "]") {
                error("expected ',' or ']' in the list", at: index, offset: p)
                return nil
            }
        }
        error("a list in brackets must close on the same line; add ']'", at: index, offset: start)
        return nil
    }

    private mutating func trailingAfterFlow(line index: Int, from start: Int) -> Bool {
        let line = lines[index]
        var p = start
        while p < line.end && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 }
        if p < line.end && !(bytes[p] == UInt8(ascii: "#") && p > start) {
            error("unexpected text after ']'", at: index, offset: p)
            return false
        }
        if p < line.end { commentsSeen.append((index, p)) }
        return true
    }

    // MARK: - Block scalars

    private mutating func parseBlockScalar(into entry: inout FrontMatterEntry, keyLine: Int, headerAt start: Int, limit: Int) {
        let folded = bytes[start] == UInt8(ascii: ">")
        guard let (chomp, explicitIndent) = parseBlockHeader(keyLine: keyLine, headerAt: start, folded: folded) else { return }
        let (rawLines, index, lastContent) = blockLines(after: keyLine, indent: explicitIndent, limit: limit)
        var texts = rawLines.map { Substring($0) }
        // Trailing blank lines belong to the value only for chomping.
        var trailingBlank = 0
        while let last = texts.last, last.isEmpty {
            texts.removeLast()
            trailingBlank += 1
        }
        var out = folded ? FrontMatterParser.fold(texts) : texts.joined(separator: "\n")
        if !texts.isEmpty {
            switch chomp {
            case UInt8(ascii: "-"): break
            case UInt8(ascii: "+"): out += String(repeating: "\n", count: 1 + trailingBlank)
            default: out += "\n"
            }
        }
        entry.value = .scalar(YAMLScalar(out, style: folded ? .folded : .literal, location: location(keyLine, start)))
        // Kept trailing blank lines are part of the value, so they are part of the entry's lines
        // (an edit or `fmt` that drops them would change the value).
        let keepsBlanks = chomp == UInt8(ascii: "+") && !texts.isEmpty
        entry.lines = keyLine..<(keepsBlanks ? index : lastContent + 1)
    }

    /// Reads a block scalar's header (`|`, `>-`, `|2+`, …, then a comment at most): its chomping
    /// (0 clip, '-' strip, '+' keep) and explicit indentation (0 when none), or nil after an error.
    private mutating func parseBlockHeader(keyLine: Int, headerAt start: Int, folded: Bool) -> (chomp: UInt8, indent: Int)? {
        let line = lines[keyLine]
        var chomp: UInt8 = 0
        var explicitIndent = 0
        var p = start + 1
        while p < line.end, bytes[p] != 0x20, bytes[p] != 0x09 {
            let b = bytes[p]
            if (b == UInt8(ascii: "-") || b == UInt8(ascii: "+")) && chomp == 0 {
                chomp = b
            } else if b >= UInt8(ascii: "1") && b <= UInt8(ascii: "9") && explicitIndent == 0 {
                explicitIndent = Int(b - UInt8(ascii: "0"))
            } else {
                error("expected '|' or '>' optionally followed by '-', '+' or an indentation digit", at: keyLine, offset: p)
                return nil
            }
            p += 1
        }
        while p < line.end && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 }
        if p < line.end && bytes[p] != UInt8(ascii: "#") {
            error("text cannot follow '\(folded ? ">" : "|")' on the same line; start it on the next line", at: keyLine, offset: p)
            return nil
        }
        if p < line.end { commentsSeen.append((keyLine, p)) }
        return (chomp, explicitIndent)
    }

    /// The lines of a block scalar after its key's line, its indentation removed ("" for a blank
    /// line), with the index of the first line after them and of the last line with content.
    private func blockLines(after keyLine: Int, indent explicitIndent: Int, limit: Int) -> (lines: [String], end: Int, lastContent: Int) {
        var contentIndent = explicitIndent
        var index = keyLine + 1
        var lastContent = keyLine
        var rawLines: [String] = []
        while index < limit {
            let l = lines[index]
            var spaces = 0
            while l.start + spaces < l.end && bytes[l.start + spaces] == 0x20 { spaces += 1 }
            var blank = l.start + spaces >= l.end
            if !blank {
                if contentIndent == 0 {
                    guard spaces > 0 else { break }
                    contentIndent = spaces
                } else if spaces < contentIndent {
                    break
                }
            } else if contentIndent > 0 && spaces > contentIndent {
                // A line of spaces only, more than the block's indentation: YAML keeps the spaces
                // beyond it as the line's content.
                blank = false
            }
            rawLines.append(blank ? "" : string(l.start + contentIndent, l.end))
            if !blank { lastContent = index }
            index += 1
        }
        return (rawLines, index, lastContent)
    }

    /// A folded block's lines joined as YAML folds them: a single line break becomes a space,
    /// except around more-indented lines; blank lines are kept as line breaks.
    private static func fold(_ texts: [Substring]) -> String {
        var out = ""
        var lastWasText = false
        var pendingBreaks = 0
        var previousMore = false
        for text in texts {
            if text.isEmpty {
                pendingBreaks += 1
                continue
            }
            let more = text.first == " " || text.first == "\t"
            if lastWasText {
                if pendingBreaks == 0 {
                    out += (more || previousMore) ? "\n" : " "
                } else {
                    out += String(repeating: "\n", count: pendingBreaks + ((more || previousMore) ? 1 : 0))
                }
            } else if pendingBreaks > 0 {
                out += String(repeating: "\n", count: pendingBreaks)
            }
            out += text
            lastWasText = true
            pendingBreaks = 0
            previousMore = more
        }
        return out
    }

    // MARK: - Helpers

    private struct Indentation {
        var count: Int
        var tabOffset: Int?
    }

    private func indentation(of line: SourceLine) -> Indentation {
        var p = line.start
        var tab: Int?
        while p < line.end {
            let b = bytes[p]
            if b == 0x20 {
                p += 1
            } else if b == 0x09 {
                if tab == nil { tab = p }
                p += 1
            } else {
                break
            }
        }
        // A line of only whitespace is blank, whatever it is made of.
        if p >= line.end { return Indentation(count: p - line.start, tabOffset: nil) }
        return Indentation(count: p - line.start, tabOffset: tab)
    }

    private func looksLikeMappingKey(line: SourceLine, from start: Int) -> Bool {
        let c = bytes[start]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return false }
        var p = start
        while p < line.end {
            let b = bytes[p]
            if b == UInt8(ascii: "#") && p > start && bytes[p - 1] == 0x20 { return false }
            if b == UInt8(ascii: ":") && (p + 1 == line.end || bytes[p + 1] == 0x20) { return true }
            p += 1
        }
        return false
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func location(_ index: Int, _ offset: Int) -> SourceLocation {
        SourceLocation(line: index + lineNumberBase, column: offset - lines[index].start + 1)
    }

    private mutating func error(_ message: String, at index: Int, offset: Int) {
        diagnostics.append(.error(message, at: location(index, offset)))
    }
}

func hexValue(_ b: UInt8) -> Int? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A") + 10)
    default: return nil
    }
}
