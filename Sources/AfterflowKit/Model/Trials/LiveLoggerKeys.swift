import Foundation

/// The keys of the terminal logger (`afterflow log`): the letters it keeps for itself, and the
/// letter each cue level is chosen with.
public enum LiveLoggerKeys {
    /// The logger's own keys: h j k l (moves), n (note), q (end), u (undo).
    public static let reserved: Set<Character> = Set("hjklnqu")

    /// The letter for each level: its first letter when free, else the first free letter of its
    /// name (minimal, moderate and maximal all start with m); a space when none is free. The
    /// logger's own keys are never used.
    public static func cueKeys(for levels: [String]) -> [(level: String, key: Character)] {
        var used = reserved
        var out: [(String, Character)] = []
        for level in levels {
            let key = level.first(where: { $0.isLetter && !used.contains($0) }) ?? " "
            used.insert(key)
            out.append((level, key))
        }
        return out
    }

    /// A session's running time: MM:SS, or H:MM:SS from an hour on (as a resumed session may be).
    public static func timer(seconds: Int) -> String {
        let seconds = max(0, seconds)
        if seconds >= 3600 { return String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60) }
        return String(format: "%02d:%02d", seconds / 60, seconds % 60)
    }
}

extension LiveLoggerKeys {
    /// A key for each behaviour goal (by short name): the first letter of its name that is free,
    /// else the first free letter a-z; never the logger's own keys, their capitals or a cue
    /// level's letter (`avoiding`), so that a key means one thing at every moment. A goal left
    /// without one (26 letters taken) is not in the result.
    public static func behaviourKeys(for goals: [String], avoiding: Set<Character>) -> [String: Character] {
        var used = reserved.union(avoiding)
        var out: [String: Character] = [:]
        let letters = "abcdefghijklmnopqrstuvwxyz"
        for goal in goals {
            let own = goal.lowercased().first { $0.isASCII && $0.isLetter && !used.contains($0) }
            guard let key = own ?? letters.first(where: { !used.contains($0) }) else { continue }
            used.insert(key)
            out[goal] = key
        }
        return out
    }
}
