import Foundation

/// One Markdown file of the vault as read from disk, read as the kind its `type` names, or as
/// another tool's note (see `DocumentKind.isAfterflowDocument`).
public struct VaultEntry: Sendable {
    /// Relative to the vault root, with `/` separators.
    public let path: String
    /// The bytes as read: what a later write checks the file still holds.
    public var document: Document
    /// The typed view: a session, client, goal, trial session, another kind, or a plain note.
    public var content: DocumentContent
    /// The file's problems, with `path` filled in; duplicate ids and checks against other files
    /// (a trial's goal) are added by the catalog.
    public var diagnostics: [Diagnostic]

    public var isDraft: Bool { Vault.isDraft(path) }

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, document: Document(bytes: bytes))
    }

    public init(path: String, document: Document) {
        self.path = path
        self.document = document
        content = DocumentContent(document: document, path: path)
        diagnostics = content.diagnostics(of: document).map { $0.withPath(path) }
    }

    /// The typed view when the file is a therapy session (no `type`, or `type: session`).
    public var session: Session? {
        if case .session(let session) = content { return session }
        return nil
    }

    public var kind: DocumentKind? { content.kind }

    /// Whether the file is not an afterflow document: a plain note without front matter, or
    /// another tool's note. Such a file is never written, named by a reference, or checked.
    public var isPlainNote: Bool {
        switch content {
        case .note, .foreign: return true
        default: return false
        }
    }

    /// Whether the file is another tool's note: front matter, but not afterflow's.
    public var isForeign: Bool {
        if case .foreign = content { return true }
        return false
    }
}
