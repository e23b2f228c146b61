import AfterflowKit
import ArgumentParser
import Foundation

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the text of every session, best matches first.",
        discussion: """
            Looks in the intention, environment, music notes and reflections, and in a practice's goal titles and definitions, session notes, trial notes and client notes, and in the notes of mood check-ins and assessments. All words must appear, in any case and with or without accents; "a phrase" must appear as written; a word ending in * matches words that start with it; OR between two terms accepts either; links:NAME keeps the records that link to what NAME names (a day, a file name, a client, client/goal: see docs/FORMAT.md), and alone lists them at their links' lines. Each hit prints as path:line: snippet, the line the snippet is from, so editors and terminals can jump to it: the line of the session holding the most of the words, or with --all every line that holds any.

            Examples:
              afterflow search ocean
              afterflow search '"felt held"' grief
              afterflow search creat* OR paint --limit 5
              afterflow search forgive --format json | jq '.[0].path'
              afterflow search tide --all         every line that mentions it
              afterflow search links:2024-12-10   the records that link to that day
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("What to look for.", valueName: "query"))
    var words: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many hits.", valueName: "n"))
    var limit = 20

    @Flag(help: "Search the drafts too.")
    var drafts = false

    @Flag(help: "Every matching line of each session, not only its best.")
    var all = false

    @Option(help: ArgumentHelp("text (path:line: snippet), or json for scripts.", valueName: "format"))
    var format: DataFormat = .text

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        do { _ = try SearchQuery(words.joined(separator: " ")) } catch { throw ValidationError(error.message.visible()) }
    }

    func run() throws {
        let (store, report) = try vaultOptions.index()
        let query = try withVaultErrors { try SearchQuery(words.joined(separator: " ")) }
        let found = try withVaultErrors { try SearchResults(query, in: store, includeDrafts: drafts, limit: limit, allLines: all) }
        if format == .json {
            emit(found.json.serialized(pretty: true))
            return
        }
        let term = Terminal.current
        if found.isEmpty {
            FileHandle.standardError.write(Data("No session mentions \(query.text.visible()).\n".utf8))
            throw ExitCode(1)
        }
        let printer = DiagnosticPrinter(vault: store.vault)
        // The matcher marks each match between U+0001 and U+0002.
        let marks: [Unicode.Scalar: String] = ["\u{1}": term.colors ? "\u{1B}[1;33m" : "", "\u{2}": term.colors ? "\u{1B}[0m" : ""]
        for (hit, line) in found.sessions {
            let snippet = VisibleText.escape(line.snippet, replacing: marks)
            emit(term.cyan("\(printer.displayPath(hit.session.path)):\(line.line):") + " " + snippet)
        }
        for (hit, line) in found.documents {
            let snippet = VisibleText.escape(line.snippet, replacing: marks)
            emit(term.cyan("\(printer.displayPath(hit.path)):\(line.line):") + " " + snippet)
        }
        try store.warnProblems(report, hints: vaultOptions.hints)
    }
}
