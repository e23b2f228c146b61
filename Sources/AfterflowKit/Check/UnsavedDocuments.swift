import Foundation
import GRDB

/// Documents an editor holds but has not saved, read as the vault would read their files: what
/// `VaultCheck` puts in place of those files.
struct UnsavedDocuments {
    /// By vault-relative path.
    private(set) var entries: [String: VaultEntry] = [:]

    init(_ texts: [String: String], in vault: Vault) throws(VaultError) {
        for (given, text) in texts {
            let path = try UnsavedDocuments.relativePath(given, in: vault)
            entries[path] = VaultEntry(path: path, bytes: Array(text.utf8))
        }
    }

    /// The unsaved bytes by path, for the checks across files.
    var bytes: [String: [UInt8]] { entries.mapValues(\.document.bytes) }

    /// `given` (vault-relative, or absolute) as a vault-relative path of a document the vault reads.
    static func relativePath(_ given: String, in vault: Vault) throws(VaultError) -> String {
        let absolute = given.hasPrefix("/") ? given : vault.root + "/" + given
        guard !given.utf8.contains(0), let relative = vault.relativePath(absolute), !relative.isEmpty else {
            throw VaultError(.outsideVault, "\(given) is outside the vault at \(vault.root); only the vault's own documents can be checked")
        }
        guard isDocumentPath(relative) else {
            throw VaultError(.invalid, "\(relative) is not a document the vault reads, so it has nothing to check; documents are .md files outside folders whose names start with a dot (but for the drafts in \(Vault.draftsFolder)/) and outside \(Vault.templatesFolder)/")
        }
        return relative
    }

    /// Whether the vault reads `relative` as a document: as `VaultScanner` finds them, or a draft.
    static func isDocumentPath(_ relative: String) -> Bool {
        if VaultScanner.isDocumentPath(relative) { return true }
        guard Vault.isDraft(relative), relative.hasSuffix(".md") else { return false }
        return !relative.dropFirst(Vault.draftsFolder.count + 1).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// The document's own `id` as the index keeps it (upper case), when its kind has a row with
    /// an id: every kind's view reads the `id` entry with `FrontMatterReader.documentID`.
    static func id(of entry: VaultEntry) -> String? {
        guard entry.kind != nil, !entry.isPlainNote else { return nil }
        if case .other = entry.content { return nil }
        guard let field = entry.document.frontMatter?.entries.last(where: { $0.key == "id" }) else { return nil }
        var reader = FrontMatterReader(document: entry.document)
        return reader.documentID(field)?.uuidString
    }

    // MARK: - Problems

    /// `problems` (`IndexStore.problems()`, the files on disk) with the unsaved documents' in
    /// place of their files': their own problems, and the duplicate ids among every id the unsaved
    /// texts had on disk or have now.
    func replacingProblems(_ problems: [Diagnostic], in store: IndexStore) throws(VaultError) -> [Diagnostic] {
        guard !entries.isEmpty else { return problems }
        var newIDs: [String: String] = [:]
        for (path, entry) in entries { newIDs[path] = UnsavedDocuments.id(of: entry) }
        let onDisk = try store.documentIDs(whereColumn: "path", in: Array(entries.keys))
        let before = try store.documentIDs(whereColumn: "id", in: Array(Set(onDisk.map(\.id)).union(newIDs.values)))
        // The duplicate-id errors the files on disk gave those ids, by path and message.
        var stale = Set<[String]>()
        for (id, paths) in UnsavedDocuments.pathsByID(before) {
            for path in paths.dropFirst() {
                stale.insert([path, Diagnostic.duplicateID(id, firstPath: paths[0], at: SourceLocation(line: 1, column: 1), path: path).message])
            }
        }
        var found = problems.filter { d in
            guard let path = d.path else { return true }
            return entries[path] == nil && !stale.contains([path, d.message])
        }
        for path in entries.keys.sorted() { found += entries[path]?.diagnostics ?? [] }
        let after = before.filter { entries[$0.path] == nil } + newIDs.map { (id: $0.value, path: $0.key) }
        for (id, paths) in UnsavedDocuments.pathsByID(after) {
            for path in paths.dropFirst() {
                found.append(.duplicateID(id, firstPath: paths[0], at: idLocation(path, vault: store.vault), path: path))
            }
        }
        return found.sorted(by: VaultCheck.inFileOrder)
    }

    /// The paths of each id held by more than one document, in byte order (the index's).
    static func pathsByID(_ rows: [(id: String, path: String)]) -> [(String, [String])] {
        var byID: [String: [String]] = [:]
        for row in rows { byID[row.id, default: []].append(row.path) }
        return byID.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { id, paths in
            (id, paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    /// Where the `id` value of the document at `path` is: in the unsaved text, else in the file.
    func idLocation(_ path: String, vault: Vault) -> SourceLocation {
        let document = entries[path]?.document ?? (try? FileIO.read(vault.path(path))).map { Document(bytes: $0) }
        return document?.frontMatter?.entry("id")?.valueLocation ?? SourceLocation(line: 1, column: 1)
    }

    /// How many more documents the vault counts with the unsaved texts in place of the files:
    /// one for each that is afterflow's, one less for each file the index counts.
    func documentCountChange(in store: IndexStore) throws(VaultError) -> Int {
        guard !entries.isEmpty else { return 0 }
        let counted = try store.countedDocuments(among: Array(entries.keys))
        return entries.values.filter { !$0.isPlainNote }.count - counted
    }
}

extension IndexStore {
    /// The id and path of every document, of any kind, whose `column` (`id` or `path`) is one of
    /// `values`.
    func documentIDs(whereColumn column: String, in values: [String]) throws(VaultError) -> [(id: String, path: String)] {
        let ids = DocumentKind.allCases.map { "SELECT id, path FROM \($0.table)" }.joined(separator: " UNION ALL ")
        var found: [(id: String, path: String)] = []
        for part in IndexStore.parameterRuns(values) {
            let marks = Array(repeating: "?", count: part.count).joined(separator: ", ")
            found += try query { db in
                try Row.fetchAll(db, sql: "SELECT id, path FROM (\(ids)) WHERE id IS NOT NULL AND \(column) IN (\(marks))",
                                 arguments: StatementArguments(Array(part))).map { row in (id: row[0], path: row[1]) }
            }
        }
        return found
    }

    /// `values` in runs short enough to be one statement's parameters (SQLite takes at most
    /// 32,766; `check` may be given every file of a commit).
    static func parameterRuns<T>(_ values: [T], length: Int = 500) -> [ArraySlice<T>] {
        stride(from: 0, to: values.count, by: length).map { values[$0..<min(values.count, $0 + length)] }
    }

    /// How many of `paths` the index counts as documents (`documentCount`).
    func countedDocuments(among paths: [String]) throws(VaultError) -> Int {
        let marks = Array(repeating: "?", count: paths.count).joined(separator: ", ")
        return try query { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE kind != 'note' AND path IN (\(marks))",
                             arguments: StatementArguments(paths)) ?? 0
        }
    }
}
