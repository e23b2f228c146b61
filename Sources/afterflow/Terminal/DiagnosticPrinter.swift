import AfterflowKit
import Foundation

/// Prints located problems compiler style, `path:line:col: error: message`, with the line and a
/// caret under the column, to standard error.
struct DiagnosticPrinter {
    let vault: Vault?
    let err = ErrorStream.current
    let directory = FileManager.default.currentDirectoryPath

    /// A path as the user would type it from the current folder, its control characters shown.
    func displayPath(_ path: String) -> String {
        if let vault { return vault.shownPath(path) }
        let absolute = path
        if absolute.hasPrefix(directory + "/") { return String(absolute.dropFirst(directory.count + 1)).visible() }
        return absolute.visible()
    }

    func print(_ diagnostic: Diagnostic, source: Document? = nil) {
        let label = diagnostic.severity == .error ? err.style("error:", "1;31") : err.style("warning:", "1;35")
        let place = "\(displayPath(diagnostic.path ?? "<input>")):\(diagnostic.location.line):\(diagnostic.location.column):"
        err.write("\(err.style(place, "1")) \(label) \(diagnostic.message.visible())")
        guard let source, diagnostic.location.line >= 1, diagnostic.location.line <= source.lines.count else { return }
        var text = source.text(ofLine: diagnostic.location.line - 1)
        if text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { return }
        err.write("    " + text.visible())
        // The caret goes under the column as shown, after the controls before it are spelled out.
        let prefix = text.utf8.prefix(max(0, diagnostic.location.column - 1))
        let pad = String(decoding: prefix, as: UTF8.self).visible().map { $0 == "\t" ? "\t" : " " }.joined()
        err.write("    " + pad + err.style("^", "1;32"))
    }

    func print(_ diagnostics: [Diagnostic], source: Document?) {
        for diagnostic in diagnostics { print(diagnostic, source: source) }
    }
}
