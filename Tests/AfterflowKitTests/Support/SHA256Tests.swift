@testable import AfterflowKit
import Foundation
import Testing

/// The content hash a disclosure records: FIPS 180-4's own examples, and the same digest whether
/// the bytes come whole or in pieces that split the 64-byte blocks anywhere.
@Suite struct SHA256Tests {
    @Test(arguments: [
        // FIPS 180-2, appendix B.1 and B.2; the empty message as sha256sum prints it.
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test func aMillionAsFedInUnevenPieces() {
        // FIPS 180-2, appendix B.3: one million times "a".
        var hash = SHA256()
        var fed = 0
        var piece = 1
        while fed < 1_000_000 {
            let size = min(piece, 1_000_000 - fed)
            hash.update([UInt8](repeating: UInt8(ascii: "a"), count: size))
            fed += size
            piece = piece * 7 % 997 + 1  // 1, 8, 57, 400, … : splits blocks at every offset
        }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func theDigestLeavesTheHashAsItWas() {
        var hash = SHA256()
        hash.update(Array("ab".utf8))
        _ = hash.hexDigest()
        hash.update(Array("c".utf8))
        #expect(hash.hexDigest() == SHA256.hex(Array("abc".utf8)))
    }
}
