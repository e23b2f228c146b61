import Foundation

/// Decompresses raw DEFLATE data (RFC 1951), as a zip file's deflated entries hold it: stored,
/// fixed-Huffman and dynamic-Huffman blocks. A small reader so that the library links no zlib.
public enum Inflate {
    /// Why the data could not be decompressed; the message says what was found.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The decompressed bytes; `limit` bounds the output (a zip bomb stops there with an error).
    public static func decompress(_ input: [UInt8], limit: Int = 1 << 30) throws(Failure) -> [UInt8] {
        var reader = BitReader(bytes: input)
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, input.count * 4))
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &out)
            case 1: try huffman(&reader, literals: fixedLiterals, distances: fixedDistances, into: &out, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try huffman(&reader, literals: literals, distances: distances, into: &out, limit: limit)
            default: throw Failure(message: "a deflate block of the reserved type 3")
            }
            if out.count > limit { throw Failure(message: "the data grows past \(limit) bytes") }
        }
        return out
    }

    // MARK: - Bits

    struct BitReader {
        let bytes: [UInt8]
        var position = 0  // in bits

        /// `count` bits, least significant first (RFC 1951, 3.1.1).
        mutating func bits(_ count: Int) throws(Failure) -> Int {
            var value = 0
            for i in 0..<count {
                let byte = position >> 3
                guard byte < bytes.count else { throw Failure(message: "the data ends in the middle of a deflate block") }
                value |= Int((bytes[byte] >> UInt8(position & 7)) & 1) << i
                position += 1
            }
            return value
        }

        mutating func alignToByte() { position = (position + 7) & ~7 }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        /// Reads one symbol, a bit at a time (puff.c's decode).
        func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(message: "a Huffman code that the block's table does not have")
        }
    }

    static let fixedLiterals = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    // MARK: - Blocks

    static func stored(_ reader: inout BitReader, into out: inout [UInt8]) throws(Failure) {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw Failure(message: "a stored deflate block whose length and its complement disagree") }
        let start = reader.position >> 3
        guard start + length <= reader.bytes.count else { throw Failure(message: "the data ends in the middle of a stored deflate block") }
        out += reader.bytes[start..<(start + length)]
        reader.position += length * 8
    }

    static func huffman(_ reader: inout BitReader, literals: Huffman, distances: Huffman, into out: inout [UInt8], limit: Int) throws(Failure) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count else { throw Failure(message: "a length code \(symbol) that deflate does not have") }
            let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
            let distanceCode = try distances.decode(&reader)
            guard distanceCode < distanceBase.count else { throw Failure(message: "a distance code \(distanceCode) that deflate does not have") }
            let distance = distanceBase[distanceCode] + (try reader.bits(distanceExtra[distanceCode]))
            guard distance <= out.count else { throw Failure(message: "a distance of \(distance) bytes back, before the start of the data") }
            guard out.count + length <= limit else { throw Failure(message: "the data grows past \(limit) bytes") }
            let start = out.count - distance
            for i in 0..<length { out.append(out[start + i]) }
        }
    }

    /// The order in which a dynamic block gives its code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(message: "a dynamic deflate block with too many codes") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengthCount { codeLengths[codeLengthOrder[i]] = try reader.bits(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a dynamic deflate block that repeats a length before giving one") }
                lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(message: "a dynamic deflate block whose code lengths overrun its table") }
        guard lengths[256] != 0 else { throw Failure(message: "a dynamic deflate block without an end-of-block code") }
        return (Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }
}
