import GRDB

/// The fingerprints a refresh compares to know, without reading a file, that nothing changed: one
/// for the whole vault and one for each folder, saved in the `meta` table.
extension IndexStore {
    /// A fingerprint of every document's path, size and modification time, whatever their order:
    /// the count and the sum of a hash of each.
    static func digest(_ files: [ScannedFile]) -> String {
        var sum: UInt64 = 0
        for file in files { sum &+= file.fingerprint }
        return digest(count: files.count, sum: sum)
    }

    /// The fingerprint of `count` files whose fingerprints add up to `sum` (`VaultScan`).
    static func digest(count: Int, sum: UInt64) -> String {
        "\(count):" + String(sum, radix: 16)
    }

    static func saveDigest(_ digest: String, folders: [String: String], _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('files', ?)", arguments: [digest])
        let map = JSONValue.object(folders.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).serialized()
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('folders', ?)", arguments: [map])
        // The summary was added up from the rows before this write (`IndexSummary+Saved`).
        try db.execute(sql: "DELETE FROM meta WHERE key = 'summary'")
    }

    /// The folder of a vault-relative path: `sessions/2024` for `sessions/2024/a.md`, "" at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// A fingerprint for each folder of its files' paths, sizes and modification times: the same
    /// as `digest` of the folder's files. The scan hands files over folder by folder, so a run of
    /// one folder is added up before its name is looked up.
    static func folderDigests(_ files: [ScannedFile]) -> [String: String] {
        var sums: [String: (count: Int, sum: UInt64)] = [:]
        folderRuns(files) { folder, run in
            let old = sums[folder] ?? (0, 0)
            sums[folder] = (old.count + run.count, files[run].reduce(old.sum) { $0 &+ $1.fingerprint })
        }
        return sums.mapValues { "\($0.count):" + String($0.sum, radix: 16) }
    }

    /// Calls `body` with each run of consecutive files that lie in one folder, and the folder.
    static func folderRuns(_ files: [ScannedFile], _ body: (String, Range<Int>) -> Void) {
        var folder: [UInt8] = []
        var start = 0
        for (index, file) in files.enumerated() {
            var path = file.path
            path.withUTF8 { bytes in
                var slash = bytes.count
                while slash > 0 && bytes[slash - 1] != UInt8(ascii: "/") { slash -= 1 }
                let end = max(slash - 1, 0)
                if index == 0 || end != folder.count || !folder.withUnsafeBufferPointer({ $0.elementsEqual(bytes[0..<end]) }) {
                    if index > start { body(String(decoding: folder, as: UTF8.self), start..<index) }
                    folder = Array(bytes[0..<end])
                    start = index
                }
            }
        }
        if files.count > start { body(String(decoding: folder, as: UTF8.self), start..<files.count) }
    }
}
