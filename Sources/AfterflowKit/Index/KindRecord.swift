import Foundation
import GRDB

/// What the index keeps of a document of any kind but a session (`SessionRecord`): one row in its
/// kind's table (`KindDescriptor.table`), keyed by path, and the text `search` reads of it
/// (`document_text`). Each kind's descriptor says what its row and search text are; this type
/// never names a kind, so a kind added to the registry is indexed by being registered.
struct KindRecord: Sendable {
    /// The insert statement (its place in `insertStatements`) and its arguments.
    let insert: (slot: Int, arguments: StatementArguments)

    init?(path: String, content: DocumentContent, timeZone: TimeZone) {
        guard let kind = content.kind, let slot = KindRecord.slot(of: kind),
              let arguments = kind.descriptor.indexRow(of: content, path: path, timeZone: timeZone) else { return nil }
        insert = (slot, arguments)
    }

    /// The registered kinds whose rows are written here, in registry order: every kind with an
    /// insert statement (all but the session).
    static let kinds = DocumentKind.allCases.filter { $0.descriptor.insertStatement != nil }

    /// The place of `kind`'s statement in `insertStatements`, nil for a kind not written here.
    static func slot(of kind: DocumentKind) -> Int? { kinds.firstIndex(of: kind) }

    /// The text `search` looks in, with the lines it comes from read again from the file: another
    /// tool's note is searched in its body (not its front matter); each kind says what of it is
    /// searched (a session's sections have their own full-text index, `session_text`).
    static func searchText(_ content: DocumentContent, document: Document) -> String? {
        switch content {
        case .other, .note: return nil
        case .foreign:
            let body = document.frontMatter.map { $0.closingLine + 1 } ?? 0
            return document.text(of: Document.Section(heading: Document.Heading(level: 2, title: "", line: body - 1),
                                                      content: body..<document.lines.count))
        default: return content.kind?.descriptor.searchText(of: content)
        }
    }

    /// The parts of a document that search reads, named.
    public static func searchSections(_ document: Document, content: DocumentContent) -> [(String, Range<Int>)] {
        switch content {
        case .foreign: return [("note", (document.frontMatter.map { $0.closingLine + 1 } ?? 0)..<document.lines.count)]
        case .other, .note: return []
        default: return content.kind?.descriptor.searchSections(of: document) ?? []
        }
    }

    static let insertStatements = kinds.compactMap { $0.descriptor.insertStatement }

    /// The tables these rows and their search text are in: every kind's but the session's.
    static let tables = kinds.map(\.table) + ["document_text"]

    /// Removes a path's rows from each of `tables`.
    static let deleteStatements = tables.map { "DELETE FROM \($0) WHERE path = ?" }
}

extension DocumentKind {
    /// The index's table of this kind's documents, one row each, keyed by path, with an `id`
    /// column: what every query over all kinds (duplicate ids) goes through.
    var table: String { descriptor.table }
}
