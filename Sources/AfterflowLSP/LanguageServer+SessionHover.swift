import AfterflowKit
import Foundation

/// Hover on an id (`session: 29F8F0B2-…` in an assessment, an id written in a note): the records
/// of the vault with that id, a session with its day, treatment and status, a trial session with
/// its day, client (first name and last initial) and state.
extension LanguageServer {
    /// The hover for `word` when it is an id some other record of the vault holds; nil otherwise.
    func idHover(_ word: String, from path: String, range: TextRange, _ workspace: Workspace) -> JSON? {
        // A word may end a sentence: "as in 2233C7FA-….".
        let id = word.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard UUID(uuidString: id) != nil,
              let paths = try? workspace.store.paths(withID: id).filter({ $0 != path }), !paths.isEmpty else { return nil }
        let lines = paths.prefix(10).map { summary(ofRecord: $0, workspace) + "  \n`\($0)`" }
        let more = paths.count > 10 ? ["and \(paths.count - 10) more"] : []
        return ["contents": ["kind": "markdown", "value": .string((lines + more).joined(separator: "\n\n"))], "range": range.json]
    }

    /// `**Tue Dec 10, 2024, 2:30 PM** · Psilocybin · complete` for a session;
    /// `**Tue Jan 28, 2025, 3:00 PM** · Maya T. · 10 trials · ended 3:40 PM · signed` for a
    /// trial session; the record's kind for any other.
    func summary(ofRecord path: String, _ workspace: Workspace) -> String {
        guard let text = text(of: path, workspace) else { return "(unreadable)" }
        let entry = VaultEntry(path: path, bytes: Array(text.utf8))
        if case .session(let session) = entry.content {
            let treatment = session.treatment.map { workspace.vault.config.treatments.displayName(of: $0) } ?? "no treatment"
            return ["**\(session.date?.readable ?? "undated")**", treatment, session.status.words].joined(separator: " · ")
        }
        if case .trials(let session) = entry.content {
            let parts = path.split(separator: "/")
            let client = parts.count > 2 && parts[0] == "clients" ? clientName(String(parts[1]), workspace) : "no client"
            let state = session.end.map { "ended " + ($0.clockTime ?? $0.dayString) } ?? "not ended"
            let trials = session.trials.count == 1 ? "1 trial" : "\(session.trials.count) trials"
            return ["**\(session.date?.readable ?? "undated")**", client, trials, state, session.signature == nil ? "not signed" : "signed"]
                .joined(separator: " · ")
        }
        return "a \(DocumentKind.typeValue(of: entry.document) ?? "note")"
    }

    /// `Maya T.`: the client's first name and last initial, from the folder's client file.
    private func clientName(_ short: String, _ workspace: Workspace) -> String {
        guard let text = text(of: "clients/\(short)/client.md", workspace) else { return short }
        let name = Client(document: Document(text)).displayName
        return name.isEmpty ? short : name
    }
}
