import Foundation

/// A trial session's signature: who signed its note, when, and the seal of what they signed
/// (`SignedText`). Four front-matter keys, one a line, so that each reads on its own and a hand
/// edit to one is found at its line:
///
/// ```
/// signed: 2025-03-13T11:02:00-07:00
/// signed_by: J. Rivera, CCC-SLP
/// signed_hash: sha256:9c0f…
/// signed_lines: 3f2a81c0…
/// ```
public struct Signature: Sendable, Equatable {
    /// When it was signed.
    public var at: LocalDate
    /// `signed`'s value as written: `2025-03-13T11:02:00-07:00`.
    public var atText: String
    /// The signer's name and credential, as written.
    public var by: String
    /// `sha256:` and 64 hexadecimal digits: `SignedText.hash` at the moment of signing.
    public var hash: String
    /// `SignedText.lineDigests` at the moment of signing; nil when the key is absent.
    public var lineDigests: String?

    public static let keys = ["signed", "signed_by", "signed_hash", "signed_lines"]

    /// The line that shows the signature: `Signed Thu Mar 13, 2025 at 11:02 AM by J. Rivera, CCC-SLP`.
    public var line: String { "Signed \(moment) by \(by)" }

    /// What shows an unsigned note.
    public static let draftLine = "Draft: not signed"

    /// `Thu Mar 13, 2025 at 11:02 AM`.
    public var moment: String {
        "\(at.weekday) \(at.mediumDay)" + (at.clockTime.map { " at \($0)" } ?? "")
    }

    /// Reads the signature keys of `document`'s front matter, with the problems of each value;
    /// nil (and no problem) when none of the keys is there.
    static func read(_ document: Document) -> (signature: Signature?, problems: [Diagnostic]) {
        guard let frontMatter = document.frontMatter, keys.contains(where: { frontMatter.entry($0) != nil }) else { return (nil, []) }
        var reader = FrontMatterReader(document: document)
        let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
        let at = frontMatter.entry("signed").flatMap { reader.date($0) }
        let by = frontMatter.entry("signed_by").flatMap { reader.text($0) }
        var hash: String?
        if let entry = frontMatter.entry("signed_hash"), let s = reader.scalar(entry) {
            let text = s.text.trimmingASCIIWhitespace()
            if isHash(text) { hash = text } else {
                reader.error("signed_hash must be sha256: and 64 hexadecimal digits, as 'afterflow sign' wrote it, found \(quoted(text))", at: s.location)
            }
        }
        var digests: String?
        if let entry = frontMatter.entry("signed_lines"), let s = reader.scalar(entry) {
            let text = s.text.trimmingASCIIWhitespace()
            if text.utf8.count % 4 == 0, text.utf8.allSatisfy(isHexDigit) { digests = text } else {
                reader.error("signed_lines must be four hexadecimal digits a signed line, as 'afterflow sign' wrote it", at: s.location)
            }
        }
        for key in keys.dropLast() where frontMatter.entry(key) == nil {
            reader.error("\(key) is missing: a signature has signed, signed_by and signed_hash; sign with 'afterflow sign', never by hand", at: top)
        }
        guard let at, let by, let hash, at.time != nil else {
            if let at, at.time == nil, let s = frontMatter.entry("signed")?.value.scalar {
                reader.error("signed must be a date and time, like 2025-03-13T11:02:00-07:00", at: s.location)
            }
            return (nil, reader.diagnostics)
        }
        let atText = frontMatter.entry("signed")?.value.scalar?.text.trimmingASCIIWhitespace() ?? ""
        return (Signature(at: at, atText: atText, by: by, hash: hash, lineDigests: digests), reader.diagnostics)
    }

    static func isHash(_ text: String) -> Bool {
        guard text.hasPrefix("sha256:") else { return false }
        let hex = text.utf8.dropFirst(7)
        return hex.count == 64 && hex.allSatisfy(isHexDigit)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }

    /// The errors of a signed document whose sealed text is not what was signed: one, at the
    /// first line that differs (found from `signed_lines`), or at the first sealed line when the
    /// key is absent or every line's digest still matches.
    func tampering(in document: Document) -> [Diagnostic] {
        let text = SignedText(of: document)
        guard text.hash != hash else { return [] }
        let advice = "put it back as it was signed (\(moment) by \(by)) and write the correction with 'afterflow addendum'"
        guard let digests = lineDigests, let index = text.firstDifference(from: digests) else {
            let line = (text.lines.first?.fileLine ?? 0) + 1
            return [.error("the signed note or trials changed after signing (the changed line cannot be told); \(advice)", at: SourceLocation(line: line, column: 1))]
        }
        if index < text.lines.count {
            let line = text.lines[index]
            return [.error("this line changed after the session was signed: \(quoted(line.text)); \(advice)",
                           at: SourceLocation(line: line.fileLine + 1, column: 1))]
        }
        return [.error("a signed line after this one was removed after signing; \(advice)",
                       at: SourceLocation(line: (text.lines.last?.fileLine ?? 0) + 1, column: 1))]
    }
}
