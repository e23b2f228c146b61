/// A 64-bit FNV-1a hash of a file's bytes: stable across runs and machines (unlike `Hasher`), to
/// confirm that a file whose modification time changed still holds the same bytes.
public enum ContentHash {
    public static func of(_ bytes: [UInt8]) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return Int64(bitPattern: hash)
    }
}
