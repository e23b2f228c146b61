import CSHA256

/// SHA-256 (FIPS 180-4), fed a piece at a time: the content hash a disclosure records, the same
/// hex digest `sha256sum` prints, so that a recipient's copy can be matched to its log entry.
/// Whole blocks go to the processor's SHA instructions where it has them (x86-64's SHA-NI, our
/// own C in `Sources/CSHA256`), else to the portable Swift below: the same digest either way.
public struct SHA256: Sendable {
    /// Whether this processor runs the C block function (checked once, by cpuid).
    static let processorHasSHA = afterflow_sha256_accelerated() != 0
    private var state: [UInt32] = [0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19]
    /// Bytes not yet making up a whole 64-byte block.
    private var pending: [UInt8] = []
    /// Bytes fed so far.
    private var length: UInt64 = 0
    /// Whether whole blocks go to the processor's SHA instructions.
    private let accelerated: Bool

    public init() { accelerated = Self.processorHasSHA }

    /// A hash that never uses the processor's SHA instructions (`portable`), so that tests check
    /// the Swift block function on a machine that has them.
    init(portable: Bool) { accelerated = !portable && Self.processorHasSHA }

    /// The hex digest of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            start = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0, at: 0, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - start) / 64
        if blocks > 0 {
            compress(bytes, at: start, blocks: blocks)
            start += blocks * 64
        }
        pending.append(contentsOf: bytes[start...])
    }

    /// The digest of what was fed, as 64 lower-case hex digits (the hash itself is left as it is).
    public func hexDigest() -> String {
        var copy = self
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        copy.update(tail)
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for word in copy.state {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let k: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    /// `blocks` 64-byte blocks from `offset`.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer, at offset: Int, blocks: Int) {
        guard accelerated, let base = bytes.baseAddress else {
            for block in 0..<blocks { compress(bytes, at: offset + block * 64) }
            return
        }
        let data = (base + offset).assumingMemoryBound(to: UInt8.self)
        state.withUnsafeMutableBufferPointer { afterflow_sha256_blocks($0.baseAddress, data, blocks) }
    }

    /// One 64-byte block at `offset`, in Swift. The message schedule lives on the stack and the tables are
    /// read through unsafe buffers: an array per block made hashing a sixth of `export csv`'s time.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + i * 4, as: UInt32.self))
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            Self.k.withUnsafeBufferPointer { k in
                state.withUnsafeMutableBufferPointer { state in
                    var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
                    for i in 0..<64 {
                        let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                        let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
                    state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
                }
            }
        }
    }

}

@inline(__always)
private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
