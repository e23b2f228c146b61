import Foundation

/// Daylio's mood words and the scores (1-10) they become. Daylio has five levels that the user
/// may rename and add to; the default words and scores are *ours* (`docs/FORMAT.md`): awful 1,
/// bad 3, meh 5, good 7, rad 9. A vault adds or changes words with `daylio_moods:` in its config,
/// and one import with `--map WORD=SCORE`; several words may share a score.
public struct DaylioScale: Sendable, Equatable {
    /// Words as first written (their case kept), in the order they were added, each once without case.
    public private(set) var entries: [(word: String, score: Int)]

    public static let defaultEntries: [(word: String, score: Int)] = [("awful", 1), ("bad", 3), ("meh", 5), ("good", 7), ("rad", 9)]

    public static let standard = DaylioScale(entries: defaultEntries)

    public init(entries: [(word: String, score: Int)]) {
        self.entries = []
        for entry in entries { set(entry.word, entry.score) }
    }

    /// Adds `word`, or gives a known one (any case) another score.
    public mutating func set(_ word: String, _ score: Int) {
        let key = DaylioScale.key(word)
        if let index = entries.firstIndex(where: { DaylioScale.key($0.word) == key }) {
            entries[index].score = score
        } else {
            entries.append((word.trimmingASCIIWhitespace(), score))
        }
    }

    /// The score of `word` (trimmed, without case), or nil.
    public func score(of word: String) -> Int? {
        let key = DaylioScale.key(word)
        return entries.first { DaylioScale.key($0.word) == key }?.score
    }

    /// `awful=1, bad=3, meh=5, good=7, rad=9`, for messages.
    public var listing: String { items.joined(separator: ", ") }

    /// The items of `source_scale`: `awful=1`, by score, then as added.
    public var items: [String] {
        entries.enumerated().sorted { ($0.element.score, $0.offset) < ($1.element.score, $1.offset) }.map { "\($0.element.word)=\($0.element.score)" }
    }

    /// `meh=5` (`--map`, `daylio_moods`) as a word and a score from 1 to 10; nil when it is not that.
    public static func parseMapping(_ text: String) -> (word: String, score: Int)? {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let word = String(text[..<equals]).trimmingASCIIWhitespace()
        guard !word.isEmpty, let score = MoodScale.parse(String(text[text.index(after: equals)...])) else { return nil }
        return (word, score)
    }

    static func key(_ word: String) -> String { word.trimmingASCIIWhitespace().lowercased() }

    public static func == (a: DaylioScale, b: DaylioScale) -> Bool {
        a.entries.map(\.word) == b.entries.map(\.word) && a.entries.map(\.score) == b.entries.map(\.score)
    }
}
