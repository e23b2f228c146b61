import AfterflowKit
import ArgumentParser
import Foundation

/// `new --resume REF`: finishing a draft, with flags or in the editor.
extension New {
    /// The field flags given, as `set` keys and values, in the order of the file.
    func fieldChanges(in zone: TimeZone, now: Date) throws -> [(key: String, value: String)] {
        var changes: [(key: String, value: String)] = []
        if date != nil {
            var when = try resolvedDate(in: zone, now: now) ?? SessionDate(now, in: zone)
            if date == "now" { when.time?.second = 0 }
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
        let now = Clock.now
        let hints = vaultOptions.hints
        let (index, _) = try openIndex(vault)
        let entry = try withVaultErrors {
            try SessionReference(reference).resolve(in: index, from: FileManager.default.currentDirectoryPath)
        }
        guard entry.isDraft || entry.session?.status == .draft else {
            report(VaultError(.invalid, "\(entry.path) is not a draft; change it with 'afterflow set' or 'afterflow edit'",
                              details: ["For example: " + vaultOptions.hints.command("edit", entry.path)]))
            throw Exit.dataProblem
        }
        let changes = try fieldChanges(in: zone, now: now)
        // A reminder in the past is refused before anything is written; nil for none asked.
        var reminder: SessionDate??
        if let choice = remind.flatMap(ReminderChoice.init(parsing:)) {
            do {
                reminder = .some(try ReminderSchedule(timeZone: zone, now: now).date(for: choice))
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
                throw usageError(error.message, command: "new")
            }
            let update = try withVaultErrors {
                try store.update(entry) { current throws(VaultError) -> Document in
                    let document: Document
                    do throws(SessionEditor.Rejection) {
                        document = try editor.setting(changes, in: current.document)
                    } catch {
                        throw VaultError(.invalid, error.message)
                    }
                    if let error = Session(document: document).diagnostics.first(where: { $0.severity == .error }) {
                        throw VaultError(.invalid, "\(current.path) has errors, so nothing was written: \(error.description)",
                                         details: ["Fix it in your editor with: " + hints.command("new", "--resume", reference)])
                    }
                    return editor.finishing(document, now: now)
                }
            }
            path = update.path
        }
        if changes.isEmpty || edit {
            let current = try withVaultErrors { VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path))) }
            path = try EditFlow(vault: vault, hints: vaultOptions.hints, announce: false).run(current)
        }
        let document = try withVaultErrors { Document(bytes: try FileIO.read(try vault.path(path))) }
        var session = Session(document: document)
        let shortID = session.id.map { String($0.uuidString.prefix(8)) } ?? reference.visible()
        if format == .text {
            if session.status == .draft {
                let missing = Drafts.missing(session)
                emit("Still a draft: \(path.visible()); missing \(missing.joined(separator: " and ")).")
            } else {
                emit(Terminal.current.bold("Finished \(path.visible())") + (path != entry.path ? " (moved from \(entry.path.visible()))" : ""))
                emit("  \(session.displayTitle) · \(session.status.words) · id \(shortID)")
            }
        }
        if session.status == .needsReflection || (session.status == .draft && remind != nil) {
            let current = VaultEntry(path: path, bytes: document.bytes)
            if let reminder {
                _ = try withVaultErrors { try store.setReminder(reminder, on: current, now: now) }
                if format == .text, let reminder {
                    emit("Reminder set for \(ReminderOffer.describe(reminder, now: now, timeZone: zone)).")
                }
            } else if format == .text && session.reminder == nil {
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
        } else if session.status == .needsReflection {
            emit("Add reflections when you are ready: " + vaultOptions.hints.command("reflect", shortID, placeholder: "\"…\""))
        }
    }
}
