import AfterflowKit
import Foundation

/// Prints located problems compiler style, `path:line:col: error: message`, with the line and a
/// caret under the column, to standard error (or, for `check`, whose report they are, to standard
/// output).
struct DiagnosticPrinter {
    let vault: Vault?
    var toStandardOutput = false
    let directory = FileManager.default.currentDirectoryPath

    /// Colour when the stream written to is a terminal and `NO_COLOR` is not set.
    private var colors: Bool { toStandardOutput ? Terminal.current.colors : ErrorStream.current.colors }

    private func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes one line to the printer's stream.
    func write(_ line: String) {
        if toStandardOutput { emit(line) } else { ErrorStream.current.write(line) }
    }

    /// A path as the user would type it from the current folder, its control characters shown.
    func displayPath(_ path: String) -> String {
        if let vault { return vault.shownPath(path) }
        let absolute = path
        if absolute.hasPrefix(directory + "/") { return String(absolute.dropFirst(directory.count + 1)).visible() }
        return absolute.visible()
    }

    func print(_ diagnostic: Diagnostic, source: Document? = nil) {
        let label = diagnostic.severity == .error ? style("error:", "1;31") : style("warning:", "1;35")
        let place = "\(displayPath(diagnostic.path ?? "<input>")):\(diagnostic.location.line):\(diagnostic.location.column):"
        write("\(style(place, "1")) \(label) \(diagnostic.message.visible())")
        guard let source, diagnostic.location.line >= 1, diagnostic.location.line <= source.lines.count else { return }
        var text = source.text(ofLine: diagnostic.location.line - 1)
        if text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { return }
        write("    " + text.visible())
        // The caret goes under the column as shown, after the controls before it are spelled out.
        let prefix = text.utf8.prefix(max(0, diagnostic.location.column - 1))
        let pad = String(decoding: prefix, as: UTF8.self).visible().map { $0 == "\t" ? "\t" : " " }.joined()
        write("    " + pad + style("^", "1;32"))
    }

    func print(_ diagnostics: [Diagnostic], source: Document?) {
        for diagnostic in diagnostics { print(diagnostic, source: source) }
    }
}
