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
            let statuses = summary.byStatus.map { $0.0.counted($0.1) }.joined(separator: ", ")
            emit("Sessions     \(summary.sessions)" + (statuses.isEmpty ? "" : "  (\(statuses))"))
            if summary.drafts > 0 { emit("Drafts       \(summary.drafts)  (in .afterflow/drafts/)") }
            if let first = summary.first, let last = summary.last { emit("Dates        \(first) to \(last)") }
            if let before = summary.averageMoodBefore {
                var line = String(format: "Mood         %.1f before", before)
                if let after = summary.averageMoodAfter { line += String(format: ", %.1f after, on average", after) }
                emit(line)
            }
            if !summary.byTreatment.isEmpty {
                emit("Treatments   " + summary.byTreatment.map { "\($0.0.displayName) \($0.1)" }.joined(separator: ", "))
            }
            if summary.notes > 0 { emit("Plain notes  \(summary.notes) Markdown file\(summary.notes == 1 ? "" : "s") without front matter, left alone") }
            if summary.unreadable > 0 {
                emit(term.yellow("Skipped      \(summary.unreadable) file\(summary.unreadable == 1 ? "" : "s") with errors; '\(vaultOptions.hints.command("check"))' shows them"))
            }
        }
    }
}
