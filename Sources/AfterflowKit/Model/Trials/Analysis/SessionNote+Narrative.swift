import Foundation

/// How much of a session note is the clinician's own narrative, and how much the sentences
/// `afterflow note` drafted from the data.
extension SessionNote {
    /// The fewest words of their own an audit-ready note has (`check` with `audit: true`).
    public static let narrativeMinimumWords = 10

    /// Words of `notes` (a `## Notes` section's text) written by the clinician and words of the
    /// drafted sentences. Drafted are the list items under the draft's `**O:**` and `**A:**`
    /// labels and its fixed lines ("No data to assess."); the labels, list markers and HTML comments
    /// count as neither; every other word is the clinician's.
    public static func narrativeWords(of notes: String) -> (own: Int, drafted: Int) {
        var own = 0, drafted = 0
        var label: Character?
        var inComment = false
        for raw in notes.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if inComment || line.hasPrefix("<!--") {
                inComment = !line.contains("-->")
                continue
            }
            for letter: Character in ["S", "O", "A", "P"] where line.hasPrefix("**\(letter):**") {
                label = letter
                line = String(line.dropFirst(6)).trimmingCharacters(in: .whitespaces)
            }
            let isItem = line.hasPrefix("- ")
            let words = (isItem ? line.dropFirst(2) : Substring(line)).split(whereSeparator: { $0 == " " || $0 == "\t" }).count
            let isDrafted = (label == "O" || label == "A") && (isItem || draftedLines.contains(line))
            if isDrafted { drafted += words } else { own += words }
        }
        return (own, drafted)
    }

    /// The lines a draft writes that are not list items.
    static let draftedLines: Set<String> = ["No data to assess."]

    /// Whether `notes` holds a narrative an audit accepts: at least `narrativeMinimumWords` of the
    /// clinician's own, and more than the drafted sentences.
    public static func hasNarrative(_ notes: String) -> Bool {
        let words = narrativeWords(of: notes)
        return words.own >= narrativeMinimumWords && words.own > words.drafted
    }
}
