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
            let editor = SessionEditor(timeZone: vault.timeZone)
            var changes: [(key: String, value: String)] = []
            for assignment in assignments {
                guard let equals = assignment.firstIndex(of: "=") else { continue }
                let key = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "_")
                changes.append((key, String(assignment[assignment.index(after: equals)...])))
            }
            // A key of the user's own one edit from a known one is most likely a slip: written, with a warning.
            for key in changes.map(\.key) where entry.document.frontMatter?.entry(key) == nil {
                if let known = SessionKey.nearlyKnown(key) {
                    ErrorStream.current.write("warning: \"\(key.visible())\" is not a key afterflow knows; did you mean \"\(known)\"? It is written as a key of your own.")
                }
            }
            // Every value is checked against the file as read: a bad one is a usage error, and
            // nothing is written.
            let document: Document
            do throws(SessionEditor.Rejection) {
                document = try editor.setting(changes, in: entry.document)
            } catch {
                throw rejected(error, path: entry.path, source: entry.document, vault: vault, command: "set")
            }
            if document.bytes == entry.document.bytes {
                emit("Nothing changed in \(vault.shownPath(entry.path)).")
                return
            }
            let replaced = editor.replacedSections(changes, in: entry.document)
            if !replaced.isEmpty && !replace { throw refusal(replaced, path: entry.path, vault: vault) }
            let errors = Session(document: document).diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                // Located in the file on disk, which is what the user opens, not in the edited text.
                let onDisk = Diagnostic.located(errors, in: document, from: entry.session?.diagnostics ?? Session(document: entry.document).diagnostics)
                DiagnosticPrinter(vault: vault).print(onDisk.map { $0.withPath(entry.path) }, source: entry.document)
                report(VaultError(.invalid, "\(vault.shownPath(entry.path)) has errors; nothing was written", details: ["Fix them with: " + vaultOptions.hints.command("edit", vaultOptions.hints.path(entry.path, in: vault))]))
                throw Exit.dataProblem
            }
            // Then applied again, under the vault's lock, to the file as it is now: a change another
            // afterflow process made meanwhile is kept.
            let now = CommandClock.now
            let hints = vaultOptions.hints
            let update = try withVaultErrors {
                try SessionStore(vault: vault).update(entry, now: now) { current throws(VaultError) -> Document in
                    let document: Document
                    do throws(SessionEditor.Rejection) {
                        document = try editor.setting(changes, in: current.document)
                    } catch {
                        throw VaultError(.invalid, error.message(in: current.path))
                    }
                    guard document.bytes != current.document.bytes else { return document }
                    if Session(document: document).diagnostics.hasErrors {
                        throw VaultError(.invalid, "\(vault.shownPath(current.path)) has errors; nothing was written", details: ["Fix them with: " + hints.command("edit", hints.path(current.path, in: vault))])
                    }
                    // The text replaced is kept first, under the same hold of the lock.
                    if replace && !editor.replacedSections(changes, in: current.document).isEmpty {
                        try Trash(vault: vault).keepCopy(of: current, now: now)
                    }
                    return editor.finishing(document, now: now)
                }
            }
            let before = update.before.session?.status
            let after = Session(document: update.document).status
            var line = "Updated \(vault.shownPath(update.path)): \(changes.map(\.key).joined(separator: ", ").visible())"
            if let before, before != after { line += " · \(before.words) → \(after.words)" }
            if update.path != entry.path { line += " (moved from \(vault.shownPath(entry.path)))" }
            emit(line)
            if replace && !replaced.isEmpty {
                emit("The text replaced is in the trash; bring it back with: " + hints.command("undo"))
            }
            if before == .draft && after == .needsReflection && Session(document: update.document).reminder == nil {
                try ReminderOffer.offer(vault: vault, path: update.path)
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
