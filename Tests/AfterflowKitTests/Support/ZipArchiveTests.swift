@testable import AfterflowKit
import Foundation
import Testing

/// Zip files made by Python's zipfile (zlib's deflate), read back by `ZipArchive` and `Inflate`.
@Suite("Zip reading: stored and deflated entries from Python's zipfile")
struct ZipArchiveTests {
    /// Zips every file of `folder` into `out` (names: stored.txt stored, the others deflated at
    /// level 9), then prints each deflated entry's first block type (BTYPE: 0 stored, 1 fixed
    /// Huffman, 2 dynamic Huffman) as `name type`, one a line.
    static let zipScript = """
        import os, sys, zipfile, zlib
        out, folder = sys.argv[1], sys.argv[2]
        with zipfile.ZipFile(out, 'w') as z:
            for name in sorted(os.listdir(folder)):
                method = zipfile.ZIP_STORED if name == 'stored.txt' else zipfile.ZIP_DEFLATED
                z.write(os.path.join(folder, name), name, compress_type=method, compresslevel=9)
        for name in sorted(os.listdir(folder)):
            if name == 'stored.txt' or name == 'empty.txt': continue
            data = open(os.path.join(folder, name), 'rb').read()
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            raw = c.compress(data) + c.flush()
            print(name, (raw[0] >> 1) & 3)
        """

    static func python(_ arguments: [String], input: Data? = nil) throws -> ProgramRun {
        guard let run = try TestProgram.runOnPath("python3", arguments, input: input) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "python3 is not on PATH"])
        }
        #expect(run.status == 0, "python3: \(run.errorText)")
        return run
    }

    /// The files zipped, by name.
    static func contents() -> [String: [UInt8]] {
        var random = SeededRandom(seed: 1951)
        // Incompressible bytes, more than one stored block holds (65,535).
        let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        // Repetitive text: a dynamic Huffman block with matches reaching back up to 32 KiB.
        let text = (0..<2_000).map { "line \($0 % 97): the quick brown fox jumps over the lazy dog\n" }.joined()
        return [
            "stored.txt": Array("kept as it is\n".utf8),
            "text.txt": Array(text.utf8),
            "random.bin": noise,
            "short.txt": Array("hello hello hello".utf8),  // short: a fixed Huffman block
            "empty.txt": [],
        ]
    }

    @Test("every entry reads back as the bytes zipped, through each kind of deflate block")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let files = Self.contents()
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/in/" + name)) }
        let run = try Self.python(["-c", Self.zipScript, folder + "/out.zip", folder + "/in"])
        // The blocks zlib chose, so the test is known to cover stored, fixed and dynamic blocks.
        #expect(run.text == "random.bin 0\nshort.txt 1\ntext.txt 2\n")

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.zip")))
        #expect(ZipArchive.looksLikeZip(bytes))
        let archive = try ZipArchive(bytes)
        #expect(archive.entries.map(\.name) == files.keys.sorted())
        for entry in archive.entries {
            #expect(try archive.contents(of: entry) == files[entry.name], "\(entry.name)")
        }
    }

    @Test("a damaged entry, a cut file and a file that is no zip are refused with what was wrong")
    func damaged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let text = Self.contents()["text.txt"] ?? []
        try Data(text).write(to: URL(fileURLWithPath: folder + "/in/text.txt"))
        _ = try Self.python(["-c", Self.zipScript, folder + "/out.zip", folder + "/in"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.zip")))

        // The local header is 30 bytes and the name "text.txt" 8: the data starts at byte 38.
        // Changing a byte in the middle of it changes the output (or breaks the code): either
        // way the entry is refused, never handed back wrong.
        var flipped = bytes
        flipped[38 + 200] ^= 0x55
        let archive = try ZipArchive(flipped)
        #expect(throws: ZipArchive.Failure.self) { _ = try archive.contents(of: archive.entries[0]) }

        // Cut before the end record: no end record is found.
        let cut = Array(bytes.prefix(bytes.count - 30))
        let cutError = #expect(throws: ZipArchive.Failure.self) { _ = try ZipArchive(cut) }
        #expect(cutError?.message == "it has no zip end record; the file is not a zip or is cut short")

        let short = #expect(throws: ZipArchive.Failure.self) { _ = try ZipArchive(Array("PK\u{3}\u{4}".utf8)) }
        #expect(short?.message == "it is too short to be a zip file (4 bytes)")
    }

    @Test("CRC-32 of the check string 123456789 is CBF43926")
    func crc() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
