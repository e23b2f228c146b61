import AfterflowKit
import ArgumentParser
import Foundation

struct ExportJSON: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Write every field of every matching session as JSON, for scripts.",
        discussion: """
            An array with one object a session, newest first: the file's front-matter keys as written (moods as numbers, dates in ISO 8601 with their offset, tags as a list, your own keys too), then intention, environment, music_notes, reflections and path. The same objects as afterflow list --format json and show --format json.

            Examples:
              afterflow export json -o sessions.json
              afterflow export json --treatment mdma | jq '.[] | {date, mood_after}'
              afterflow export json --where "mood_after>=8" | jq length
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var validity: ExportValidity
    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    func run() throws {
        let now = CommandClock.now
        let (store, rows, leftOut) = try exportedSessions(vaultOptions, filters, now: now)
        let destination = try output.destination(in: store.vault, extension: "json", now: now)
        let text = "[" + rows.map(\.json).joined(separator: ",\n") + "]\n"
        let disclosure = disclosureOptions.disclosure(by: Self.self, vault: store.vault, now: now, what: "sessions", count: rows.count,
                                                      records: rows.map(\.id), to: .output(destination))
        let path = try writeOutput(Array(text.utf8), to: destination, logging: disclosure)
        reportWritten(rows.count, to: path)
        try validity.finish(leftOut: leftOut)
    }
}
