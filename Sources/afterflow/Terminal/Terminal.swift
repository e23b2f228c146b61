import AfterflowKit
import Foundation

/// What the standard streams are connected to, and the styles that suit them.
struct Terminal: Sendable {
    let stdoutIsTTY: Bool
    let stderrIsTTY: Bool
    let stdinIsTTY: Bool
    /// Colour and bold: on a terminal, and never with `NO_COLOR` set.
    let colors: Bool
    /// Columns: see `width(environment:stdoutIsTTY:)`.
    let width: Int

    static let current: Terminal = {
        let environment = ProcessInfo.processInfo.environment
        let out = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let width = Terminal.width(environment: environment, stdoutIsTTY: out)
        return Terminal(stdoutIsTTY: out, stderrIsTTY: isatty(STDERR_FILENO) == 1, stdinIsTTY: isatty(STDIN_FILENO) == 1,
                        colors: out && !noColor && environment["TERM"] != "dumb", width: width)
    }()

    /// The same terminal without colour.
    var plain: Terminal {
        Terminal(stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY, stdinIsTTY: stdinIsTTY, colors: false, width: width)
    }

    /// The terminal's width in columns: `COLUMNS` when it is set to a number (as GNU tools read it,
    /// so that it can be overridden), else the size of the terminal on standard output
    /// (`TIOCGWINSZ`), else 100.
    static func width(environment: [String: String], stdoutIsTTY: Bool) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            return columns
        }
        var size = winsize()
        if stdoutIsTTY && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 100
    }

    /// Whether the user can be asked a question: both ends are a terminal.
    var isInteractive: Bool { stdinIsTTY && stderrIsTTY }

    func bold(_ text: String) -> String { style(text, "1") }
    func dim(_ text: String) -> String { style(text, "2") }
    func yellow(_ text: String) -> String { style(text, "1;33") }
    func red(_ text: String) -> String { style(text, "1;31") }
    func green(_ text: String) -> String { style(text, "32") }
    func cyan(_ text: String) -> String { style(text, "36") }

    private func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Sessions as this terminal shows them: in colour when it has colour, wrapped to its width.
    func sessionPage(timeZone: TimeZone) -> SessionPage {
        SessionPage(style: TextStyle(colors: colors, unicode: colors), width: width, timeZone: timeZone)
    }
}

/// Standard error, with colour when it is a terminal and `NO_COLOR` is not set.
struct ErrorStream: Sendable {
    let colors: Bool

    static let current: ErrorStream = {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return ErrorStream(colors: isatty(STDERR_FILENO) == 1 && !noColor)
    }()

    func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes to standard output without Swift's buffering surprises when piped.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// `emit` for text already in bytes, written as it is (a long listing is not copied again).
func emit(bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        guard let start = raw.baseAddress else { return }
        FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: raw.count, deallocator: .none))
    }
    FileHandle.standardOutput.write(Data([UInt8(ascii: "\n")]))
}
