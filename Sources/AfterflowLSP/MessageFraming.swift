import Foundation

/// What one read of the stream gave: a message's body, or a header that could not be read.
public enum Frame: Sendable, Equatable {
    /// The bytes of one message body (JSON, not yet parsed).
    case message([UInt8])
    /// A header block without a usable `Content-Length`; the bytes up to its end were skipped.
    case malformed(String)
}

/// Cuts a byte stream into the messages of the base protocol: header lines ended by `\r\n`, an
/// empty line, then exactly `Content-Length` bytes of body.
///
/// Bytes arrive as they were read (a message split over many reads, several in one read); the
/// reader keeps what is not yet a whole message. A header block that names no length, or a length
/// that is not a number, is skipped up to its end and reported, so that the messages after it are
/// still read.
public struct FrameReader: Sendable {
    /// The largest body accepted; a header asking for more is reported and skipped.
    public static let maximumBodyLength = 256 << 20
    /// The longest header block read before the bytes are given up as noise.
    public static let maximumHeaderLength = 64 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header block already read, while its body is awaited.
    private var pendingLength: Int?

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// How many bytes are held that are not yet part of a whole message.
    public var pendingByteCount: Int { buffer.count - start }

    /// The next whole frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<start + length])
            start += length
            pendingLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > FrameReader.maximumHeaderLength {
                let dropped = buffer.count - start
                start = buffer.count
                return .malformed("\(dropped) bytes without the blank line that ends a header were skipped")
            }
            return nil
        }
        let header = Array(buffer[start..<end])
        switch FrameReader.contentLength(header) {
        case .success(let length):
            start = end + 4
            pendingLength = length
            return next()
        case .failure(let problem):
            // Read on from a later `Content-Length` in the block, if there is one: what came
            // before it was noise, not a header.
            if let resume = FrameReader.laterContentLength(in: header) {
                start += resume
            } else {
                start = end + 4
            }
            return .malformed(problem.message)
        }
    }

    /// Where the blank line ending the header block at `start` begins.
    private func headerEnd() -> Int? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    struct HeaderProblem: Error { var message: String }

    /// The `Content-Length` of a header block (its lines without the blank one), names compared
    /// without case; other headers (`Content-Type`) are allowed and ignored.
    static func contentLength(_ header: [UInt8]) -> Result<Int, HeaderProblem> {
        let text = String(decoding: header, as: UTF8.self)
        var length: Int?
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "a header line has no colon: \"\(line.prefix(80))\"; expected \"Content-Length: <bytes>\""))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let number = Int(value), number >= 0, value.allSatisfy(\.isASCII) else {
                    return .failure(HeaderProblem(message: "Content-Length is \"\(value.prefix(40))\"; expected a number of bytes"))
                }
                guard number <= maximumBodyLength else {
                    return .failure(HeaderProblem(message: "Content-Length \(number) is larger than the \(maximumBodyLength) bytes a message may have"))
                }
                length = number
            }
        }
        guard let length else {
            return .failure(HeaderProblem(message: "a header has no Content-Length; expected \"Content-Length: <bytes>\" then a blank line"))
        }
        return .success(length)
    }

    /// The offset of a `Content-Length` that starts a header line after the first, or follows
    /// noise on the first line: where the next real header may begin.
    static func laterContentLength(in header: [UInt8]) -> Int? {
        let needle = Array("content-length:".utf8)
        let lowered = header.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        var i = 1
        while i + needle.count <= lowered.count {
            if lowered[i] == needle[0], Array(lowered[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}

/// The bytes of one message as the base protocol sends it: the header, then the body.
public func framed(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
