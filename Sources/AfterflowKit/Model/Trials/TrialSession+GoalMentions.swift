/// Where a trial session's lines name a goal: what an editor's references and rename of a goal
/// go through.
extension TrialSession {
    /// The places (1-based line, UTF-8 column of the name's first byte) where the trial and
    /// event lines of `## Trials` name the goal `short`, in line order.
    public func mentions(ofGoal short: String) -> [SourceLocation] {
        let lines = (trials.filter { $0.goal == short }.compactMap(\.line) + events.filter { $0.goal == short }.compactMap(\.line)).sorted()
        return lines.compactMap { index in
            let text = document.text(ofLine: index)
            // The goal is the word after the time: `- 15:02:23 s-initial + moderate`.
            let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard words.count >= 3, words[2] == short else { return nil }
            return SourceLocation(line: index + 1, column: text.utf8.distance(from: text.startIndex, to: words[2].startIndex) + 1)
        }
    }
}
