import Foundation

/// What the user typed to search, turned into an FTS5 query that cannot be a syntax error.
///
/// Words must all appear (`calm ocean`); `"a phrase"` must appear as written; `creat*` matches
/// word beginnings; `OR` between two terms accepts either; `links:2025-01-10` keeps the records
/// that link to what the name names (a day, a file name, a client, `client/goal`: see
/// `RecordLinkResolver`). Matching ignores case and accents.
public struct SearchQuery: Sendable {
    public let text: String
    /// What `links:` terms name, as written (`2025-01-10`, `maya-t`): a hit links to each.
    public private(set) var linkTargets: [String] = []
    /// Whether the query has words or phrases to look for, besides `links:`.
    public var hasWords: Bool { !parts.isEmpty }
    /// The words and phrases, for finding and marking the lines that match.
    public private(set) var terms: [SearchTerm] = []
    private var parts: [String] = []

    public init(_ text: String) throws(VaultError) {
        self.text = text
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c.isWhitespace {
                index = text.index(after: index)
                continue
            }
            if c == "\"" {
                let start = text.index(after: index)
                let end = text[start...].firstIndex(of: "\"") ?? text.endIndex
                let phrase = SearchQuery.words(String(text[start..<end]))
                if !phrase.isEmpty {
                    parts.append("\"" + phrase.joined(separator: " ") + "\"")
                    terms.append(SearchTerm(words: phrase))
                }
                index = end < text.endIndex ? text.index(after: end) : end
                continue
            }
            var end = index
            while end < text.endIndex, !text[end].isWhitespace, text[end] != "\"" { end = text.index(after: end) }
            let token = String(text[index..<end])
            index = end
            if token.lowercased().hasPrefix("links:") {
                let target = token.dropFirst(6).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                if !target.isEmpty { linkTargets.append(target) }
                continue
            }
            if token == "OR", !parts.isEmpty, parts.last != "OR" {
                parts.append("OR")
                continue
            }
            // A word with signs inside (`don't`, `e-mail`) is its words one after the other, as
            // the index reads them: a phrase.
            let prefix = token.hasSuffix("*")
            let words = SearchQuery.words(token)
            guard !words.isEmpty else { continue }
            parts.append("\"" + words.joined(separator: " ") + "\"" + (prefix ? "*" : ""))
            terms.append(SearchTerm(words: words, prefix: prefix))
        }
        while parts.last == "OR" { parts.removeLast() }
        guard !parts.isEmpty || !linkTargets.isEmpty else {
            throw VaultError(.invalid, "the search \(quoted(text)) has no words to look for")
        }
    }

    /// Letters and digits; everything else separates words, as the index's tokenizer does.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// The FTS5 query, limited to `columns` when given.
    func ftsQuery(columns: [String] = []) -> String {
        let body = parts.joined(separator: " ")
        return columns.isEmpty ? body : "{\(columns.joined(separator: " "))} : (\(body))"
    }
}
