import Foundation

/// One entry of a signed session's `## Addenda`: a late entry or correction, dated and signed,
/// written after the signed text and never over it. One line:
///
/// ```
/// - 2025-03-14T09:10:00-07:00 J. Rivera, CCC-SLP: Correction: the trial at 10:35:43 was at minimal cues. (sha256:5d0e4c2b9a1f3e77)
/// ```
///
/// The seal at the end chains the entries: the first 16 hexadecimal digits of the SHA-256 of the
/// previous seal (the session's `signed_hash` for the first entry, else the previous entry's
/// `sha256:…`), the moment as written, the signer and the text, joined by LF. Changing an entry,
/// or one before it, breaks its seal.
public struct Addendum: Sendable, Equatable {
    /// When it was written, as written.
    public var at: String
    public var by: String
    public var text: String
    /// `sha256:` and 16 hexadecimal digits.
    public var seal: String
    /// Its line (0-based).
    public var line: Int

    public static let section = "Addenda"

    /// The line as written.
    public var lineText: String { "- \(at) \(by): \(text) (\(seal))" }

    /// The seal of an entry after `previous` (a seal, or the session's `signed_hash`).
    public static func seal(previous: String, at: String, by: String, text: String) -> String {
        "sha256:" + SHA256.hex(Array([previous, at, by, text].joined(separator: "\n").utf8)).prefix(16)
    }

    /// A new entry, sealed after `previous`.
    public static func make(previous: String, at: LocalDate, in zone: TimeZone, by: String, text: String) -> Addendum {
        let moment = at.canonical(in: zone)
        return Addendum(at: moment, by: by, text: text, seal: seal(previous: previous, at: moment, by: by, text: text), line: 0)
    }

    /// Reads an entry's line; nil when it is not one.
    static func read(_ text: String, line: Int) -> Addendum? {
        let trimmed = SignedText.trimmed(text)
        guard trimmed.hasPrefix("- "), trimmed.hasSuffix(")"), let open = trimmed.range(of: " (sha256:", options: .backwards) else { return nil }
        let seal = String(trimmed[trimmed.index(open.lowerBound, offsetBy: 2)..<trimmed.index(before: trimmed.endIndex)])
        guard seal.utf8.count == 23, seal.utf8.dropFirst(7).allSatisfy(Signature.isHexDigit) else { return nil }
        let body = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<open.lowerBound]
        guard let space = body.firstIndex(of: " "), LocalDate.parse(String(body[..<space]))?.time != nil,
              let colon = body.range(of: ": ") else { return nil }
        let by = body[body.index(after: space)..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
        let words = body[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !by.isEmpty, !words.isEmpty, colon.lowerBound > space else { return nil }
        return Addendum(at: String(body[..<space]), by: by, text: words, seal: seal, line: line)
    }

    /// The entries of `document`'s `## Addenda` and the problems of its lines: a line that is no
    /// entry, an entry whose seal does not follow from the one before (`first`, the session's
    /// `signed_hash`; nil for an unsigned session, whose addenda are all an error).
    static func entries(of document: Document, after first: String?) -> (entries: [Addendum], problems: [Diagnostic]) {
        guard let section = document.section(section) else { return ([], []) }
        guard let first else {
            return ([], [.error("## Addenda belongs to a signed session, and this one is not signed; a draft note is corrected in ## Notes itself",
                                at: SourceLocation(line: section.heading.line + 1, column: 1))])
        }
        var entries: [Addendum] = []
        var problems: [Diagnostic] = []
        var previous = first
        for index in section.content where !document.isBlank(index) {
            guard let entry = read(document.text(ofLine: index), line: index) else {
                problems.append(.error("expected an addendum like '- 2025-03-14T09:10:00-07:00 J. Doe, CCC-SLP: the correction (sha256:…)', as 'afterflow addendum' writes it",
                                       at: SourceLocation(line: index + 1, column: 1)))
                continue
            }
            if seal(previous: previous, at: entry.at, by: entry.by, text: entry.text) != entry.seal {
                problems.append(.error("this addendum (or one before it) changed after it was signed; put it back as it was and add a new one with 'afterflow addendum'",
                                       at: SourceLocation(line: index + 1, column: 1)))
            }
            previous = entry.seal
            entries.append(entry)
        }
        return (entries, problems)
    }

    /// Why `name` cannot sign (as `--as` or `provider:`), or nil: one line of text, without ': '
    /// (which ends the name in an addendum's line).
    public static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "the signer's name is empty" }
        if trimmed.contains(": ") || trimmed.hasSuffix(":") { return "the signer's name cannot hold ': ', found \(quoted(trimmed))" }
        return FieldText.problem(field: "the signer's name", text: trimmed, multiline: false)
    }
}
