import Foundation

/// The audit's warnings about signatures, where the vault opts in (`audit: true`): a session that
/// has ended and is not signed (said to be late once 24 hours have passed since its end, when the
/// front end gave its clock), and a note signed more than 10 minutes before its session ended.
/// A signed text changed afterwards is an error whatever the setting (`Signature.tampering`).
extension PracticeCheck {
    /// How long before the session's end a signature is early enough to be doubted, in seconds.
    public static let earlySignature = 10 * 60
    /// How long after the session's end an unsigned note is late, in seconds.
    public static let lateSignature = 24 * 3600

    func signatureWarnings(_ session: TrialSession, path: String) -> [Diagnostic] {
        guard audit, session.role != .reliability, let frontMatter = session.document.frontMatter, let end = session.end else { return [] }
        guard let signature = session.signature else {
            let late = now.map { Int($0.timeIntervalSince1970.rounded(.down)) - end.epochSeconds(in: timeZone) >= Self.lateSignature } ?? false
            let what = late ? "the note is still not signed 24 hours after the session ended (an audit takes it as signed late)"
                            : "the note is not signed (a draft)"
            return [Diagnostic(.warning, "\(what); sign it once it is right: afterflow sign \(path)",
                               at: SourceLocation(line: frontMatter.openingLine + 1, column: 1), path: path)]
        }
        let early = end.epochSeconds(in: timeZone) - signature.at.epochSeconds(in: timeZone)
        guard early > Self.earlySignature, let s = frontMatter.entry("signed")?.value.scalar else { return [] }
        return [Diagnostic(.warning, "signed \(early / 60) minutes before the session's end (\(end.clockTime ?? end.shortString)); an audit takes a note signed more than 10 minutes before the end as written before the care was given",
                           at: s.location, path: path)]
    }
}
