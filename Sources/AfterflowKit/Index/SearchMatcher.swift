/// One line of a session that a search matches: where it is and how it reads.
public struct SearchLine: Sendable, Hashable {
    /// The line in the file, 1-based.
    public var line: Int
    /// The section it is in: `intention`, `environment`, `music_notes` or `reflections`.
    public var section: String
    /// The line, or the part of a long line around its first match (`…` where it is cut); the
    /// matched words between `\u{1}` and `\u{2}`.
    public var snippet: String
    /// How many of the search's terms the line holds.
    public var termsMatched: Int

    public init(line: Int, section: String, snippet: String, termsMatched: Int) {
        self.line = line
        self.section = section
        self.snippet = snippet
        self.termsMatched = termsMatched
    }
}

/// Finds the lines of a session file that hold a search's words, in one pass over its sections:
/// the line printed for a hit is the line its snippet comes from.
public struct SearchMatcher: Sendable {
    public let terms: [SearchTerm]
    /// The most characters of a long line that a snippet keeps.
    public var width = 120

    public init(terms: [SearchTerm]) {
        self.terms = terms
    }

    /// Every line of the session's sections that holds at least one term, in file order. When no
    /// line holds a whole phrase (one that runs over a line break), lines holding its words count.
    public func lines(in document: Document) -> [SearchLine] {
        lines(in: document, sections: SessionSection.allCases.compactMap { section in
            document.section(section.rawValue).map { (section.fieldName, $0.content) }
        })
    }

    /// Every line of the named line ranges (`sections`: name and lines) that holds at least one
    /// term, in file order: for documents of other kinds.
    public func lines(in document: Document, sections: [(String, Range<Int>)]) -> [SearchLine] {
        let found = matchingLines(in: document, terms: terms, sections: sections)
        if !found.isEmpty || terms.allSatisfy({ $0.words.count == 1 }) { return found }
        let loose = terms.flatMap { term in term.words.enumerated().map { k, word in
            var single = SearchTerm(words: [], prefix: term.prefix && k == term.words.count - 1)
            single.words = [word]
            return single
        } }
        return SearchMatcher(terms: loose).matchingLines(in: document, terms: loose, sections: sections)
    }

    /// The line to show for a session: the one holding the most terms, the first of those.
    public func bestLine(in document: Document) -> SearchLine? {
        SearchMatcher.best(of: lines(in: document))
    }

    /// Of `lines` (in file order), the one holding the most terms, the first of those.
    public static func best(of lines: [SearchLine]) -> SearchLine? {
        var best: SearchLine?
        for line in lines where line.termsMatched > (best?.termsMatched ?? 0) { best = line }
        return best
    }

    private func matchingLines(in document: Document, terms: [SearchTerm], sections: [(String, Range<Int>)]) -> [SearchLine] {
        var found: [SearchLine] = []
        let sections = sections.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (name, lines) in sections {
            for index in lines {
                let text = document.text(ofLine: index)
                guard !text.isEmpty else { continue }
                let whole = Substring(text)
                let tokens = SearchTerm.tokens(whole)
                var marked: [Range<String.Index>] = []
                var matchedTerms = Set<Int>()
                var start = 0
                while start < tokens.count {
                    var longest = 0
                    for (n, term) in terms.enumerated() {
                        if let length = term.match(tokens, at: start) {
                            matchedTerms.insert(n)
                            longest = max(longest, length)
                        }
                    }
                    if longest > 0 {
                        marked.append(tokens[start].range.lowerBound..<tokens[start + longest - 1].range.upperBound)
                        start += longest
                    } else {
                        start += 1
                    }
                }
                guard !marked.isEmpty else { continue }
                found.append(SearchLine(line: index + 1, section: name, snippet: snippet(whole, marked: marked),
                                        termsMatched: matchedTerms.count))
            }
        }
        return found
    }

    /// The line with its matches marked, cut to about `width` characters around the first match.
    func snippet(_ line: Substring, marked: [Range<String.Index>]) -> String {
        var lower = line.startIndex
        var upper = line.endIndex
        while lower < upper, line[lower] == " " || line[lower] == "\t" { lower = line.index(after: lower) }
        if line[lower..<upper].count > width, let first = marked.first {
            // About a third of the width before the first match, the rest after it, cut at spaces.
            var start = line.index(first.lowerBound, offsetBy: -(width / 3), limitedBy: lower) ?? lower
            if start > lower, let space = line[start..<first.lowerBound].firstIndex(of: " ") { start = line.index(after: space) }
            var end = line.index(start, offsetBy: width, limitedBy: upper) ?? upper
            if end < upper, let space = line[first.upperBound..<end].lastIndex(of: " ") { end = space }
            if end < first.upperBound { end = first.upperBound }
            lower = start
            upper = end
        }
        var out = lower > line.startIndex && line[line.startIndex..<lower].contains(where: { $0 != " " && $0 != "\t" }) ? "…" : ""
        var cursor = lower
        for range in marked where range.lowerBound >= lower && range.upperBound <= upper {
            out += line[cursor..<range.lowerBound] + "\u{1}" + line[range] + "\u{2}"
            cursor = range.upperBound
        }
        out += line[cursor..<upper]
        if upper < line.endIndex { out += "…" }
        return out
    }
}
