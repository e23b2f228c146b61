import AfterflowKit
import ArgumentParser
import Foundation

struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change fields of a session, touching only their lines.",
        discussion: """
            Each change is KEY=VALUE. Keys are the front matter's (date, treatment, administration, dose, mood_before, mood_after, reminder, music, tags, or a key of your own) and the sections (intention, environment, music_notes, reflections). An empty value removes an optional key or empties a section. Values are checked first: nothing is written unless all are valid. 'updated' is set to now and the status follows the content; a draft that gains an intention and a mood before moves into sessions/.

            Examples:
              afterflow set 6F1C mood_after=8
              afterflow set 2024-12-10 reflections="Felt peaceful and connected."
              afterflow set 6F1C treatment=LSD dose="100 µg" tags=integration,nature
              afterflow set 6F1C reminder=            remove the reminder
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, or a day (2024-12-10).", valueName: "ref"))
    var reference: String

    @Argument(help: ArgumentHelp("KEY=VALUE changes, applied in order.", valueName: "key=value"))
    var assignments: [String] = []

    func validate() throws {
        guard !assignments.isEmpty else {
            throw ValidationError("give at least one change, like mood_after=8")
        }
        for assignment in assignments where !assignment.contains("=") {
            throw ValidationError("\"\(assignment)\" is not KEY=VALUE; write it like mood_after=8 or intention=\"…\"")
        }
    }

    func run() throws {
        let (vault, entry) = try vaultOptions.resolve(reference)
        let editor = SessionEditor(timeZone: vault.timeZone)
        var document = entry.document
        var changed: [String] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            let key = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "_")
            let value = String(assignment[assignment.index(after: equals)...])
            do {
                document = try editor.setting(key, to: value, in: document)
            } catch {
                throw usageError(error.message, command: "set")
            }
            changed.append(key)
        }
        if document.bytes == entry.document.bytes {
            emit("Nothing changed in \(entry.path).")
            return
        }
        let errors = Session(document: document).diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            DiagnosticPrinter(vault: vault).print(errors.map { var d = $0; d.path = entry.path; return d }, source: document)
            report(VaultError(.invalid, "\(entry.path) has errors; nothing was written", details: ["Fix them with 'afterflow edit \(entry.path)'."]))
            throw Exit.dataProblem
        }
        document = editor.finishing(document, now: Date())
        let before = entry.session?.status
        let path = try withVaultErrors { try SessionStore(vault: vault).save(document, over: entry) }
        let after = Session(document: document).status
        var line = "Updated \(path): \(changed.joined(separator: ", "))"
        if let before, before != after { line += " · \(before.words) → \(after.words)" }
        if path != entry.path { line += " (moved from \(entry.path))" }
        emit(line)
    }
}
