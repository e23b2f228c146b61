import AfterflowKit
import ArgumentParser
import Foundation

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the text of every session, best matches first.",
        discussion: """
            Looks in the intention, environment, music notes and reflections. All words must appear, in any case and with or without accents; "a phrase" must appear as written; a word ending in * matches words that start with it; OR between two terms accepts either. Each hit prints as path:line: snippet, so editors and terminals can jump to it.

            Examples:
              afterflow search ocean
              afterflow search '"felt held"' grief
              afterflow search creat* OR paint --limit 5
              afterflow search forgive --format json | jq '.[0].path'
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("What to look for.", valueName: "query"))
    var words: [String]

    @Option(help: ArgumentHelp("At most this many hits.", valueName: "n"))
    var limit = 20

    @Flag(help: "Search the drafts too.")
    var drafts = false

    @Option(help: ArgumentHelp("text (path:line: snippet), or json for scripts.", valueName: "format"))
    var format: DataFormat = .text

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        do { _ = try SearchQuery(words.joined(separator: " ")) } catch { throw ValidationError(error.message.visible()) }
    }

    func run() throws {
        let (store, report) = try vaultOptions.index()
        let query = try withVaultErrors { try SearchQuery(words.joined(separator: " ")) }
        let hits = try withVaultErrors { try store.search(query, includeDrafts: drafts, limit: limit) }
        let vault = store.vault
        let located = hits.map { hit in (hit, SearchLocator.line(of: hit, terms: query.terms, vault: vault)) }
        if format == .json {
            emit(JSONValue.array(located.map { hit, line in
                .object([
                    ("path", .string(hit.session.path)), ("line", .int(line)), ("section", .string(hit.section)),
                    ("snippet", .string(hit.snippet.replacingOccurrences(of: "\u{1}", with: "").replacingOccurrences(of: "\u{2}", with: ""))),
                    ("id", hit.session.id.map { .string($0) } ?? .null), ("date", hit.session.dateText.map { .string($0) } ?? .null),
                    ("treatment", hit.session.treatment.map { .string($0.rawValue) } ?? .null),
                    ("rank", .string(String(format: "%.3f", hit.rank))),
                ])
            }).serialized(pretty: true))
            return
        }
        let term = Terminal.current
        if hits.isEmpty {
            FileHandle.standardError.write(Data("No session mentions \(query.text.visible()).\n".utf8))
            throw ExitCode(1)
        }
        let printer = DiagnosticPrinter(vault: vault)
        // The index marks each match between U+0001 and U+0002.
        let marks: [Unicode.Scalar: String] = ["\n": " ", "\u{1}": term.colors ? "\u{1B}[1;33m" : "", "\u{2}": term.colors ? "\u{1B}[0m" : ""]
        for (hit, line) in located {
            let snippet = VisibleText.escape(hit.snippet, replacing: marks)
            emit(term.cyan("\(printer.displayPath(hit.session.path)):\(line):") + " " + snippet)
        }
        warnUnreadable(try withVaultErrors { try store.unreadableCount() } + report.readFailures.count)
    }
}

/// Finds the line of a hit in its file, for `path:line:` output.
enum SearchLocator {
    static func line(of hit: SearchHit, terms: [String], vault: Vault) -> Int {
        guard let bytes = try? FileIO.read(vault.root + "/" + hit.session.path) else { return 1 }
        let document = Document(bytes: bytes)
        let title = SessionSection.allCases.first { $0.fieldName == hit.section }?.rawValue ?? "Reflections"
        guard let section = document.section(title) else { return 1 }
        let words = terms.flatMap { $0.split(separator: " ").map(String.init) }
        for index in section.content {
            let text = document.text(ofLine: index)
            if words.contains(where: { text.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }) {
                return index + 1
            }
        }
        return section.heading.line + 1
    }
}
