import AfterflowKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal that asked a full-screen program to stop (SIGTERM, SIGHUP, SIGINT, SIGQUIT), 0 while
/// none has; and whether the window changed size. Set by the handlers, read by the program's loop,
/// which wakes at least every few tenths of a second.
nonisolated(unsafe) private var stopSignal: Int32 = 0
nonisolated(unsafe) private var resized: Int32 = 0

enum LiveSignals {
    /// Handles the signals that end the program or resize its window, from now on.
    static func install() {
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            _ = signal(number) { stopSignal = $0 }
        }
        _ = signal(SIGWINCH) { _ in resized = 1 }
        // A mask inherited from the parent (some test runners and service managers block them)
        // would keep the terminal from being put back.
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGWINCH] { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal that asked to stop, if one has.
    static var stop: Int32? { stopSignal == 0 ? nil : stopSignal }

    /// Whether the window changed size since last asked.
    static func takeResize() -> Bool {
        defer { resized = 0 }
        return resized != 0
    }
}

/// The terminal on standard input in raw mode (keys one by one, no echo, Ctrl-C a key like any
/// other), and optionally the alternate screen on standard output, put back by `restore`.
final class RawTerminal {
    private let saved: termios
    private let fullScreen: Bool
    private var restored = false

    /// Nil when standard input is not a terminal.
    init?(fullScreen: Bool) {
        var attributes = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &attributes) == 0 else { return nil }
        saved = attributes
        self.fullScreen = fullScreen
        var raw = attributes
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        while tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == -1 && errno == EINTR {}
        if fullScreen { RawTerminal.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J") }
    }

    /// Leaves the alternate screen, shows the cursor and puts the terminal's modes back. Safe to call twice.
    func restore() {
        guard !restored else { return }
        restored = true
        if fullScreen { RawTerminal.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l") }
        var attributes = saved
        while tcsetattr(STDIN_FILENO, TCSADRAIN, &attributes) == -1 && errno == EINTR {}
    }

    deinit { restore() }

    /// The window's size, 80×24 when it cannot be read.
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    /// Writes `text` to standard output at once, unbuffered.
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            done += n
        }
    }
}

/// A key read from the terminal (or a line of standard input): the live logger's (AfterflowKit).

/// Reads keys from standard input, waiting at most a given time.
final class KeyReader {
    private var buffer: [UInt8] = []
    private(set) var atEnd = false

    /// The keys typed, waiting up to `timeout` seconds for the first; empty when none came (or a
    /// signal came). An escape sequence split across reads is waited for a little.
    func read(timeout: Double) -> [LiveKey] {
        guard fill(timeout: timeout) else { return [] }
        if buffer.last == 0x1B || (buffer.count >= 2 && buffer[buffer.count - 2] == 0x1B && (buffer.last == 0x5B || buffer.last == 0x4F)) {
            _ = fill(timeout: 0.05)
        }
        return parse()
    }

    private func fill(timeout: Double) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, timeout * 1000)))
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 256)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress!, 256) }
        if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
            atEnd = true
            return false
        }
        if n > 0 { buffer += chunk[0..<n] }
        return n > 0
    }

    private func parse() -> [LiveKey] {
        LiveKey.decode(&buffer)
    }
}
