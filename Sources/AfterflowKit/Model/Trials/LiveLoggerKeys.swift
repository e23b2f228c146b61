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
