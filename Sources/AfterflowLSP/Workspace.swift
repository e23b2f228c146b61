import AfterflowKit
import Foundation

/// The vault the opened documents belong to, and its index.
final class Workspace {
    let vault: Vault
    let store: IndexStore
    /// The files the last refresh could not read, reported as `check` reports them.
    private(set) var readFailures: [Diagnostic]

    init(vault: Vault) throws(VaultError) {
        self.vault = vault
        let (store, report, _) = try IndexStore.refreshed(vault)
        self.store = store
        readFailures = report.readFailures
    }

    /// Reads the files changed on disk since the last refresh.
    func refresh() throws(VaultError) {
        readFailures = try store.refresh().readFailures
    }

    /// The problems of the documents `unsaved` holds (by vault-relative path), each checked from
    /// that text, the checks across files seeing every one of them in place of its file.
    func problems(of unsaved: [String: String]) throws(VaultError) -> [String: [Diagnostic]] {
        let check = VaultCheck(store: store, readFailures: readFailures)
        let report = try check.check(files: Set(unsaved.keys), unsaved: unsaved)
        var byPath: [String: [Diagnostic]] = [:]
        for path in unsaved.keys { byPath[path] = [] }
        for diagnostic in report.diagnostics {
            if let path = diagnostic.path { byPath[path, default: []].append(diagnostic) }
        }
        return byPath
    }
}

/// A document the editor has open.
struct OpenDocument {
    var document: TextDocument
    /// The file it is, when the URI names a local file.
    var path: String?
    /// Its vault-relative path, when it is a document of the workspace's vault.
    var relativePath: String?
    /// The diagnostics last published for it.
    var published: JSON?
}
