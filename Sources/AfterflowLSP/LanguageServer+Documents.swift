import AfterflowKit
import Foundation

/// Text synchronisation and the diagnostics published after each change.
extension LanguageServer {
    func didOpen(_ params: JSON?) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            log(.warning, "textDocument/didOpen without a textDocument's uri and text was ignored")
            return
        }
        let path = LanguageServer.path(ofURI: uri)
        var open = OpenDocument(document: TextDocument(text: text, version: item["version"]?.int ?? 0), path: path)
        if let path, let workspace = workspace(for: path) {
            do {
                open.relativePath = try VaultCheck.documentPath(path, in: workspace.vault)
            } catch {
                log(.info, "\(error.message); \(uri) gets no diagnostics")
            }
        }
        documents[uri] = open
        diagnosticsNeeded(for: uri)
    }

    func didChange(_ params: JSON?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, var open = documents[uri] else {
            log(.warning, "textDocument/didChange for a document that is not open was ignored")
            return
        }
        let version = params?["textDocument"]?["version"]?.int ?? open.document.version + 1
        for change in params?["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            let range = change["range"].flatMap(TextRange.init)
            open.document.apply(text, in: range, version: version)
        }
        documents[uri] = open
        diagnosticsNeeded(for: uri)
    }

    func didClose(_ params: JSON?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil else { return }
        // The file on disk is what the vault holds again: clear what was shown for the buffer,
        // and check the others against the file.
        send(Outgoing.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
        pendingDiagnostics?.remove(uri)
        diagnosticsNeeded(for: nil)
    }

    /// A file was saved or changed on disk: read the vault again and check the open documents.
    func filesChanged() {
        guard let workspace else { return }
        do {
            try workspace.refresh()
        } catch {
            log(.error, "the vault's index could not be refreshed: \(error.message)")
        }
        diagnosticsNeeded(for: nil)
    }

    /// The workspace of the vault holding `path`, found the first time it is asked for.
    func workspace(for path: String) -> Workspace? {
        if let workspace { return workspace }
        let folder = (path as NSString).deletingLastPathComponent
        var problem = ""
        for start in [workspaceRoot, folder].compactMap({ $0 }) {
            do {
                workspace = try Workspace(vault: try locate(start))
                return workspace
            } catch let error as VaultError {
                problem = error.message
            } catch {
                problem = "\(error)"
            }
        }
        if !vaultProblemSaid {
            vaultProblemSaid = true
            log(.warning, "no vault was found for \(path): \(problem)")
        }
        return nil
    }

    /// Notes that the open documents are to be checked again, `changed` (a URI) among them.
    func diagnosticsNeeded(for changed: String?) {
        var pending = pendingDiagnostics ?? []
        if let changed { pending.insert(changed) }
        pendingDiagnostics = pending
    }

    /// Publishes the diagnostics noted as needed, if any.
    public func publishPendingDiagnostics() {
        guard let changed = pendingDiagnostics else { return }
        pendingDiagnostics = nil
        publishDiagnostics(changed: changed)
    }

    /// Checks every open document of the vault (each sees the others' unsaved text) and
    /// publishes the diagnostics of those in `changed`, and of every other whose diagnostics
    /// changed.
    func publishDiagnostics(changed: Set<String>) {
        var unsaved: [String: String] = [:]
        for open in documents.values {
            if let relative = open.relativePath { unsaved[relative] = open.document.text }
        }
        var problems: [String: [Diagnostic]] = [:]
        if let workspace, !unsaved.isEmpty {
            do {
                problems = try workspace.problems(of: unsaved)
            } catch {
                log(.error, "the documents could not be checked: \(error.message)")
            }
        }
        for (uri, open) in documents.sorted(by: { $0.key < $1.key }) {
            let diagnostics = JSON.array((open.relativePath.flatMap { problems[$0] } ?? []).map { diagnostic in
                LanguageServer.json(diagnostic, in: open.document)
            })
            guard changed.contains(uri) || diagnostics != open.published else { continue }
            documents[uri]?.published = diagnostics
            send(Outgoing.notification("textDocument/publishDiagnostics", [
                "uri": .string(uri), "version": .int(open.document.version), "diagnostics": diagnostics,
            ]))
        }
    }

    /// A library diagnostic as the protocol has it: from its place to the end of the word there.
    static func json(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
        let range = document.wordRange(line: diagnostic.location.line, utf8Column: diagnostic.location.column)
        return [
            "range": range.json,
            "severity": .int(diagnostic.severity == .error ? 1 : 2),
            "source": "afterflow",
            "message": .string(diagnostic.message),
        ]
    }
}

extension TextDocument {
    /// The range from a library location to the end of the word that starts there (up to the next
    /// space, comma or closing bracket, or the end of the line); empty at a line's end.
    func wordRange(line: Int, utf8Column: Int) -> TextRange {
        let start = position(line: line, utf8Column: utf8Column)
        let text = self.line(start.line)
        var end = start.character
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = scalar.utf16.count
            defer { offset += width }
            guard offset >= start.character else { continue }
            if scalar == " " || scalar == "\t" || scalar == "," || scalar == "]" || scalar == "}" {
                if offset > start.character { break }
            }
            end = offset + width
        }
        return TextRange(start: start, end: Position(line: start.line, character: end))
    }
}
