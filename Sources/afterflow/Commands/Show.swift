import AfterflowKit
import ArgumentParser
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one session.",
        discussion: """
            REF is the first 4 or more characters of the session's id, its path, its day, today or yesterday (the day's only session), or last (the newest session, the first that list shows).

            Examples:
              afterflow show 2024-12-10
              afterflow show last
              afterflow show 6F1C2A8E
              afterflow show sessions/2024/2024-12-10-psilocybin.md --format md
              afterflow show 6F1C --format json | jq .reflections
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    @Option(help: ArgumentHelp("text (for reading), json (the file's keys plus intention, environment, music_notes, reflections, path), or md (the file as it is).", valueName: "format"))
    var format: ShowFormat = .text

    func run() throws {
        let (vault, entry) = try vaultOptions.resolve(reference)
        guard let session = entry.session else { return }
        switch format {
        case .md:
            FileHandle.standardOutput.write(Data(entry.document.bytes))
        case .json:
            var json = session.json(path: entry.path, timeZone: vault.timeZone)
            let around = SessionInstruments(session: session, in: vault)
            if !around.given.isEmpty, case .object(var pairs) = json {
                pairs.append(("instruments", around.json(timeZone: vault.timeZone)))
                json = .object(pairs)
            }
            emit(json.serialized(pretty: true))
        case .text:
            emit(Terminal.current.sessionPage(timeZone: vault.timeZone).page(session, path: vault.shownPath(entry.path)))
            let around = SessionInstruments(session: session, in: vault)
            if !around.given.isEmpty {
                let mood = [session.moodBefore.map { "before \($0)/10" }, session.moodAfter.map { "after \($0)/10" }].compactMap { $0 }
                emit("")
                emit(Terminal.current.bold("Instruments") + (mood.isEmpty ? "" : " (mood \(mood.joined(separator: ", ")))"))
                for line in around.lines { emit("  " + line.visible()) }
            }
        }
        if entry.diagnostics.hasErrors {
            DiagnosticPrinter(vault: vault).print(entry.diagnostics, source: entry.document)
        }
    }
}
