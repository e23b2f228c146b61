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
        self.path = path
        self.size = size
        self.modified = modified
        fingerprint = ScannedFile.fingerprint(path: path, size: size, modified: modified)
    }

    /// FNV-1a of the path, then size and time mixed in with SplitMix64's finaliser, so that any
    /// change moves every bit of a sum of them.
    static func fingerprint(path: String, size: Int64, modified: Int64) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var path = path
        path.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return mix(mix(hash ^ UInt64(bitPattern: size)) ^ UInt64(bitPattern: modified))
    }
}
