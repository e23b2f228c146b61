import Foundation

/// The scratch file `reflect` opens in the editor: an empty first line to write on, then an HTML
/// comment that says which session the reflection is for, removed when the file is read back.
///
/// An HTML comment cannot clash with what a reflection holds: `#` starts a Markdown heading, and a
/// reflection may well hold `//`. The block removed runs from a line that starts with
/// `<!-- afterflow` to the next line that ends with `-->`, wherever it is in the file; the
/// rest is the reflection, as written.
public enum ReflectionScratch {
    public static let opening = "<!-- afterflow"
    public static let closing = "-->"

    /// `reflection-1A2B3C4D.md`: a new name for a scratch file, in the user's state folder.
    public static func fileName() -> String {
        "reflection-\(UUID().uuidString.prefix(8)).md"
    }

    /// Whether `path` (absolute) is a scratch file in `stateFolder`, as `reflect` makes them.
    public static func isScratch(_ path: String, in stateFolder: String) -> Bool {
        let normalized = Vault.normalize(path)
        let folder = FileIO.parentPath(of: normalized)
        return folder == Vault.normalize(stateFolder) && isScratchName(String(normalized.dropFirst(folder.count + 1)))
    }

    /// Whether `name` is one `fileName()` gives.
    static func isScratchName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count == 22, name.hasPrefix("reflection-"), name.hasSuffix(".md") else { return false }
        return utf8[11..<19].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) }
    }

    /// The file's text: a blank line, then the comment with `lines` (which say what the session
    /// is), and how the file is read.
    public static func text(describing lines: [String]) -> String {
        let safe = lines.map { line in
            // Nothing in them may end the comment early.
            line.replacingOccurrences(of: "-->", with: "->").replacingOccurrences(of: "\n", with: " ")
        }
        var comment = [opening + ": your reflection for"] + safe.map { "     " + $0 }
        comment.append("     Write it above this comment, which is removed when you save; an empty file saves nothing. -->")
        return "\n" + comment.joined(separator: "\n") + "\n"
    }

    /// `text` without afterflow's comment block (the first one, from a line that starts with
    /// `<!-- afterflow` to the next line that ends with `-->`). A block left unclosed is removed
    /// to the end of the file.
    /// Line breaks come back as LF, as a section keeps them.
    public static func reflection(from text: String) -> String {
        let text = FieldText.normalizingLineBreaks(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingPrefixSpaces.hasPrefix(opening) }) else { return text }
        let end = lines[start...].firstIndex { $0.trimmingTrailingSpaces.hasSuffix(closing) } ?? lines.count - 1
        return (lines[..<start] + lines[(end + 1)...]).joined(separator: "\n")
    }
}

private extension Substring {
    var trimmingPrefixSpaces: Substring { drop { $0 == " " || $0 == "\t" } }
    var trimmingTrailingSpaces: Substring {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" { copy = copy.dropLast() }
        return copy
    }
}
