import Foundation

/// The part of a trial session that a signature seals, in its canonical form: what `sign` hashes,
/// what the lock keeps, and what `check` compares line by line.
///
/// The lines, in this order, each without its line ending (LF or CRLF) and without trailing
/// spaces or tabs:
/// 1. `date: VALUE` and `end: VALUE`, the front matter's values as written (unquoted), when present;
/// 2. `## Notes`, then the lines of the `## Notes` section (up to the next level 1 or 2 heading),
///    its leading and trailing blank lines left out;
/// 3. `## Trials`, then the lines of `## Trials`, the same way.
///
/// A section the file does not have contributes no line. The canonical bytes are the lines each
/// followed by one LF; `hash` is `sha256:` and their SHA-256 in hexadecimal.
public struct SignedText: Sendable, Equatable {
    /// One canonical line and the file line it comes from (0-based; a section's heading line for
    /// its heading).
    public struct Line: Sendable, Equatable {
        public var text: String
        public var fileLine: Int
    }

    public var lines: [Line]

    /// The sections sealed, in the order they are hashed.
    public static let sections = ["Notes", "Trials"]

    public init(of document: Document) {
        var lines: [Line] = []
        if let frontMatter = document.frontMatter {
            for key in ["date", "end"] {
                guard let entry = frontMatter.entry(key) else { continue }
                let value = entry.value.scalar?.text ?? ""
                lines.append(Line(text: Self.trimmed("\(key): \(value)"), fileLine: entry.lines.lowerBound))
            }
        }
        for title in Self.sections {
            guard let section = document.section(title) else { continue }
            lines.append(Line(text: "## \(title)", fileLine: section.heading.line))
            var first = section.content.lowerBound
            var last = section.content.upperBound
            while first < last && document.isBlank(first) { first += 1 }
            while last > first && document.isBlank(last - 1) { last -= 1 }
            for index in first..<last {
                lines.append(Line(text: Self.trimmed(document.text(ofLine: index)), fileLine: index))
            }
        }
        self.lines = lines
    }

    /// The canonical bytes: each line followed by LF.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        for line in lines {
            out += Array(line.text.utf8)
            out.append(0x0A)
        }
        return out
    }

    /// `sha256:` and the SHA-256 of `bytes`, in hexadecimal.
    public var hash: String { "sha256:" + SHA256.hex(bytes) }

    /// Four hexadecimal digits a line (the first two bytes of each line's SHA-256), in order: what
    /// lets `check` name the first line that changed after signing.
    public var lineDigests: String {
        lines.map { Self.digest(of: $0.text) }.joined()
    }

    static func digest(of line: String) -> String {
        String(SHA256.hex(Array(line.utf8)).prefix(4))
    }

    /// The index of the first of `lines` whose digest is not the one at the same place in
    /// `digests` (four hex digits a line), or `lines.count` when every line matches but `digests`
    /// holds more (lines removed at the end); nil when they all match.
    public func firstDifference(from digests: String) -> Int? {
        let stored = Array(digests.utf8)
        for (i, line) in lines.enumerated() {
            let start = i * 4
            guard start + 4 <= stored.count else { return i }
            if String(decoding: stored[start..<(start + 4)], as: UTF8.self) != Self.digest(of: line.text) { return i }
        }
        return stored.count > lines.count * 4 ? lines.count : nil
    }

    /// `text` without a final CR and without trailing spaces and tabs.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
