import Foundation

/// A trial session's billing against the vault's settings: its service on the vault's list, and,
/// where the vault opts in (`audit: true`), what an audit of a claim needs.
extension PracticeCheck {
    /// An error at a `service:` not on the vault's list.
    func serviceProblems(_ session: TrialSession, path: String) -> [Diagnostic] {
        guard let code = session.service, services.service(code) == nil,
              let s = session.document.frontMatter?.entry("service")?.value.scalar else { return [] }
        let codes = services.map(\.code)
        let fix = Suggestion.nearest(to: code, among: codes).map { "did you mean \(quoted($0))? (or add it to services in .afterflow/config.yml)" }
            ?? "write one of them, or add it to services in .afterflow/config.yml"
        return [Diagnostic(.error, "service \(quoted(code)) is not one of the vault's services (\(codes.joined(separator: ", "))); \(fix)", at: s.location, path: path)]
    }

    /// With `audit: true`, a warning for each thing a session's own record lacks that an audit
    /// of its claim needs: an end time, a service, a place, a provider, a narrative in `## Notes`.
    /// A second observer's record is not billed and has none.
    func auditProblems(_ session: TrialSession, path: String) -> [Diagnostic] {
        guard audit, session.role != .reliability, let frontMatter = session.document.frontMatter else { return [] }
        let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
        var found: [Diagnostic] = []
        func warn(_ message: String, at location: SourceLocation = top) {
            found.append(Diagnostic(.warning, message, at: location, path: path))
        }
        if session.end == nil && frontMatter.entry("end") == nil {
            warn("audit: end is missing: a claim needs the time the session ended; end it with 'afterflow trials end \(path) --at 15:45'")
        }
        if session.service == nil && frontMatter.entry("service") == nil {
            warn("audit: service is missing: a claim needs the CPT code billed; add a line like 'service: \(services.first?.code ?? "97153")'")
        }
        if session.place == nil && frontMatter.entry("place") == nil {
            warn("audit: place is missing: a claim needs the place of service; add a line like 'place: 11 Office'")
        }
        if session.provider == nil && frontMatter.entry("provider") == nil {
            warn("audit: provider is missing: a claim needs the rendering clinician's name and credential; add a line like 'provider: J. Doe, CCC-SLP' (or set provider in .afterflow/config.yml for new sessions)")
        }
        if !SessionNote.hasNarrative(session.notes) {
            let words = SessionNote.narrativeWords(of: session.notes)
            let location = session.document.section("Notes").map { SourceLocation(line: $0.heading.line + 1, column: 1) } ?? top
            warn("audit: the session note has \(counted(words.own, "word", "words")) of your own"
                 + (words.drafted > 0 ? " besides \(words.drafted) drafted from the data" : "")
                 + "; an audit needs a narrative of at least \(SessionNote.narrativeMinimumWords) words and longer than the drafted sentences: the client's state at the start, the techniques used, the response, progress toward the goals", at: location)
        }
        return found
    }
}
