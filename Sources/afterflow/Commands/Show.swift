import AfterflowKit
import ArgumentParser
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one session.",
        discussion: """
            REF is the first 4 or more characters of the session's id, its path, its day, today or yesterday (the day's only session), or last (the newest session, the first that list shows).

            Below the session, "Linked from" lists the records whose text links to it ([[2024-12-10]], [[2024-12-10-psilocybin]], or a relative Markdown link), each as path:line, from the index as the last command that read the vault left it; --format json gives them as "backlinks".

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

    @Option(help: ArgumentHelp("text (for reading), json (the file's keys plus intention, environment, music_notes, reflections, path, backlinks), or md (the file as it is).", valueName: "format"))
    var format: ShowFormat = .text

    func run() throws {
        let lookup = try vaultOptions.lookup()
        let (vault, entry) = try vaultOptions.resolve(reference, with: lookup)
        guard let session = entry.session else { return }
        switch format {
        case .md:
            FileHandle.standardOutput.write(Data(entry.document.bytes))
        case .json:
            var json = session.json(path: entry.path, timeZone: vault.timeZone)
            let around = SessionInstruments(session: session, in: vault)
            if case .object(var pairs) = json {
                if !around.given.isEmpty { pairs.append(("instruments", around.json(timeZone: vault.timeZone))) }
                // A front-matter key of that name keeps it: no JSON object holds a key twice.
                if !pairs.contains(where: { $0.0 == "backlinks" }) {
                    pairs.append(("backlinks", .array(try backlinks(to: entry.path, lookup).map(\.json))))
                }
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
            let links = try backlinks(to: entry.path, lookup)
            if !links.isEmpty {
                let term = Terminal.current
                emit("")
                emit(term.bold("Linked from"))
                for stored in links {
                    emit("  " + term.cyan("\(vault.shownPath(stored.path)):\(stored.link.location.line)") + "  " + stored.link.written.visible())
                }
            }
        }
        if entry.diagnostics.hasErrors {
            DiagnosticPrinter(vault: vault).print(entry.diagnostics, source: entry.document)
        }
    }

    /// The other records' links to the session at `path`, from the index as it stands (see
    /// `RecordLookup.backlinks`), or the one `lookup` brought up to date: show walks no vault.
    private func backlinks(to path: String, _ lookup: RecordLookup) throws -> [StoredLink] {
        try withVaultErrors { try lookup.backlinks(to: path) }
    }
}
