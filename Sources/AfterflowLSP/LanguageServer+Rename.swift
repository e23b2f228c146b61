import AfterflowKit
import Foundation

/// Rename, as one workspace edit the editor applies: a goal's short name (the goal's file renamed,
/// every trial and event line naming it, every link to it) or a tag across the vault's documents.
/// Refused with a message when the new name is taken or is not a short name.
extension LanguageServer {
    func rename(_ params: JSON?) -> Result<JSON, Failure> {
        guard let asked = cursor(params, method: "textDocument/rename"), let newName = params?["newName"]?.string else {
            return .failure(.params("textDocument/rename needs a textDocument's uri, a position and a newName"))
        }
        guard let at = asked, let workspace else {
            return .failure(Failure(code: .invalidRequest, message: "only a document of an afterflow vault can be renamed in"))
        }
        if let client = at.client, let goal = at.goalName ?? at.goalFileName {
            return renameGoal(client: client, goal: goal, to: newName, workspace)
        }
        if let tag = LanguageServer.tag(at: at) {
            return renameTag(tag, to: newName, workspace)
        }
        return .failure(Failure(code: .invalidRequest, message: "nothing to rename here: rename a goal's short name (in a trial line or its goal file) or a tag in tags:"))
    }

    /// Where rename would act, and on what text.
    func prepareRename(_ params: JSON?) -> Result<JSON, Failure> {
        guard let asked = cursor(params, method: "textDocument/prepareRename") else {
            return .failure(.params("textDocument/prepareRename needs a textDocument's uri and a position"))
        }
        guard let at = asked, let word = LanguageServer.word(in: at.lineText, at: at.position.character) else { return .success(.null) }
        guard (at.client != nil && (at.goalName ?? at.goalFileName) != nil) || LanguageServer.tag(at: at) != nil else { return .success(.null) }
        let range = TextRange(start: Position(line: at.position.line, character: word.range.lowerBound),
                              end: Position(line: at.position.line, character: word.range.upperBound))
        return .success(["range": range.json, "placeholder": .string(at.goalName ?? at.goalFileName ?? word.text)])
    }

    private func renameGoal(client: String, goal: String, to newName: String, _ workspace: Workspace) -> Result<JSON, Failure> {
        guard Trial.isShortName(newName) else {
            return .failure(.params("\(newName) is not a goal's short name: letters, digits, - and _, starting with a letter or digit"))
        }
        let old = "clients/\(client)/goals/\(goal).md"
        let new = "clients/\(client)/goals/\(newName).md"
        guard newName != goal else { return .success(["documentChanges": []]) }
        guard exists(old, workspace) else {
            return .failure(Failure(code: .invalidRequest, message: "\(client) has no goal \(goal) (no \(old)); create it first"))
        }
        guard !exists(new, workspace) else {
            return .failure(Failure(code: .invalidRequest, message: "\(client) already has a goal \(newName) (\(new)); choose another name"))
        }
        var changes: [JSON] = []
        for (path, document, places) in goalMentions(client: client, goal: goal, workspace) {
            changes.append(textEdit(path, places.map { ($0, goal.utf8.count, newName) }, document, workspace))
        }
        // A link keeps its form: only the goal's name at its end changes (`[[maya-t/s-initial]]`,
        // `[[s-initial]]`, `(goals/s-initial.md)`).
        changes += linkEdits(to: old, newTarget: { link in
            let ext = link.target.lowercased().hasSuffix(".md") ? String(link.target.suffix(3)) : ""
            return String(link.target.dropLast(goal.count + ext.count)) + newName + ext
        }, workspace)
        changes.append(["kind": "rename", "oldUri": .string(LanguageServer.uri(workspace.vault, old)),
                        "newUri": .string(LanguageServer.uri(workspace.vault, new))])
        return .success(["documentChanges": .array(changes)])
    }

    private func renameTag(_ tag: String, to newName: String, _ workspace: Workspace) -> Result<JSON, Failure> {
        guard !newName.isEmpty, !newName.contains(where: { $0 == "," || $0 == "[" || $0 == "]" || $0 == "\n" || $0 == "#" || $0 == ":" }) else {
            return .failure(.params("\(newName) cannot be a tag: a tag holds no comma, bracket, colon, # or line break"))
        }
        var edits: [(String, TextDocument, [(SourceLocation, Int)])] = []
        var taken = false
        for path in knownPaths(workspace).sorted() {
            guard let text = text(of: path, workspace), text.contains("tags") else { continue }
            let document = Document(text)
            if newName.lowercased() != tag.lowercased(), !document.tagMentions(newName).isEmpty { taken = true }
            let found = document.tagMentions(tag)
            if !found.isEmpty { edits.append((path, TextDocument(text: text, version: 0), found.map { ($0.location, $0.length) })) }
        }
        guard !taken else {
            return .failure(Failure(code: .invalidRequest, message: "the tag \(newName) is already used; choose another name, or retag by hand to merge the two"))
        }
        return .success(["documentChanges": .array(edits.map { path, document, places in
            textEdit(path, places.map { ($0.0, $0.1, newName) }, document, workspace)
        })])
    }

    /// Edits of the links that lead to the record at `target`, each link's target rewritten.
    private func linkEdits(to target: String, newTarget: (RecordLink) -> String, _ workspace: Workspace) -> [JSON] {
        let resolver = RecordLinkResolver(paths: knownPaths(workspace))
        var byPath: [String: [RecordLink]] = [:]
        for path in Set(((try? workspace.store.backlinks(to: target)) ?? []).map(\.path)).union(documents.values.compactMap(\.relativePath)) {
            guard let text = text(of: path, workspace) else { continue }
            let links = Document(text).links.filter { resolver.targets(of: $0, from: path) == [target] }
            if !links.isEmpty { byPath[path] = links }
        }
        return byPath.sorted { $0.key < $1.key }.compactMap { path, links in
            guard let text = text(of: path, workspace) else { return nil }
            let document = Document(text)
            return textEdit(path, links.map { link in (link.targetLocation, LanguageServer.writtenLength(of: link, in: document), newTarget(link)) },
                            TextDocument(text: text, version: 0), workspace)
        }
    }

    /// How many UTF-8 bytes `link`'s target takes as written: a wiki link's as read; a Markdown
    /// link's destination up to its `#`, `)`, `>` or space (it may hold percent-escapes).
    static func writtenLength(of link: RecordLink, in document: Document) -> Int {
        guard link.style == .markdown, link.location.line <= document.lines.count else { return link.target.utf8.count }
        let line = document.lines[link.location.line - 1]
        var end = line.start + link.targetLocation.column - 1
        let start = end
        while end < line.end, ![UInt8(ascii: "#"), UInt8(ascii: ")"), UInt8(ascii: ">"), 0x20].contains(document.bytes[end]) { end += 1 }
        return end - start
    }

    /// A `TextDocumentEdit` of the vault's file at `path`: each place's `length` UTF-8 bytes
    /// replaced. The open document's version is named, so an editor refuses an edit of text
    /// that changed meanwhile.
    func textEdit(_ path: String, _ places: [(SourceLocation, Int, String)], _ document: TextDocument, _ workspace: Workspace) -> JSON {
        let uri = LanguageServer.uri(workspace.vault, path)
        let version = documents[uri]?.document.version
        return [
            "textDocument": ["uri": .string(uri), "version": version.map { .int($0) } ?? .null],
            "edits": .array(places.map { place, length, newText in
                let start = document.position(line: place.line, utf8Column: place.column)
                let end = document.position(line: place.line, utf8Column: place.column + length)
                return ["range": TextRange(start: start, end: end).json, "newText": .string(newText)]
            }),
        ]
    }

    /// The tag the cursor is on in a `tags:` line of the front matter.
    static func tag(at cursor: Cursor) -> String? {
        guard cursor.place.inFrontMatter, cursor.lineText.hasPrefix("tags:"),
              let word = word(in: cursor.lineText, at: cursor.position.character), word.range.lowerBound >= 5 else { return nil }
        let units = Array(cursor.lineText.utf16)
        // The whole item: up to the commas or brackets around it, spaces trimmed.
        var start = word.range.lowerBound
        var end = word.range.upperBound
        let stops: Set<UInt16> = [44, 91, 93, 58]  // , [ ] :
        while start > 5, !stops.contains(units[start - 1]) { start -= 1 }
        while end < units.count, !stops.contains(units[end]) { end += 1 }
        let item = String(decoding: units[start..<end], as: UTF16.self).trimmingCharacters(in: .whitespaces)
        let unquoted = item.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return unquoted.isEmpty ? nil : unquoted
    }
}
