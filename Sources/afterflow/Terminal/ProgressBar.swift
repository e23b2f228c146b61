import Foundation

/// A progress bar on standard error, drawn only when it is a terminal and the work is long.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDraw = DispatchTime(uptimeNanoseconds: 0)
    private var drawn = false

    /// `minimum`: below this many items the work is quick and no bar is drawn.
    init(_ label: String, minimum: Int = 2000) {
        self.label = label
        enabled = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        self.minimum = minimum
    }

    private let minimum: Int

    func update(_ done: Int, _ total: Int) {
        guard enabled, total >= minimum else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now()
        guard done == total || now.uptimeNanoseconds - lastDraw.uptimeNanoseconds > 80_000_000 else { return }
        lastDraw = now
        let width = 30
        let filled = total == 0 ? width : min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done.formatted())/\(total.formatted())".utf8))
        drawn = true
    }

    /// Clears the bar's line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drawn = false
    }
}
