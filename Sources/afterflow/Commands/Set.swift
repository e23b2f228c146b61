import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change fields of a session, touching only their lines.",
            discussion: """
                Each change is KEY=VALUE. Keys are the front matter's (date, treatment, administration, dose, mood_before, mood_after, reminder, music, tags, or a key of your own) and the sections (intention, environment, music_notes, reflections). An empty value removes an optional key or empties a section. A section that holds text is replaced or emptied only with --replace, and its old text is kept in the trash first ('afterflow undo' brings it back); 'afterflow reflect' adds to the reflections instead. Values are checked first: nothing is written unless all are valid. 'updated' is set to now and the status follows the content; a draft that gains an intention and a mood before moves into sessions/.

                Examples:
                  afterflow set 6F1C mood_after=8
                  afterflow set 2024-12-10 reflections="Felt peaceful." --replace
                  afterflow set 6F1C treatment=LSD dose="100 µg" tags=integration,nature
                  afterflow set 6F1C reminder=            remove the reminder
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
        var reference: String

        @Argument(help: ArgumentHelp("KEY=VALUE changes, applied in order.", valueName: "key=value"))
        var assignments: [String] = []

        @Flag(help: "Replace a section that holds text (its old text goes to the trash; 'afterflow undo' brings it back).")
        var replace = false

        func validate() throws {
            guard !assignments.isEmpty else {
                throw ValidationError("give at least one change, like mood_after=8")
            }
            for assignment in assignments where !assignment.contains("=") {
                throw ValidationError("\"\(assignment.visible())\" is not KEY=VALUE; write it like mood_after=8 or intention=\"…\"")
            }
        }

        func run() throws {
            let (vault, entry) = try vaultOptions.resolve(reference)
            var changes: [(key: String, value: String)] = []
            for assignment in assignments {
                guard let equals = assignment.firstIndex(of: "=") else { continue }
                let key = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "_")
                changes.append((key, String(assignment[assignment.index(after: equals)...])))
            }
            let change = SessionChange(vault: vault, changes: changes, policy: .set(replace: replace))
            for (key, known) in change.nearlyKnownKeys(in: entry) {
                ErrorStream.current.write("warning: \"\(key.visible())\" is not a key afterflow knows; did you mean \"\(known)\"? It is written as a key of your own.")
            }
            let updated: SessionChange.Updated
            do throws(SessionChange.Failure) {
                guard case .updated(let done) = try change.apply(to: entry, now: CommandClock.now) else {
                    emit("Nothing changed in \(vault.shownPath(entry.path)).")
                    return
                }
                updated = done
            } catch {
                throw failed(error, vault: vault)
            }
            let update = updated.update
            var line = "Updated \(vault.shownPath(update.path)): \(changes.map(\.key).joined(separator: ", ").visible())"
            if let before = updated.before, before != updated.after { line += " · \(before.words) → \(updated.after.words)" }
            if update.path != entry.path { line += " (moved from \(vault.shownPath(entry.path)))" }
            emit(line)
            if replace && !updated.replaced.isEmpty {
                emit("The text replaced is in the trash; bring it back with: " + vaultOptions.hints.command("undo"))
            }
            if updated.finishedWithoutReminder {
                try ReminderOffer.offer(vault: vault, path: update.path)
            }
        }

        /// The failure printed: a bad value, text that would be replaced, errors in the result.
        private func failed(_ failure: SessionChange.Failure, vault: Vault) -> Error {
            switch failure {
            case .rejected(let rejection, let path, let document):
                return rejected(rejection, path: path, source: document, vault: vault, command: "set")
            case .wouldReplace(let sections, let path):
                return refusal(sections, path: path, vault: vault)
            case .hasErrors(let errors, let path, let document):
                DiagnosticPrinter(vault: vault).print(errors, source: document)
                let hints = vaultOptions.hints
                report(VaultError(.invalid, "\(vault.shownPath(path)) has errors; nothing was written", details: ["Fix them with: " + hints.command("edit", hints.path(path, in: vault))]))
                return Exit.dataProblem
            case .vault(let error):
                report(error)
                return Exit.dataProblem
            }
        }

        /// Refuses to replace sections that hold text without --replace, naming the ways on.
        private func refusal(_ sections: [SessionSection], path: String, vault: Vault) -> ExitCode {
            let names = sections.map(\.fieldName).joined(separator: " and ")
            let hints = vaultOptions.hints
            var details: [String] = []
            if sections.contains(.reflections) {
                details.append("Add to the reflections with: " + hints.command(["reflect", reference], placeholder: "\"…\""))
            }
            details.append("Replace \(sections.count == 1 ? "it" : "them") with --replace: the old text goes to the trash, and '\(hints.command("undo"))' brings it back.")
            report(VaultError(.invalid, "\(vault.shownPath(path)) already has \(names) text that this would replace; nothing was written", details: details))
            return Exit.dataProblem
        }
    }
}
