import AfterflowKit
import Foundation

/// Go to definition and find references: a link → the records it names; a goal's short name in a
/// trial line → the goal's file; `client:` → the client's file. References of a goal (from a trial
/// line naming it, or from anywhere in the goal's file) are every trial and event line naming it;
/// of any other record, the links of other records to it (its backlinks).
extension LanguageServer {
    func definition(_ params: JSON?) -> Result<JSON, Failure> {
        guard let asked = cursor(params, method: "textDocument/definition") else {
            return .failure(.params("textDocument/definition needs a textDocument's uri and a position"))
        }
        guard let at = asked, let workspace else { return .success(.null) }
        if let link = at.link {
            let resolver = RecordLinkResolver(paths: knownPaths(workspace))
            return .success(.array(resolver.targets(of: link, from: at.path).map { location(workspace.vault, $0, range: nil) }))
        }
        if let goal = at.goalName, let client = at.client {
            let path = "clients/\(client)/goals/\(goal).md"
            return .success(exists(path, workspace) ? location(workspace.vault, path, range: nil) : .null)
        }
        if at.place.inFrontMatter, at.lineText.hasPrefix("client:"), let path = clientFile(of: at, workspace) {
            return .success(location(workspace.vault, path, range: nil))
        }
        return .success(.null)
    }

    func references(_ params: JSON?) -> Result<JSON, Failure> {
        guard let asked = cursor(params, method: "textDocument/references") else {
            return .failure(.params("textDocument/references needs a textDocument's uri and a position"))
        }
        guard let at = asked, let workspace else { return .success(.null) }
        if let client = at.client, let goal = at.goalName ?? at.goalFileName {
            return .success(.array(goalMentions(client: client, goal: goal, workspace).flatMap { path, document, places in
                places.map { place in
                    let start = document.position(line: place.line, utf8Column: place.column)
                    let end = Position(line: start.line, character: start.character + goal.utf16.count)
                    return location(workspace.vault, path, range: TextRange(start: start, end: end))
                }
            }))
        }
        let target = at.link.flatMap { RecordLinkResolver(paths: knownPaths(workspace)).targets(of: $0, from: at.path).first } ?? at.path
        let backlinks = (try? workspace.store.backlinks(to: target)) ?? []
        return .success(.array(backlinks.map { stored in
            let document = TextDocument(text: text(of: stored.path, workspace) ?? "", version: 0)
            let start = document.position(line: stored.link.location.line, utf8Column: stored.link.location.column)
            let end = document.position(line: stored.link.location.line, utf8Column: stored.link.location.column + stored.link.length)
            return location(workspace.vault, stored.path, range: TextRange(start: start, end: end))
        }))
    }

    /// Every trial session of `client` that names `goal`: its path, its text, the places.
    func goalMentions(client: String, goal: String, _ workspace: Workspace) -> [(String, TextDocument, [SourceLocation])] {
        let folder = "clients/\(client)/sessions"
        let paths = Set(VaultScanner.documentPaths(in: workspace.vault, under: folder))
            .union(documents.values.compactMap(\.relativePath).filter { $0.hasPrefix(folder + "/") })
        return paths.sorted().compactMap { path in
            guard let text = text(of: path, workspace) else { return nil }
            let entry = VaultEntry(path: path, bytes: Array(text.utf8))
            guard case .trials(let session) = entry.content else { return nil }
            let places = session.mentions(ofGoal: goal)
            return places.isEmpty ? nil : (path, TextDocument(text: text, version: 0), places)
        }
    }

    /// What the cursor is on, for navigation; nil when the request lacks its parameters, nil
    /// inside when the document is not one of the vault's.
    func cursor(_ params: JSON?, method: String) -> Cursor?? {
        guard let uri = params?["textDocument"]?["uri"]?.string, let position = Position(params?["position"]) else { return nil }
        guard let open = documents[uri], let path = open.relativePath else { return .some(nil) }
        return .some(Cursor(open: open, path: path, position: position))
    }

    /// The vault's document paths (as the index holds them) and the open documents'.
    func knownPaths(_ workspace: Workspace) -> Set<String> {
        Set((try? workspace.store.allDocumentPaths()) ?? []).union(documents.values.compactMap(\.relativePath))
    }

    /// The text of the vault's document at `path`: the editor's when it is open, else the file's.
    func text(of path: String, _ workspace: Workspace) -> String? {
        if let open = documents.values.first(where: { $0.relativePath == path }) { return open.document.text }
        guard let bytes = try? FileIO.read(workspace.vault.root + "/" + path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    func exists(_ path: String, _ workspace: Workspace) -> Bool {
        documents.values.contains { $0.relativePath == path } || FileManager.default.fileExists(atPath: workspace.vault.root + "/" + path)
    }

    /// The client file `client:` names: the folder's own for a document under `clients/<short>/`,
    /// else the client whose id it holds.
    private func clientFile(of at: Cursor, _ workspace: Workspace) -> String? {
        if let client = at.client { return "clients/\(client)/client.md" }
        let id = at.lineText.dropFirst("client:".count).trimmingCharacters(in: .whitespaces).uppercased()
        let store = DocumentStore(vault: workspace.vault)
        return store.clientShorts().first { (try? store.load($0))?.client.id?.uuidString == id }.map { "clients/\($0)/client.md" }
    }

    /// A protocol `Location` in the vault's file at `path`; its start when `range` is nil.
    func location(_ vault: Vault, _ path: String, range: TextRange?) -> JSON {
        let start = Position(line: 0, character: 0)
        return ["uri": .string(LanguageServer.uri(vault, path)), "range": (range ?? TextRange(start: start, end: start)).json]
    }

    static func uri(_ vault: Vault, _ path: String) -> String {
        URL(fileURLWithPath: vault.root + "/" + path).absoluteString
    }
}

/// What the cursor of a navigation request is on.
struct Cursor {
    /// The document's vault-relative path.
    var path: String
    var position: Position
    var lineText: String
    var place: CompletionPlace
    /// The link the cursor is in.
    var link: RecordLink?
    /// The client whose folder holds the document (`clients/<short>/…`).
    var client: String?
    /// The goal a trial line names, when the cursor is on it.
    var goalName: String?
    /// The goal the document is (`clients/<short>/goals/<goal>.md`).
    var goalFileName: String?

    init(open: OpenDocument, path: String, position: Position) {
        self.path = path
        self.position = position
        let line = open.document.line(position.line)
        lineText = String(line)
        place = CompletionPlace(document: open.document, line: position.line)
        let index = open.document.index(of: position)
        let column = line.utf8.distance(from: line.startIndex, to: min(max(index, line.startIndex), line.endIndex)) + 1
        link = Document(open.document.text).links.first { $0.covers(line: position.line + 1, column: column) }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count >= 3, parts[0] == "clients" { client = parts[1] }
        if parts.count == 4, parts[2] == "goals", parts[3].hasSuffix(".md") { goalFileName = String(parts[3].dropLast(3)) }
        let words = lineText.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        if place.kind == .trials, !place.inFrontMatter, words.count >= 3, words[0] == "-" || words[0] == "*",
           let word = LanguageServer.word(in: lineText, at: position.character), word.text == words[2] {
            goalName = word.text
        }
    }
}
