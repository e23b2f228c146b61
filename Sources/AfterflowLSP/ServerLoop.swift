import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The messages read and not yet handled, and the ids of requests the client cancelled: filled
/// by the thread that reads, emptied by the one that handles.
final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Incoming] = []
    private var ended = false
    private var cancelled = Set<JSON>()

    /// Adds the messages of one read at once, noting their cancellations first, so that a request
    /// and its cancellation read together are seen together.
    func add(_ messages: [Incoming]) {
        condition.lock()
        for message in messages {
            if case .notification("$/cancelRequest", let params) = message, let id = params?["id"] {
                cancelled.insert(id)
            }
        }
        items += messages
        condition.signal()
        condition.unlock()
    }

    /// Marks the end of the input.
    func end() {
        condition.lock()
        ended = true
        condition.signal()
        condition.unlock()
    }

    /// The next message, waiting for one; nil after the input ended and every message was taken.
    func take() -> Incoming? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !ended { condition.wait() }
        return items.isEmpty ? nil : items.removeFirst()
    }

    /// Whether no message is waiting.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.isEmpty
    }

    /// Whether the client cancelled the request `id` (asked once: the id is then forgotten).
    func takeCancellation(_ id: JSON) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }
}

/// Writes whole messages to a file descriptor.
final class Outbox: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private(set) var broken = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    func send(_ message: JSON) {
        let bytes = framed(message.serialized)
        lock.lock()
        defer { lock.unlock() }
        guard !broken else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { broken = true; return }
            offset += written
        }
    }
}

extension LanguageServer {
    /// Serves the client on `input` and `output` (standard input and output) until `exit` or the
    /// end of the input; the exit status: 0 after `shutdown` then `exit`, 1 otherwise.
    public func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let inbox = Inbox()
        let outbox = Outbox(descriptor: output)
        // The reader reads a copy of the descriptor of its own and closes it when the input ends:
        // a caller may close `input` once `run` returns while the reader still waits in read(2),
        // and the number may then be given to another file, which this reader must not read.
        let own = fcntl(input, F_DUPFD_CLOEXEC, 0)
        let source = own >= 0 ? own : input
        let reader = Thread {
            LanguageServer.readLoop(source, into: inbox)
            if own >= 0 { close(own) }
        }
        reader.stackSize = 8 << 20
        reader.start()
        send = { outbox.send($0) }
        isCancelled = { inbox.takeCancellation($0) }
        while let message = inbox.take() {
            if let status = handle(message) { return status }
            if outbox.broken { return 1 }
            // Changes typed faster than they are checked are checked once, after the last.
            if inbox.isEmpty { publishPendingDiagnostics() }
        }
        return shutdownRequested ? 0 : 1
    }

    /// Reads frames from `input` until its end, adding each read's messages at once.
    static func readLoop(_ input: Int32, into inbox: Inbox) {
        var reader = FrameReader()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            reader.append(chunk[0..<count])
            var messages: [Incoming] = []
            while let frame = reader.next() { messages.append(Incoming(frame)) }
            if !messages.isEmpty { inbox.add(messages) }
        }
        inbox.end()
    }
}
