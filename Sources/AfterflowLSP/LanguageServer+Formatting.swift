import AfterflowKit
import Foundation

/// Document formatting: what `afterflow fmt` would write, as one edit of the lines that differ
/// (a document with errors is left alone, as `fmt` leaves it).
extension LanguageServer {
    func formatting(_ params: JSON?) -> Result<JSON, Failure> {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            return .failure(.params("textDocument/formatting needs a textDocument's uri"))
        }
        guard let open = documents[uri], let relative = open.relativePath, let vault = workspace?.vault else { return .success([]) }
        let entry = VaultEntry(path: relative, bytes: Array(open.document.text.utf8))
        guard let kind = entry.kind, let formatted = kind.descriptor.formatted(entry.content, timeZone: vault.timeZone) else {
            return .success([])
        }
        let edit = LanguageServer.lineEdit(from: open.document, to: String(decoding: formatted.bytes, as: UTF8.self))
        return .success(.array(edit.map { [$0] } ?? []))
    }

    /// One edit that turns `document` into `new`, replacing only the lines between their common
    /// first and last lines; nil when they are the same.
    static func lineEdit(from document: TextDocument, to new: String) -> JSON? {
        let old = pieces(document.text)
        let next = pieces(new)
        var prefix = 0
        while prefix < old.count, prefix < next.count, old[prefix] == next[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < next.count - prefix, old[old.count - 1 - suffix] == next[next.count - 1 - suffix] { suffix += 1 }
        guard prefix + suffix < max(old.count, next.count) else { return nil }
        let text = document.text
        let start = text.utf16.index(text.startIndex, offsetBy: old[..<prefix].reduce(0) { $0 + $1.utf16.count })
        let end = text.utf16.index(text.startIndex, offsetBy: old[..<(old.count - suffix)].reduce(0) { $0 + $1.utf16.count })
        let range = TextRange(start: document.position(of: start), end: document.position(of: end))
        return ["range": range.json, "newText": .string(next[prefix..<(next.count - suffix)].joined())]
    }

    /// The lines of `text`, each with its `\n` (the last may have none).
    static func pieces(_ text: String) -> [String] {
        var found: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" {
                found.append(current)
                current = ""
            }
        }
        if !current.isEmpty { found.append(current) }
        return found
    }
}
