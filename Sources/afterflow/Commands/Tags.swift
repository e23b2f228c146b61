import AfterflowKit
import ArgumentParser
import Foundation

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List every tag with the number of sessions that have it.",
        discussion: """
            The most used first, then by name. Tags that differ only in case are one tag, as --tag finds them, shown as most of its sessions spell it. The filters of list choose which sessions count; drafts count with --drafts.

            Examples:
              afterflow tags
              afterflow tags --treatment ketamine --since this-year
              afterflow tags --format json | jq -r '.[0].tag'
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions

    @Flag(help: "Count the drafts in .afterflow/drafts/ too.")
    var drafts = false

    @Option(help: ArgumentHelp("table, or json for scripts ([{\"tag\", \"sessions\"}]).", valueName: "format"))
    var format: ListFormat = .table

    func run() throws {
        let (store, report) = try vaultOptions.index()
        var filter = filters.filter(timeZone: store.vault.timeZone, treatments: store.vault.config.treatments)
        filter.includeDrafts = drafts
        let tags = try withVaultErrors { try store.tagCounts(filter) }
        if format == .json {
            emit(JSONValue.array(tags.map { .object([("tag", .string($0.tag)), ("sessions", .int($0.sessions))]) }).serialized(pretty: true))
        } else if tags.isEmpty {
            let any = try withVaultErrors { try store.tagCounts(SessionFilter()) }.isEmpty == false
            emit(any ? "No tags in the sessions that match." : "No tags yet. Tag a session with: afterflow set REF tags=grief,nature")
        } else {
            let shown = tags.map { ($0.tag.visible(), $0.sessions) }
            let width = shown.map(\.0.count).max() ?? 0
            let countWidth = String(shown.map(\.1).max() ?? 0).count
            for (tag, count) in shown {
                emit(tag.padded(to: width) + "  " + String(count).leftPadded(to: countWidth))
            }
        }
        try store.warnProblems(report, hints: vaultOptions.hints)
    }
}
