/// A fast check that bytes are well-formed UTF-8 (no overlong forms, surrogates or values past
/// U+10FFFF), eight ASCII bytes at a time.
enum UTF8Validation {
    /// The offset of the first byte of the first ill-formed sequence, or nil.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var i = 0
            while i < count {
                // Skip ASCII eight bytes at a time.
                if i + 8 <= count {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                let b0 = base[i]
                if b0 < 0x80 {
                    i += 1
                    continue
                }
                func continuation(_ k: Int) -> Bool { i + k < count && base[i + k] & 0xC0 == 0x80 }
                switch b0 {
                case 0xC2...0xDF:
                    guard continuation(1) else { return i }
                    i += 2
                case 0xE0...0xEF:
                    guard continuation(1), continuation(2) else { return i }
                    let b1 = base[i + 1]
                    if b0 == 0xE0 && b1 < 0xA0 { return i }
                    if b0 == 0xED && b1 > 0x9F { return i }
                    i += 3
                case 0xF0...0xF4:
                    guard continuation(1), continuation(2), continuation(3) else { return i }
                    let b1 = base[i + 1]
                    if b0 == 0xF0 && b1 < 0x90 { return i }
                    if b0 == 0xF4 && b1 > 0x8F { return i }
                    i += 4
                default:
                    return i
                }
            }
            return nil
        }
    }
}
