import AfterflowKit
import ArgumentParser
import Foundation

/// `new --resume REF`: finishing a draft, with flags or in the editor.
extension New {
    /// The field flags given, as `set` keys and values, in the order of the file.
    func fieldChanges(in zone: TimeZone, now: Date) throws -> [(key: String, value: String)] {
        var changes: [(key: String, value: String)] = []
        if let when = try resolvedDate(in: zone, now: now) {
            changes.append(("date", when.canonical(in: zone)))
        }
        if let treatment { changes.append(("treatment", treatment)) }
        if let administration { changes.append(("administration", administration)) }
        if let dose { changes.append(("dose", dose)) }
        if let moodBefore { changes.append(("mood_before", String(moodBefore))) }
        if let moodAfter { changes.append(("mood_after", String(moodAfter))) }
        if let music { changes.append(("music", music)) }
        if !tags.isEmpty { changes.append(("tags", tags.joined(separator: ","))) }
        if let intention { changes.append(("intention", intention)) }
        if let environment { changes.append(("environment", environment)) }
        if let musicNotes { changes.append(("music_notes", musicNotes)) }
        return changes
    }

    func runResume(_ reference: String, in vault: Vault) throws {
        let zone = vault.timeZone
        let now = CommandClock.now
        let hints = vaultOptions.hints
        let (index, _) = try openIndex(vault)
        let entry = try withVaultErrors {
            try DocumentReference(reference).resolve(in: index, from: FileManager.default.currentDirectoryPath, now: CommandClock.now, home: LocalPaths.home)
        }
        guard entry.isDraft || entry.session?.status == .draft else {
            report(VaultError(.invalid, "\(vault.shownPath(entry.path)) is not a draft; change it with 'afterflow set' or 'afterflow edit'",
                              details: ["For example: " + vaultOptions.hints.command("edit", vaultOptions.hints.path(entry.path, in: vault))]))
            throw Exit.dataProblem
        }
        let changes = try fieldChanges(in: zone, now: now)
        // A reminder in the past is refused before anything is written; nil for none asked.
        var reminder: LocalDate??
        if let choice = remind.flatMap(ReminderChoice.init(parsing:)) {
            do {
                reminder = .some(try ReminderSchedule.dated(choice, timeZone: zone, now: now))
            } catch {
                throw usageError(error.message, command: "new")
            }
        }
        let editor = SessionEditor(timeZone: zone)
        let store = SessionStore(vault: vault)
        var path = entry.path
        if !changes.isEmpty {
            // Every value is checked against the draft as read before anything is written.
            do throws(SessionEditor.Rejection) {
                _ = try editor.setting(changes, in: entry.document)
            } catch {
                throw rejected(error, path: entry.path, source: entry.document, vault: vault, command: "new")
            }
            let update = try withVaultErrors {
                try store.update(entry, now: now) { current throws(VaultError) -> Document in
                    let document: Document
                    do throws(SessionEditor.Rejection) {
                        document = try editor.setting(changes, in: current.document)
                    } catch {
                        throw VaultError(.invalid, error.message(in: current.path))
                    }
                    let errors = Session(document: document).diagnostics.filter { $0.severity == .error }
                    // Located in the draft on disk, not in the edited text (see Set).
                    let onDisk = Diagnostic.located(errors, in: document, from: current.session?.diagnostics ?? Session(document: current.document).diagnostics)
                    if let error = onDisk.first {
                        throw VaultError(.invalid, "\(vault.shownPath(current.path)) has errors, so nothing was written: \(error.withPath(current.path).description)",
                                         details: ["Fix it in your editor with: " + hints.command("new", "--resume", reference)])
                    }
                    return editor.finishing(document, now: now)
                }
            }
            path = update.path
        }
        if changes.isEmpty && !edit && entry.isDraft, let session = entry.session, session.status != .draft,
           let date = session.date, !date.isAfter(now, in: zone) {
            // Ready as it is (a session planned ahead whose time has come): into the journal,
            // without the editor.
            path = try withVaultErrors { try store.finishDraft(entry, now: now) }.path
        } else if changes.isEmpty || edit {
            let current = try withVaultErrors { VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path))) }
            path = try EditFlow(vault: vault, hints: vaultOptions.hints, announce: false).run(current)
        }
        let document = try withVaultErrors { Document(bytes: try FileIO.read(try vault.path(path))) }
        var session = Session(document: document)
        let shortID = session.id.map { String($0.uuidString.prefix(8)) } ?? reference.visible()
        let inJournal = !Vault.isDraft(path)
        if format == .text {
            if session.status == .draft {
                let missing = Drafts.missing(session)
                emit("Still a draft: \(vault.shownPath(path)); missing \(missing.joined(separator: " and ")).")
            } else if !inJournal, let date = session.date, date.isAfter(now, in: zone) {
                emit("Still a draft: \(vault.shownPath(path)); its date, \(SessionText.when(date)), is still to come.")
                emit("Once it has come, add it to the journal with: afterflow new --resume \(shortID)")
            } else if !inJournal {
                emit("Still a draft: \(vault.shownPath(path)).")
            } else {
                emit(Terminal.current.bold("Finished \(vault.shownPath(path))") + (path != entry.path ? " (moved from \(vault.shownPath(entry.path)))" : ""))
                emit("  \(session.displayTitle) · \(session.status.words) · id \(shortID)")
            }
        }
        if (inJournal && session.status == .needsReflection) || (!inJournal && remind != nil) || (session.status == .draft && remind != nil) {
            let current = VaultEntry(path: path, bytes: document.bytes)
            if let reminder {
                _ = try withVaultErrors { try store.setReminder(reminder, on: current, now: now) }
                if format == .text, let reminder {
                    emit("Reminder set for \(ReminderOffer.describe(reminder, now: now, timeZone: zone)).")
                }
            } else if format == .text && session.reminder == nil && inJournal {
                try ReminderOffer.offer(vault: vault, path: path)
            }
            session = Session(document: (try? FileIO.read(vault.root + "/" + path)).map { Document(bytes: $0) } ?? document)
        }
        if format == .json {
            var members: [(String, JSONValue)] = [
                ("path", .string(path)), ("id", session.id.map { .string($0.uuidString) } ?? .null),
                ("status", .string(session.status.rawValue)),
            ]
            if let reminder = session.reminder { members.append(("reminder", .string(reminder.canonical(in: zone)))) }
            emit(JSONValue.object(members).serialized())
        } else if inJournal && session.status == .needsReflection {
            emit("Add reflections when you are ready: " + vaultOptions.hints.command("reflect", shortID, placeholder: "\"…\""))
        }
    }
}
