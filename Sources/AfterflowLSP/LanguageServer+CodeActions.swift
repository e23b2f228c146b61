import AfterflowKit
import Foundation

/// Code actions: "create goal file" for a trial line naming a goal the client does not have,
/// "mark reflections complete" on a session whose reflections are written but whose `status`
/// says otherwise, and `fmt`'s fixes (a missing id, the canonical form of trial lines and dates)
/// as one edit of only the lines that change.
extension LanguageServer {
    func codeActions(_ params: JSON?) -> Result<JSON, Failure> {
        guard let uri = params?["textDocument"]?["uri"]?.string, let range = TextRange(params?["range"]) else {
            return .failure(.params("textDocument/codeAction needs a textDocument's uri and a range"))
        }
        guard let open = documents[uri], let path = open.relativePath, let workspace else { return .success([]) }
        var actions: [JSON] = []
        for line in range.start.line...max(range.start.line, range.end.line) {
            if let action = createGoalAction(open: open, path: path, line: line, workspace) { actions.append(action) }
        }
        if let action = reflectionsCompleteAction(uri: uri, open: open, path: path) { actions.append(action) }
        if case .success(let edits) = formatting(["textDocument": ["uri": .string(uri)]]), let list = edits.array, !list.isEmpty {
            actions.append([
                "title": "Apply afterflow fmt's fixes (ids, trial lines, dates)",
                "kind": "source.fixAll",
                "edit": ["changes": [uri: edits]],
            ])
        }
        return .success(.array(actions))
    }

    /// "Create goal file" when line `line` is a trial line naming a goal the client lacks.
    private func createGoalAction(open: OpenDocument, path: String, line: Int, _ workspace: Workspace) -> JSON? {
        let text = String(open.document.line(line))
        let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        let parts = path.split(separator: "/").map(String.init)
        guard CompletionPlace(document: open.document, line: line).kind == .trials, words.count >= 3, words[0] == "-" || words[0] == "*",
              words[1].contains(":"), Trial.isShortName(words[2]), parts.count > 2, parts[0] == "clients" else { return nil }
        let client = parts[1]
        let goal = String(words[2])
        let goalPath = "clients/\(client)/goals/\(goal).md"
        let vault = workspace.vault
        guard !exists(goalPath, workspace), let id = (try? DocumentStore(vault: vault).load(client))?.client.id else { return nil }
        let today = LocalDate(now(), in: vault.timeZone)
        let day = LocalDate(year: today.year, month: today.month, day: today.day)
        let content = GoalWriter.newDocument(GoalValues(client: id, title: goal, started: day, created: today), timeZone: vault.timeZone)
        let goalURI = LanguageServer.uri(vault, goalPath)
        let start = Position(line: 0, character: 0)
        return [
            "title": .string("Create goal file \(goalPath)"),
            "kind": "quickfix",
            "edit": ["documentChanges": [
                ["kind": "create", "uri": .string(goalURI), "options": ["ignoreIfExists": true]],
                ["textDocument": ["uri": .string(goalURI), "version": .null],
                 "edits": [["range": TextRange(start: start, end: start).json, "newText": .string(content)]]],
            ]],
        ]
    }

    /// "Mark reflections complete": a session whose reflections are written (its content makes it
    /// complete) while its `status` line says otherwise gets `status: complete`, that line only.
    private func reflectionsCompleteAction(uri: String, open: OpenDocument, path: String) -> JSON? {
        let entry = VaultEntry(path: path, bytes: Array(open.document.text.utf8))
        guard case .session(let session) = entry.content else { return nil }
        let document = entry.document
        guard session.status == .complete,
              let entry = document.frontMatter?.entry("status"), let recorded = session.recordedStatus, recorded != .complete else { return nil }
        let location = entry.valueLocation
        let start = open.document.position(line: location.line, utf8Column: location.column)
        let end = open.document.position(line: location.line, utf8Column: location.column + recorded.rawValue.utf8.count)
        return [
            "title": "Mark reflections complete (status: complete)",
            "kind": "quickfix",
            "edit": ["changes": [uri: [["range": TextRange(start: start, end: end).json, "newText": "complete"]]]],
        ]
    }
}
