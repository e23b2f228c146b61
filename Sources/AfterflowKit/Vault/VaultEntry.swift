import Foundation

/// One Markdown file of the vault as read from disk.
public struct VaultEntry: Sendable {
    /// Relative to the vault root, with `/` separators.
    public let path: String
    /// The bytes as read: what a later write checks the file still holds.
    public var document: Document
    /// The typed view, when the file is a session (no `type`, or `type: session`).
    public var session: Session?
    /// The `type` of a document that is not a session (`client`, `trials`, `mood`).
    public var otherKind: String?
    /// The file's problems, with `path` filled in; duplicate ids are added by the catalog.
    public var diagnostics: [Diagnostic]

    public var isDraft: Bool { Vault.isDraft(path) }

    /// Document kinds of later formats: read, kept, and not checked as sessions.
    public static let otherKinds: Set<String> = ["client", "trials", "mood"]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        let document = Document(bytes: bytes)
        self.document = document
        let type = document.frontMatter?["type"]?.scalar?.text.trimmingASCIIWhitespace().lowercased()
        if document.frontMatter == nil && document.diagnostics.isEmpty {
            // A Markdown file without front matter is a plain note: not ours to check.
            session = nil
            otherKind = nil
            diagnostics = []
        } else if let type, type != "session" {
            session = nil
            otherKind = type
            var diagnostics = document.diagnostics
            if !VaultEntry.otherKinds.contains(type), let entry = document.frontMatter?.entry("type") {
                diagnostics.append(.warning("type \(quoted(type)) is not one afterflow knows; expected session (or leave type out)", at: entry.valueLocation))
            }
            self.diagnostics = diagnostics.map { $0.withPath(path) }
        } else {
            let session = Session(document: document)
            self.session = session
            otherKind = nil
            diagnostics = session.diagnostics.map { $0.withPath(path) }
        }
    }

    /// Whether the file has no front matter at all: a plain note, not an afterflow document.
    public var isPlainNote: Bool { document.frontMatter == nil && document.diagnostics.isEmpty && session == nil }
}
