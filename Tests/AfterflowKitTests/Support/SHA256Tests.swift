@testable import AfterflowKit
import Foundation
import Testing

/// The content hash a disclosure records: FIPS 180-4's own examples, and the same digest whether
/// the bytes come whole or in pieces that split the 64-byte blocks anywhere. Each runs twice: with
/// the processor's SHA instructions where this machine has them (`portable: false`; on one
/// without, that is the Swift code again) and with the portable Swift block function.
@Suite struct SHA256Tests {
    static let paths = [false, true]

    @Test(arguments: [
        // FIPS 180-2, appendix B.1 and B.2; the empty message as sha256sum prints it; FIPS 180-4's
        // example of 896 bits (appendix C of the 2002 notice), two blocks of message.
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ], paths)
    func knownDigests(vector: (message: String, digest: String), portable: Bool) {
        var hash = SHA256(portable: portable)
        hash.update(Array(vector.message.utf8))
        #expect(hash.hexDigest() == vector.digest)
    }

    @Test(arguments: paths)
    func aMillionAsFedInUnevenPieces(portable: Bool) {
        // FIPS 180-2, appendix B.3: one million times "a".
        var hash = SHA256(portable: portable)
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

    /// Every length from 0 to 2,000 bytes (every position of the padding in the last block, and
    /// one to 31 whole blocks) and one message of 3 MiB, random bytes: the digests of both paths
    /// equal Python's hashlib, and the big one is fed in pieces of random size as well.
    @Test func randomMessagesAgreeWithPythonsHashlib() throws {
        var random = SeededRandom("randomMessagesAgreeWithPythonsHashlib")
        var messages = (0...2_000).map { length in (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) } }
        messages.append((0..<3 * 1_048_576).map { _ in UInt8.random(in: 0...255, using: &random) })
        // Python reads the messages one after the other from standard input, their lengths given
        // as arguments, and prints one digest a line.
        let script = """
            import hashlib, sys
            data = sys.stdin.buffer.read()
            at = 0
            for length in map(int, sys.argv[1].split(',')):
                print(hashlib.sha256(data[at:at + length]).hexdigest())
                at += length
            """
        let lengths = messages.map { String($0.count) }.joined(separator: ",")
        let run = try ZipArchiveTests.python(["-c", script, lengths], input: Data(messages.joined()))
        let expected = run.text.split(separator: "\n").map(String.init)
        try #require(expected.count == messages.count)
        for (message, digest) in zip(messages, expected) {
            var fast = SHA256(portable: false), portable = SHA256(portable: true)
            fast.update(message)
            portable.update(message)
            #expect(fast.hexDigest() == digest, "\(message.count) bytes, processor's instructions")
            #expect(portable.hexDigest() == digest, "\(message.count) bytes, portable")
        }
        let big = try #require(messages.last)
        var pieces = SHA256(portable: false), at = 0
        while at < big.count {
            let end = min(big.count, at + Int.random(in: 1...200_000, using: &random))
            pieces.update(Array(big[at..<end]))
            at = end
        }
        #expect(pieces.hexDigest() == expected.last)
    }

    /// The processor's instructions are used exactly where the processor has them: on Linux the
    /// kernel lists `sha_ni` among an x86-64's flags, so on this machine the tests above check
    /// both block functions rather than the Swift one twice.
    @Test func theProcessorsInstructionsAreFoundWhereTheyAre() throws {
        #if os(Linux) && arch(x86_64)
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ").map(String.init) } ?? []
        #expect(SHA256.processorHasSHA == flags.contains("sha_ni"))
        #elseif !arch(x86_64)
        #expect(!SHA256.processorHasSHA)  // only x86-64's instructions are written
        #endif
    }

    @Test func theDigestLeavesTheHashAsItWas() {
        var hash = SHA256()
        hash.update(Array("ab".utf8))
        _ = hash.hexDigest()
        hash.update(Array("c".utf8))
        #expect(hash.hexDigest() == SHA256.hex(Array("abc".utf8)))
    }
}
