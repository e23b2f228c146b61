import Foundation

/// The one check every writer makes before it writes a document: the rules `check` applies to a
/// file on its own (read as the kind its path and `type` make it), so that no command writes a
/// file `check` would reject, and none writes over another tool's note.
public enum WriteCheck {
    /// The errors `check` would report of `document` at the vault-relative `path`, with the path
    /// filled in; empty when it may be written.
    public static func errors(in document: Document, at path: String) -> [Diagnostic] {
        VaultEntry(path: path, document: document).diagnostics.filter { $0.severity == .error }
    }

    /// Throws `.invalid` when `document` may not be written at `path`: it would not be an
    /// afterflow document there, or it has errors (the first named file:line:column, the others
    /// as details). Nothing is written then.
    /// With `config` (the vault's), a session naming a treatment or route it lacks is refused too.
    public static func validate(_ document: Document, at path: String, config: VaultConfig? = nil) throws(VaultError) {
        let entry = VaultEntry(path: path, document: document)
        if entry.isPlainNote {
            throw VaultError(.invalid, "refusing to write \(path): " + DocumentReference.whatItIs(entry) + "; afterflow leaves such files alone")
        }
        var errors = entry.diagnostics.filter { $0.severity == .error }
        if let config, let session = entry.session {
            errors = (errors + config.sessionProblems(of: session, path: path)).sorted { $0.location < $1.location }
        }
        guard let first = errors.first else { return }
        throw VaultError(.invalid, "\(path):\(first.location): \(first.message); nothing was written (afterflow writes no file that 'check' rejects)",
                         details: errors.dropFirst().map { "  " + $0.description })
    }
}
