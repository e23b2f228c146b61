import Foundation
import GRDB

extension VaultCheck {
    /// The sessions naming a treatment the vault's catalogue lacks, each an error at its
    /// `treatment` value: the index answers which, only those files are read (or their unsaved
    /// text, from `unsaved`). Drafts included, as their own problems are.
    static func treatmentProblems(in store: IndexStore, unsaved: [String: VaultEntry]) throws(VaultError) -> [Diagnostic] {
        let catalog = store.vault.config.treatments
        let known = Set(catalog.names)
        let indexed = try store.query { db in
            try RawRow.all(db, sql: "SELECT path, treatment FROM sessions WHERE treatment IS NOT NULL", arguments: []) { ($0.text(0), $0.text(1)) }
        }
        var found: [Diagnostic] = []
        for (path, name) in indexed where !known.contains(name) && unsaved[path] == nil {
            guard let bytes = try? FileIO.read(store.vault.root + "/" + path),
                  let session = VaultEntry(path: path, bytes: bytes).session else { continue }
            found += catalog.problems(of: session, path: path)
        }
        for (path, entry) in unsaved {
            if let session = entry.session { found += catalog.problems(of: session, path: path) }
        }
        return found
    }
}
