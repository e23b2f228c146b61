/// A document found on disk, with what a refresh compares: size and modification time.
public struct ScannedFile: Sendable, Hashable {
    /// Vault-relative, with `/` separators.
    public let path: String
    public let size: Int64
    /// Nanoseconds since 1970.
    public let modified: Int64
    /// A hash of the three, which the index's fingerprints add up (made here, on the scan's threads).
    let fingerprint: UInt64

    public init(path: String, size: Int64, modified: Int64) {
        var bytes = path
        let hash = bytes.withUTF8 { ScannedFile.pathHash($0) }
        self.init(path: path, size: size, modified: modified, fingerprint: ScannedFile.fingerprint(pathHash: hash, size: size, modified: modified))
    }

    /// A file whose fingerprint the walk already made (`VaultScan`).
    init(path: String, size: Int64, modified: Int64, fingerprint: UInt64) {
        self.path = path
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
    }

    /// FNV-1a of the path, then size and time mixed in with SplitMix64's finaliser, so that any
    /// change moves every bit of a sum of them.
    static func fingerprint(path: String, size: Int64, modified: Int64) -> UInt64 {
        var path = path
        return fingerprint(pathHash: path.withUTF8 { pathHash($0) }, size: size, modified: modified)
    }

    /// The FNV-1a hash of a path's bytes, continued from `hash` (the hash of the bytes before
    /// them: a walk hashes each folder's path once, then each name in it).
    static func pathHash(_ bytes: some Sequence<UInt8>, from hash: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The fingerprint of a path whose hash is `pathHash`, with its size and time.
    static func fingerprint(pathHash hash: UInt64, size: Int64, modified: Int64) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return mix(mix(hash ^ UInt64(bitPattern: size)) ^ UInt64(bitPattern: modified))
    }
}
