/// Commands printed for a person to run, quoted for a POSIX shell (sh, bash, zsh, dash) so that
/// pasting one runs what it says: `afterflow init '/tmp/My Jöurnal 🌿'`.
package enum Shell {
    /// `afterflow` and `words`, each quoted as `quote` does.
    package static func command(_ words: [String]) -> String {
        (["afterflow"] + words.map(quote)).joined(separator: " ")
    }

    /// `word` as one shell word that the shell reads back as `word` exactly.
    ///
    /// As it is when it holds only ASCII letters, digits and `@%+=:,./_-` (and does not start with
    /// `=`, which zsh expands); in single quotes otherwise (`'It'\''s'`); and in ANSI-C quotes
    /// (`$'a\nb'`, which bash, zsh and ksh read) when it holds control characters, which are then
    /// spelled out, so that printing it is safe on a terminal as well.
    package static func quote(_ word: String) -> String {
        if !word.isEmpty && !word.hasPrefix("=") && word.utf8.allSatisfy(isPlain) { return word }
        if word.unicodeScalars.contains(where: isControl) { return ansiC(word) }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "@%+=:,./_-".utf8.contains(byte)
        }
    }

    /// C0 and C1 controls and DEL (tab and line feed included: a hint is one line).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `$'…'` with `\\`, `\'`, `\t`, `\n`, `\r`, `\e` and `\xHH` for the bytes of other controls.
    private static func ansiC(_ word: String) -> String {
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            default:
                if isControl(scalar) {
                    for byte in String(scalar).utf8 { out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
}
