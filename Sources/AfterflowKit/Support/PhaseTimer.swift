import Dispatch
import Foundation

/// Times the phases of a piece of work and prints them to standard error when the environment
/// sets `AFTERFLOW_TIMING=1`: a developer's tool for the benchmarks, silent otherwise.
final class PhaseTimer: @unchecked Sendable {
    private let enabled = ProcessInfo.processInfo.environment["AFTERFLOW_TIMING"] == "1"
    private var last = DispatchTime.now().uptimeNanoseconds
    private var phases: [(String, UInt64)] = []

    func mark(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, now - last))
        last = now
    }

    func report() {
        guard enabled, !phases.isEmpty else { return }
        let text = phases.map { String(format: "%@ %.1f ms", $0.0, Double($0.1) / 1e6) }.joined(separator: ", ")
        FileHandle.standardError.write(Data("timing: \(text)\n".utf8))
    }
}
