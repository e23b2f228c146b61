/// The nearest of some names to a word that is none of them: for "did you mean" in messages about
/// mistyped commands, flags and values (`lst` → `list`, `ketamin` → `ketamine`).
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (letters added, removed, changed or two
    /// swapped; case ignored), when it is close enough to be a slip: at most one edit in a word of
    /// up to four letters, two up to eight, three beyond. Else a candidate that `word` (two
    /// letters or more) is the start of, when only one is. Nil when none fits, or for a word that
    /// is a candidate already.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let typed = word.lowercased()
        guard !typed.isEmpty, !candidates.contains(where: { $0.lowercased() == typed }) else { return nil }
        let limit = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Suggestion.distance(typed, candidate.lowercased())
            if distance <= limit && distance < candidate.count && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.name }
        let starting = candidates.filter { $0.lowercased().hasPrefix(typed) }
        return typed.count >= 2 && starting.count == 1 ? starting[0] : nil
    }

    /// `; did you mean "ketamine"?`, or nothing when no candidate is near: for the end of a
    /// message that names what was expected and what was found.
    public static func clause(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours, each one edit, counted in characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
