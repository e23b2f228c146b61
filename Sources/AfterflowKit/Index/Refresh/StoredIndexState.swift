import Foundation
import GRDB

/// What a refresh plan reads of the index on disk: the fingerprints in `meta` and the
/// `documents` rows, each in its own read.
struct StoredIndexState: RefreshIndexState {
    let database: DatabaseQueue

    func savedDigest() throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'files'") }
    }

    func savedFolders() throws -> [String: String] {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'folders'")
                .flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] } ?? [:]
        }
    }

    func hasDocuments() throws -> Bool {
        try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM documents)") ?? false }
    }

    func known(in folders: Set<String>?, expected: Int) throws -> [String: KnownFile] {
        try known(in: folders, expected: expected, deep: false)
    }

    /// The files the index holds: all of them (`folders` nil), or those directly in each folder,
    /// or with `deep` those at any depth under it.
    func known(in folders: Set<String>?, expected: Int, deep: Bool) throws -> [String: KnownFile] {
        try database.read { db in
            var known: [String: KnownFile] = [:]
            known.reserveCapacity(expected)
            // Read in place: GRDB's generic decoding costs ~1,000 instructions a value here.
            func load(_ sql: String, _ arguments: StatementArguments, folder: String?) throws {
                try RawRow.each(db, sql: sql, arguments: arguments) { row in
                    let path = String(decoding: row.bytes(0), as: UTF8.self)
                    guard deep || folder == nil || IndexStore.folder(of: path) == folder else { return }
                    known[path] = KnownFile(row)
                }
            }
            guard let folders else {
                try load("SELECT path, size, modified, hash FROM documents", [], folder: nil)
                return known
            }
            // '0' follows '/': the range holds the folder's files and deeper ones.
            for folder in folders {
                try load("SELECT path, size, modified, hash FROM documents WHERE path > ? AND path < ?", [folder + "/", folder + "0"], folder: folder)
            }
            return known
        }
    }
}

extension KnownFile {
    /// From a row of `path, size, modified, hash`.
    init(_ row: RawRow) {
        self.init(size: Int64(row.int(1) ?? 0), modified: Int64(row.int(2) ?? 0), hash: Int64(row.int(3) ?? 0))
    }
}
