/// How many terminal columns text takes, as terminals that follow Unicode draw it.
///
/// Counted per grapheme cluster (what a reader sees as one character):
/// - an emoji is 2 columns: a character with emoji presentation (`🌿`), an emoji followed by the
///   variation selector U+FE0F (`☀️`), a flag, a keycap, and a whole ZWJ sequence (`👩‍👩‍👧`), which
///   terminals draw as one picture;
/// - East Asian Wide and Fullwidth characters (`幻`, `Ａ`) are 2 (UAX #11);
/// - combining marks, format characters (ZWJ, ZWSP), variation selectors and control characters are
///   0 on their own, and add nothing to the character they follow; a spacing mark (`ि` in `कि`)
///   adds 1, as terminals draw it in a column of its own.
/// Everything else is 1. Tabs count 1: the table shows them as a space.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        // ASCII is one column a byte, but for the control characters (0 columns).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        let rest = scalars.dropFirst()
        if rest.isEmpty {
            // One scalar, the common case: no emoji sequence to look at.
            if base.value < 0x300 {
                // Latin, before the combining marks: one column, but for controls (the soft hyphen
                // shows as a hyphen).
                return base.value < 0x20 || (0x7F..<0xA0).contains(base.value) ? 0 : 1
            }
            if isWide(base.value) || base.properties.isEmojiPresentation { return 2 }
            return width(of: base)
        }
        var emoji = false
        var previousIsEmoji = false
        for scalar in scalars {
            let properties = scalar.properties
            if properties.isEmojiPresentation || (scalar.value == 0xFE0F && previousIsEmoji) {
                emoji = true
                break
            }
            previousIsEmoji = properties.isEmoji
        }
        if emoji { return 2 }
        return width(of: base) + spacingMarks(rest)
    }

    /// The width of a scalar that starts a cluster: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            return isWide(scalar.value) ? 2 : 1
        }
    }

    /// Whether `value` is East Asian Wide or Fullwidth (a binary search of `wideRanges`).
    public static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value {
                low = middle + 1
            } else if wideRanges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// Spacing combining marks after the first scalar of a cluster: each takes a column.
    private static func spacingMarks(_ scalars: Character.UnicodeScalarView.SubSequence) -> Int {
        scalars.reduce(0) { $0 + ($1.properties.generalCategory == .spacingMark ? 1 : 0) }
    }

    /// The longest start of `text` that fits in `columns` (never cutting a cluster), and its width.
    public static func prefix(_ text: String, fitting columns: Int) -> (text: Substring, width: Int) {
        let cut = fit(text, columns: columns)
        return (text[..<text.utf8.index(text.startIndex, offsetBy: cut.bytes)], cut.width)
    }

    /// Where `text` is cut to fit `columns`, in UTF-8 bytes: whether it fits whole, the longest
    /// start that fits, and the longest start that fits in one column less (for an ellipsis after
    /// it). Read once, each character once, only as far as needed.
    public static func fit(_ text: String, columns: Int) -> (whole: Bool, bytes: Int, width: Int, bytesBeforeLast: Int) {
        var width = 0
        var bytes = 0
        var bytesBeforeLast = 0
        for character in text {
            let next = width + of(character)
            if next > columns { return (false, bytes, width, bytesBeforeLast) }
            bytes += character.utf8.count
            if next < columns { bytesBeforeLast = bytes }
            width = next
        }
        return (true, bytes, width, bytesBeforeLast)
    }

    /// `text` in lines of at most `columns`, broken at spaces (a word wider than that has a line
    /// of its own).
    public static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var width = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = of(String(word))
            if !line.isEmpty && width + 1 + wordWidth > columns {
                lines.append(line)
                line = ""
                width = 0
            }
            if !line.isEmpty {
                line += " "
                width += 1
            }
            line += word
            width += wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
