import AfterflowKit
import Foundation

/// Prints located problems compiler style, `path:line:col: error: message`, with the line and a
/// caret under the column, to standard error.
struct DiagnosticPrinter {
    let vault: Vault?
    let err = ErrorStream.current
    let directory = FileManager.default.currentDirectoryPath

    /// A path as the user would type it from the current folder.
    func displayPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (vault.map { $0.root + "/" + path } ?? path)
        if absolute.hasPrefix(directory + "/") { return String(absolute.dropFirst(directory.count + 1)) }
        return absolute
    }

    func print(_ diagnostic: Diagnostic, source: Document? = nil) {
        let label = diagnostic.severity == .error ? err.style("error:", "1;31") : err.style("warning:", "1;35")
        let place = "\(displayPath(diagnostic.path ?? "<input>")):\(diagnostic.location.line):\(diagnostic.location.column):"
        err.write("\(err.style(place, "1")) \(label) \(diagnostic.message)")
        guard let source, diagnostic.location.line >= 1, diagnostic.location.line <= source.lines.count else { return }
        let text = source.text(ofLine: diagnostic.location.line - 1)
        guard !text.isEmpty else { return }
        err.write("    " + Self.visible(text))
        let prefix = text.utf8.prefix(max(0, diagnostic.location.column - 1))
        let pad = String(decoding: prefix, as: UTF8.self).map { $0 == "\t" ? "\t" : " " }.joined()
        err.write("    " + pad + err.style("^", "1;32"))
    }

    /// `text` with each control character but tab shown as a symbol of its own (U+2400 to U+2421,
    /// or U+FFFD for U+0080 to U+009F): one character for one, so the caret stays in its column,
    /// and nothing in a file can act on the terminal.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || ($0.value >= 0x7F && $0.value <= 0x9F) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(scalar)
            case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: out.append("\u{2421}")
            case 0x80...0x9F: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    func print(_ diagnostics: [Diagnostic], source: Document?) {
        for diagnostic in diagnostics { print(diagnostic, source: source) }
    }
}
