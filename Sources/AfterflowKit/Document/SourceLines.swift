/// The lines of a byte buffer, found once by scanning for LF.
///
/// A line's `end` excludes its terminator (LF or CRLF); `next` is where the following line starts.
/// Offsets are indexes into the buffer the lines were found in.
public struct SourceLine: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var next: Int

    /// Whether the line is terminated by a line feed (the last line of a file may not be).
    public var isTerminated: Bool { next > end }
}

/// How lines end in a file: kept so that edits write the user's own line ending.
public enum LineEnding: String, Sendable, Hashable {
    case lf = "\n"
    case crlf = "\r\n"

    var bytes: [UInt8] { self == .lf ? [0x0A] : [0x0D, 0x0A] }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum SourceLines {
    /// Splits `bytes[from...]` into lines; a final empty line after a terminator is not a line.
    static func split(_ bytes: [UInt8], from: Int) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(64)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = from
            let count = buffer.count
            // memchr finds each line feed with the C library's vectorised search.
            while start < count, let found = memchr(base + start, 0x0A, count - start) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let end = index > start && buffer[index - 1] == 0x0D ? index - 1 : index
                lines.append(SourceLine(start: start, end: end, next: index + 1))
                start = index + 1
            }
            if start < count {
                lines.append(SourceLine(start: start, end: count, next: count))
            }
        }
        return lines
    }

    /// The line ending of the first terminated line, or LF when there is none.
    static func ending(of bytes: [UInt8], lines: [SourceLine]) -> LineEnding {
        guard let first = lines.first(where: { $0.isTerminated }) else { return .lf }
        return first.next - first.end == 2 ? .crlf : .lf
    }
}
