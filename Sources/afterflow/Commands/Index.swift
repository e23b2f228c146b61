import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "index",
            abstract: "Bring the index up to date and summarise the vault.",
            discussion: """
                The index (.afterflow/index.sqlite) is a cache of the files that keeps list, search and stats instant on very large vaults. Every command that reads it refreshes it first, so you rarely need this one: files whose size and modification time are unchanged are skipped, changed ones are re-read. The cache can be deleted at any time; --rebuild starts it from nothing.

                Examples:
                  afterflow index
                  afterflow index --rebuild
                  afterflow index --format json | jq .sessions
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Flag(help: "Throw the cache away and read every file again.")
        var rebuild = false

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let started = DispatchTime.now()
            let (store, report) = try vaultOptions.index(rebuild: rebuild)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            let summary = try withVaultErrors { try store.summary() }
            if format == .json {
                emit(summary.json(refresh: report).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            let action = rebuild ? "Rebuilt the index" : (report.changeWords.map { "Updated the index: " + $0 } ?? "The index is up to date")
            emit(term.bold(action) + term.dim(String(format: " (%d files, %.2f s)", report.documents, seconds)))
            emit("")
            for line in summary.textLines { emit(line) }
            if summary.unreadable > 0 {
                emit(term.yellow("Skipped      \(summary.unreadable) file\(summary.unreadable == 1 ? "" : "s") with errors; '\(vaultOptions.hints.command("check"))' shows them"))
            }
        }
    }
}
