#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Output written as it is made, through a buffer: for exports whose text is larger than is
/// worth holding whole (`export trials csv`, `export fhir`).
public final class ByteOutput {
    /// Where full buffers go.
    public typealias Sink = (UnsafeRawBufferPointer) throws(VaultError) -> Void

    private let sink: Sink
    private let capacity: Int
    /// What has not been handed to the sink yet. Writers append to it, then call `didAppend()`.
    /// An output is used by one thread at a time, a row's fields appended one after the other:
    /// the run-time check of exclusive access, a call at every append, is left out.
    @exclusivity(unchecked) public var buffer: [UInt8]

    public init(capacity: Int = 1 << 16, sink: @escaping Sink) {
        self.sink = sink
        self.capacity = capacity
        buffer = []
        buffer.reserveCapacity(min(capacity, 1 << 16) + 4096)
    }

    /// Output kept whole in `buffer` and never handed over: rows made on one thread, to be
    /// sent from another (`write(pieces:)`).
    public static func gathering() -> ByteOutput {
        ByteOutput(capacity: .max) { _ in }
    }

    /// Bytes written to a file descriptor (standard output is 1); `shown` names it in errors.
    public convenience init(fileDescriptor fd: Int32, shown: String) {
        self.init { (bytes) throws(VaultError) in try FileIO.writeAll(fd, bytes, shown: shown) }
    }

    /// Output gathered in memory, handed to `collect` a buffer at a time.
    public static func collecting(into collect: @escaping (UnsafeRawBufferPointer) -> Void) -> ByteOutput {
        ByteOutput { bytes in collect(bytes) }
    }

    public func write(_ text: String) throws(VaultError) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        try didAppend()
    }

    public func write(_ bytes: [UInt8]) throws(VaultError) {
        buffer.append(contentsOf: bytes)
        try didAppend()
    }

    /// Appends `bytes` a buffer's room at a time, handing each full buffer over: a piece made
    /// elsewhere goes out in the same pieces as bytes appended a row at a time.
    public func write(pieces bytes: [UInt8]) throws(VaultError) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let room = max(capacity - buffer.count, 1)
            buffer.append(contentsOf: rest.prefix(room))
            rest = rest.dropFirst(room)
            try didAppend()
        }
    }

    /// Hands the buffer over once it holds `capacity` bytes.
    @inline(__always)
    public func didAppend() throws(VaultError) {
        if buffer.count >= capacity { try flush() }
    }

    /// Hands over whatever is buffered.
    public func flush() throws(VaultError) {
        guard !buffer.isEmpty else { return }
        var failure: VaultError?
        buffer.withUnsafeBytes { bytes in
            do throws(VaultError) { try sink(bytes) } catch { failure = error }
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw failure }
    }
}

extension FileIO {
    /// Writes every byte to `fd`, through short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, shown: String) throws(VaultError) {
        var written = 0
        while written < bytes.count {
            let n = Glibc_write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw VaultError.io(shown, "write", errno: errno)
            }
            written += n
        }
    }

    /// A new file written as it is made: under a temporary name beside `path` until `commit()`,
    /// which flushes it to disk and gives it its name, so that a crash or an error leaves the old
    /// file or none, never part of one. `replace` puts it over a file already there (keeping that
    /// file's permissions); otherwise a file that appeared meanwhile is not replaced. Not committed,
    /// the temporary file is removed.
    public final class StreamedFile {
        public let path: String
        private let temp: String
        private var fd: Int32
        private let replace: Bool
        public let output: ByteOutput

        public init(_ path: String, replace: Bool) throws(VaultError) {
            self.path = path
            self.replace = replace
            let opened = try FileIO.openTemporary(beside: path, mode: replace ? FileIO.modeToKeep(path) : FileIO.fileMode)
            temp = opened.path
            fd = opened.fd
            output = ByteOutput(fileDescriptor: opened.fd, shown: path)
        }

        /// Writes what is buffered, flushes the file to disk and gives it its name.
        public func commit() throws(VaultError) {
            try output.flush()
            let synced = fsync(fd) == 0 ? 0 : errno
            let closed = close(fd) == 0 ? 0 : errno
            fd = -1
            if synced != 0 || closed != 0 {
                unlink(temp)
                throw VaultError.io(path, "write", errno: synced != 0 ? synced : closed)
            }
            if replace {
                try FileIO.commitReplacing(temp, to: path)
            } else {
                try FileIO.commitNew(temp, to: path)
            }
        }

        deinit {
            if fd >= 0 {
                close(fd)
                unlink(temp)
            }
        }
    }

    /// A new temporary file beside `path` (`.name.XXXXXX.tmp`, which afterflow does not read),
    /// open for writing, with `mode`.
    static func openTemporary(beside path: String, mode: mode_t) throws(VaultError) -> (path: String, fd: Int32) {
        let directory = parentPath(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array("\(directory)/.\(name).XXXXXX.tmp".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw VaultError.io(directory, "write in", errno: errno) }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.wroteTemporary(in: directory)
        guard fchmod(fd, mode) == 0 else {
            let code = errno
            close(fd)
            unlink(temp)
            throw VaultError.io(path, "write", errno: code)
        }
        return (temp, fd)
    }
}

/// `write(2)` under a name that does not clash with `ByteOutput.write`.
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
