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
        let (index, _) = try openIndex(vault)
        let entry = try withVaultErrors {
            try DocumentReference(reference).resolve(in: index, from: FileManager.default.currentDirectoryPath, now: CommandClock.now, home: LocalPaths.home)
        }
        guard Draft.isDraft(entry) else {
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
        let path = try resume(entry, changes: changes, reference: reference, in: vault, now: now)
        let document = try withVaultErrors { Document(bytes: try FileIO.read(try vault.path(path))) }
        var session = Session(document: document)
        let shortID = session.id.map { String($0.uuidString.prefix(8)) } ?? reference.visible()
        let inJournal = !Vault.isDraft(path)
        if format == .text { printOutcome(session, path: path, from: entry.path, shortID: shortID, vault: vault, now: now) }
        if (inJournal && session.status == .needsReflection) || (!inJournal && remind != nil) || (session.status == .draft && remind != nil) {
            let current = VaultEntry(path: path, bytes: document.bytes)
            if let reminder {
                _ = try withVaultErrors { try DocumentStore(vault: vault).setReminder(reminder, on: current, now: now) }
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

    /// The draft's changes made (or the draft opened in the editor, or taken into the journal as
    /// it is when ready); its path afterwards.
    private func resume(_ entry: VaultEntry, changes: [(key: String, value: String)], reference: String, in vault: Vault, now: Date) throws -> String {
        var path = entry.path
        if !changes.isEmpty {
            let change = SessionChange(vault: vault, changes: changes, policy: .resume)
            do throws(SessionChange.Failure) {
                if case .updated(let updated) = try change.apply(to: entry, now: now) { path = updated.update.path }
            } catch {
                throw failed(error, reference: reference, vault: vault)
            }
        }
        if changes.isEmpty && !edit, let draft = Draft(entry, now: now, timeZone: vault.timeZone), draft.isReadyToFinish {
            // Ready as it is (a session planned ahead whose time has come): into the journal,
            // without the editor.
            path = try withVaultErrors { try DocumentStore(vault: vault).finishDraft(entry, now: now) }.path
        } else if changes.isEmpty || edit {
            let current = try withVaultErrors { VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path))) }
            path = try EditFlow(vault: vault, hints: vaultOptions.hints, announce: false).run(current)
        }
        return path
    }

    /// Where the session stands: still a draft (and why), or finished.
    private func printOutcome(_ session: Session, path: String, from original: String, shortID: String, vault: Vault, now: Date) {
        let inJournal = !Vault.isDraft(path)
        if session.status == .draft {
            emit("Still a draft: \(vault.shownPath(path)); missing \(session.missingForJournal.joined(separator: " and ")).")
        } else if !inJournal, let date = session.date, date.isAfter(now, in: vault.timeZone) {
            emit("Still a draft: \(vault.shownPath(path)); its date, \(date.readable), is still to come.")
            emit("Once it has come, add it to the journal with: afterflow new --resume \(shortID)")
        } else if !inJournal {
            emit("Still a draft: \(vault.shownPath(path)).")
        } else {
            emit(Terminal.current.bold("Finished \(vault.shownPath(path))") + (path != original ? " (moved from \(vault.shownPath(original)))" : ""))
            emit("  \(session.displayTitle(treatments: vault.config.treatments)) · \(session.status.words) · id \(shortID)")
        }
    }

    /// The failure printed: a bad value is a usage error; errors in the result name the first.
    private func failed(_ failure: SessionChange.Failure, reference: String, vault: Vault) -> Error {
        switch failure {
        case .rejected(let rejection, let path, let document):
            return rejected(rejection, path: path, source: document, vault: vault, command: "new")
        case .hasErrors(let errors, let path, _):
            report(VaultError(.invalid, "\(vault.shownPath(path)) has errors, so nothing was written: \(errors.first?.description ?? "")",
                              details: ["Fix it in your editor with: " + vaultOptions.hints.command("new", "--resume", reference)]))
            return Exit.dataProblem
        case .wouldReplace:
            return Exit.dataProblem  // never: resuming replaces the draft's sections
        case .vault(let error):
            report(error)
            return Exit.dataProblem
        }
    }
}
