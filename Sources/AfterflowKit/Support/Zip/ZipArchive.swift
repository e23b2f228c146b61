import Foundation

/// Reads the entries of a zip file from its central directory: stored or deflated entries, each
/// checked against its CRC-32. Enough for the files other apps hand over (a Daylio backup), not a
/// general archiver: no zip64, no encryption, no spanned archives.
public struct ZipArchive: Sendable {
    /// Why the file could not be read as a zip; the message says what was found.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// One file in the archive, as the central directory describes it.
    public struct Entry: Sendable {
        public var name: String
        /// 0 stored, 8 deflated.
        var method: Int
        var flags: Int
        var crc: UInt32
        var compressedSize: Int
        public var size: Int
        var localHeaderOffset: Int
    }

    public let bytes: [UInt8]
    public private(set) var entries: [Entry] = []

    /// `PK\u{3}\u{4}`, how a zip file starts.
    public static let magic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    public static func looksLikeZip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    public init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        let end = try endOfCentralDirectory()
        var p = end.offset
        for _ in 0..<end.count {
            guard p + 46 <= bytes.count, u32(p) == 0x0201_4B50 else {
                throw Failure(message: "its central directory is cut short or damaged (at byte \(p))")
            }
            let nameLength = u16(p + 28), extraLength = u16(p + 30), commentLength = u16(p + 32)
            guard p + 46 + nameLength <= bytes.count else { throw Failure(message: "its central directory is cut short (at byte \(p))") }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            let entry = Entry(name: name, method: u16(p + 10), flags: u16(p + 8), crc: u32(p + 16), compressedSize: Int(u32(p + 20)),
                              size: Int(u32(p + 24)), localHeaderOffset: Int(u32(p + 42)))
            if entry.compressedSize == 0xFFFF_FFFF || entry.size == 0xFFFF_FFFF || entry.localHeaderOffset == 0xFFFF_FFFF {
                throw Failure(message: "\(name) is stored in the zip64 format, which afterflow does not read")
            }
            entries.append(entry)
            p += 46 + nameLength + extraLength + commentLength
        }
    }

    /// The entry named `name`, exactly.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The bytes of `entry`, decompressed and checked against its CRC-32.
    public func contents(of entry: Entry, limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        guard entry.flags & 1 == 0 else { throw Failure(message: "\(entry.name) is encrypted") }
        let p = entry.localHeaderOffset
        guard p + 30 <= bytes.count, u32(p) == 0x0403_4B50 else { throw Failure(message: "\(entry.name)'s local header is missing or damaged") }
        let start = p + 30 + u16(p + 26) + u16(p + 28)
        guard start + entry.compressedSize <= bytes.count else { throw Failure(message: "\(entry.name) is cut short: the file ends before its data does") }
        let data = Array(bytes[start..<(start + entry.compressedSize)])
        let out: [UInt8]
        switch entry.method {
        case 0: out = data
        case 8:
            do { out = try Inflate.decompress(data, limit: min(limit, max(entry.size, 1))) } catch {
                throw Failure(message: "\(entry.name) could not be decompressed: \(error.message)")
            }
        default: throw Failure(message: "\(entry.name) is compressed with method \(entry.method); afterflow reads stored (0) and deflated (8) entries")
        }
        guard out.count == entry.size else { throw Failure(message: "\(entry.name) holds \(out.count) bytes where the zip says \(entry.size)") }
        guard CRC32.checksum(out) == entry.crc else { throw Failure(message: "\(entry.name) is damaged: its CRC-32 does not match") }
        return out
    }

    // MARK: - Reading

    /// The central directory's offset and entry count, from the end record (searched backwards
    /// over a comment of up to 65,535 bytes).
    private func endOfCentralDirectory() throws(Failure) -> (offset: Int, count: Int) {
        guard bytes.count >= 22 else { throw Failure(message: "it is too short to be a zip file (\(bytes.count) bytes)") }
        var p = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while p >= lowest {
            if u32(p) == 0x0605_4B50 {
                let count = u16(p + 10), offset = Int(u32(p + 16))
                guard offset <= p else { throw Failure(message: "its end record points past itself; the file is damaged") }
                return (offset, count)
            }
            p -= 1
        }
        throw Failure(message: "it has no zip end record; the file is not a zip or is cut short")
    }

    private func u16(_ p: Int) -> Int { Int(bytes[p]) | Int(bytes[p + 1]) << 8 }

    private func u32(_ p: Int) -> UInt32 {
        UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16 | UInt32(bytes[p + 3]) << 24
    }
}

/// The CRC-32 of zip and gzip (polynomial 0xEDB88320).
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
