import Dispatch
import Foundation

/// Where the library's phase timings go: nowhere, unless a front end gives it a place. `afterflow`
/// does when `AFTERFLOW_TIMING=1` (a developer's tool for the benchmarks); the library itself
/// reads no environment and writes to no stream.
public final class TimingSink: @unchecked Sendable {
    public static let shared = TimingSink()
    private let lock = NSLock()
    private var write: (@Sendable (String) -> Void)?

    /// Sends each finished timing line (`timing: scan 1.2 ms, read 3.4 ms`) to `write`; nil stops.
    public func send(to write: (@Sendable (String) -> Void)?) {
        lock.withLock { self.write = write }
    }

    var destination: (@Sendable (String) -> Void)? { lock.withLock { write } }
}

/// Times the phases of a piece of work and hands them to the `TimingSink`, when it has a place.
final class PhaseTimer: @unchecked Sendable {
    private let destination = TimingSink.shared.destination
    private var last = DispatchTime.now().uptimeNanoseconds
    private var phases: [(String, UInt64)] = []

    func mark(_ name: String) {
        guard destination != nil else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, now - last))
        last = now
    }

    func report() {
        guard let destination, !phases.isEmpty else { return }
        destination("timing: " + phases.map { String(format: "%@ %.1f ms", $0.0, Double($0.1) / 1e6) }.joined(separator: ", "))
    }
}
