import Foundation
import GRDB

extension VaultCheck {
    /// The sessions naming a treatment or a route the vault's catalogues lack (`treatments:`,
    /// `routes:`), each an error at its value: the index answers which, only those files are read
    /// (or their unsaved text, from `unsaved`). Drafts included, as their own problems are. With
    /// `files`, only those sessions are asked about.
    static func treatmentProblems(in store: IndexStore, unsaved: [String: VaultEntry], files: Set<String>? = nil) throws(VaultError) -> [Diagnostic] {
        let config = store.vault.config
        let treatments = Set(config.treatments.names)
        let routes = Set(config.routes.names)
        let named = "SELECT path, treatment, administration FROM sessions WHERE (treatment IS NOT NULL OR administration IS NOT NULL)"
        var indexed: [(String, String?, String?)] = []
        for part in files.map({ IndexStore.parameterRuns($0.sorted()) }) ?? [[]] {
            let only = files == nil ? "" : " AND path IN (\(Array(repeating: "?", count: part.count).joined(separator: ", ")))"
            indexed += try store.query { db in
                try RawRow.all(db, sql: named + only, arguments: StatementArguments(Array(part))) { ($0.text(0), $0.string(1), $0.string(2)) }
            }
        }
        let unsaved = files.map { files in unsaved.filter { files.contains($0.key) } } ?? unsaved
        var found: [Diagnostic] = []
        for (path, treatment, route) in indexed where unsaved[path] == nil {
            let unknownTreatment = treatment.map { !treatments.contains($0) } ?? false
            let unknownRoute = route.map { !routes.contains($0) } ?? false
            guard unknownTreatment || unknownRoute,
                  let bytes = try? FileIO.read(store.vault.root + "/" + path),
                  let session = VaultEntry(path: path, bytes: bytes).session else { continue }
            found += config.sessionProblems(of: session, path: path)
        }
        for (path, entry) in unsaved {
            if let session = entry.session { found += config.sessionProblems(of: session, path: path) }
        }
        return found
    }
}
