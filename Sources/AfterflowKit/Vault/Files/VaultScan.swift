/// What the walk of the vault found (`VaultScanner.walk`): every document's size, modification
/// time and fingerprint, and its vault-relative path as bytes, one part a thread of the walk.
///
/// Nothing is allocated per file while walking: a part holds its paths end to end in one buffer.
/// The whole vault's fingerprint (`IndexStore.digest`) is the count and the sum of the files'
/// fingerprints, added up here; the paths become `ScannedFile`s (a `String` each) only when asked
/// for, which a refresh that finds nothing changed never does.
struct VaultScan: Sendable {
    /// What one thread of the walk found, in the order it found it.
    struct Part: Sendable {
        /// Every path, end to end.
        var bytes: [UInt8] = []
        /// Each file's path's end in `bytes` (its start is the end before it), size, modification
        /// time and `ScannedFile.fingerprint`.
        var files: [(end: Int, size: Int64, modified: Int64, fingerprint: UInt64)] = []
        /// Afterflow's temporary files passed (vault-relative).
        var temporary: [String] = []

        init() {
            bytes.reserveCapacity(16_384)
            files.reserveCapacity(512)
        }

        /// Adds the file `name` of the folder `folder` (vault-relative, with its slash at the
        /// end; `folderHash` is `ScannedFile.pathHash(folder)`).
        mutating func add(folder: [UInt8], folderHash: UInt64, name: UnsafeBufferPointer<UInt8>, size: Int64, modified: Int64) {
            bytes.append(contentsOf: folder)
            bytes.append(contentsOf: name)
            let hash = ScannedFile.pathHash(name, from: folderHash)
            files.append((bytes.count, size, modified, ScannedFile.fingerprint(pathHash: hash, size: size, modified: modified)))
        }
    }

    let parts: [Part]
    /// How many files were found.
    let count: Int
    /// The sum of their fingerprints (wrapping).
    let sum: UInt64

    init(parts: [Part]) {
        self.parts = parts
        var count = 0
        var sum: UInt64 = 0
        for part in parts {
            count += part.files.count
            for file in part.files { sum &+= file.fingerprint }
        }
        self.count = count
        self.sum = sum
    }

    /// The files, a `String` path each, in the walk's order (folder by folder within a part).
    var files: [ScannedFile] {
        var files: [ScannedFile] = []
        files.reserveCapacity(count)
        for part in parts {
            part.bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                for file in part.files {
                    let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<file.end]), as: UTF8.self)
                    files.append(ScannedFile(path: path, size: file.size, modified: file.modified, fingerprint: file.fingerprint))
                    start = file.end
                }
            }
        }
        return files
    }

    /// The paths alone, in the walk's order.
    var paths: [String] { files.map(\.path) }
}
