import Foundation

/// The audit's warnings about signatures, where the vault opts in (`audit: true`): a session that
/// has ended and is not signed, and a note signed more than 10 minutes before its session ended.
/// A signed text changed afterwards is an error whatever the setting (`Signature.tampering`).
extension PracticeCheck {
    /// How long before the session's end a signature is early enough to be doubted, in seconds.
    public static let earlySignature = 10 * 60

    func signatureWarnings(_ session: TrialSession, path: String) -> [Diagnostic] {
        guard audit, session.role != .reliability, let frontMatter = session.document.frontMatter, let end = session.end else { return [] }
        guard let signature = session.signature else {
            return [Diagnostic(.warning, "the note is not signed (a draft); sign it once it is right: afterflow sign \(path)",
                               at: SourceLocation(line: frontMatter.openingLine + 1, column: 1), path: path)]
        }
        let early = end.epochSeconds(in: .gmt) - signature.at.epochSeconds(in: .gmt)
        guard early > Self.earlySignature, let s = frontMatter.entry("signed")?.value.scalar else { return [] }
        return [Diagnostic(.warning, "signed \(early / 60) minutes before the session's end (\(end.clockTime ?? end.shortString)); an audit takes a note signed more than 10 minutes before the end as written before the care was given",
                           at: s.location, path: path)]
    }
}
