import Foundation

/// One thing a search looks for: a word, a phrase of words that follow each other, or either
/// with its last word as a prefix (`creat*`). Words are folded as the index folds them.
public struct SearchTerm: Sendable, Hashable {
    /// Folded words, in order: one for a word, several for a phrase.
    public var words: [String]
    /// Whether the last word matches the start of a word.
    public var prefix: Bool

    public init(words: [String], prefix: Bool = false) {
        self.words = words.map(SearchTerm.fold)
        self.prefix = prefix
    }

    /// How the index's tokenizer (unicode61, remove_diacritics 2) compares words: without case
    /// or accents. ASCII words take a fast path.
    public static func fold<S: StringProtocol>(_ word: S) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            if !word.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return String(word) }
            return String(decoding: word.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return String(word).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether a scalar is part of a word: letters, digits and the marks that accent them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .privateUse: return true
        default: return false
        }
    }

    /// The words of `text` with where each stands, in order.
    static func tokens(_ text: Substring) -> [(range: Range<String.Index>, folded: String)] {
        var tokens: [(Range<String.Index>, String)] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard isWordScalar(scalars[index]) else {
                index = scalars.index(after: index)
                continue
            }
            let start = index
            while index < scalars.endIndex, isWordScalar(scalars[index]) { index = scalars.index(after: index) }
            tokens.append((start..<index, fold(text[start..<index])))
        }
        return tokens
    }

    /// Whether the term starts at `tokens[at]`; how many tokens it covers when it does.
    func match(_ tokens: [(range: Range<String.Index>, folded: String)], at start: Int) -> Int? {
        guard start + words.count <= tokens.count else { return nil }
        for (k, word) in words.enumerated() {
            let token = tokens[start + k].folded
            let isLast = k == words.count - 1
            if isLast && prefix ? !token.hasPrefix(word) : token != word { return nil }
        }
        return words.count
    }
}
