import AfterflowKit
import ArgumentParser
import Foundation

struct Reflect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reflect",
        abstract: "Add a quick reflection to a session.",
        discussion: """
            The text comes from TEXT, else from standard input when it is piped, else from your editor. It is trimmed and added at the end of the session's Reflections section as '[YYYY-MM-DD HH:MM] text' after a blank line (--prepend puts it first). The session becomes complete and its reminder is cleared. Empty text changes nothing.

            When the vault cannot be written right now (another afterflow process holds its lock, the file system is read-only, the vault's drive is not mounted) the reflection waits, with the time you wrote it, in your state folder ($XDG_STATE_HOME/afterflow/queue, else ~/.local/state/afterflow/queue). The next afterflow command in that vault saves it. At most 100 wait.

            Examples:
              afterflow reflect 6F1C "Felt calm and centered."
              afterflow reflect 2024-12-10 --prepend "A week later, still with me."
              pbpaste | afterflow reflect 6F1C
              afterflow reflect 6F1C              write it in your editor
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, or a day (2024-12-10).", valueName: "ref"))
    var reference: String

    @Argument(help: ArgumentHelp("The reflection. Default: standard input when piped, else your editor.", valueName: "text"))
    var text: String?

    @Flag(help: "Put the entry first in the Reflections section instead of last.")
    var prepend = false

    func run() throws {
        let (raw, scratch) = try readText()
        let typed = Clock.now
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let err = ErrorStream.current
        guard !text.isEmpty else {
            if let scratch { try? FileIO.remove(scratch) }
            err.write("Nothing saved: the reflection is empty.")
            return
        }
        // The text is the user's: from here on, every failure keeps it somewhere they can find it.
        func keep(_ error: VaultError) -> ExitCode {
            report(error)
            if let scratch {
                err.write("Your text is kept in \(scratch.visible()).")
            } else {
                err.write("Your reflection was not saved; here it is, to keep:\n\(text.visible(lines: true))")
            }
            return Exit.dataProblem
        }
        if let problem = SessionSection.reflections.problem(with: text) {
            if scratch != nil { throw keep(VaultError(.invalid, problem)) }
            throw usageError(problem, command: "reflect")
        }

        let vault: Vault
        do {
            vault = try vaultOptions.locate()
        } catch {
            // A vault named by --vault or AFTERFLOW_VAULT that is not there: a drive not mounted.
            guard error.kind == .notFound, let root = vaultOptions.namedRoot() else { throw keep(error) }
            let reflection = QueuedReflection(vault: root, session: nil, reference: reference, text: text, typed: typed,
                                              timeZone: .current, prepend: prepend)
            try queue(reflection, because: error, keep: keep)
            if let scratch { try? FileIO.remove(scratch) }
            return
        }
        vaultOptions.replayQueue(into: vault)
        let entry: VaultEntry
        do {
            let cwd = FileManager.default.currentDirectoryPath
            // The index when it can be opened and brought up to date; on a read-only or failing
            // disk, the files themselves, so that the reflection can still be queued.
            if let store = try? IndexStore(vault: vault), (try? store.refresh()) != nil {
                entry = try SessionReference(reference).resolve(in: store, from: cwd)
            } else {
                entry = try SessionReference(reference).resolve(in: VaultCatalog(vault: vault), from: cwd)
            }
        } catch {
            throw keep(error)
        }
        do {
            let update = try SessionStore(vault: vault).addReflection(text, typedAt: typed, prepend: prepend, to: entry, now: Clock.now)
            emit("Reflection saved")
            let session = Session(document: update.document)
            if session.status == .draft {
                emit("The session is still a draft: it needs an intention and a mood before (\(vaultOptions.hints.command("new", "--resume", shortID(session)))).")
            }
        } catch where error.isWriteUnavailable {
            let reflection = QueuedReflection(vault: vault.root, session: entry.session?.id, reference: reference, text: text,
                                              typed: typed, timeZone: vault.timeZone, prepend: prepend)
            try queue(reflection, because: error, keep: keep)
        } catch {
            throw keep(error)
        }
        if let scratch { try? FileIO.remove(scratch) }
    }

    private func shortID(_ session: Session) -> String {
        session.id.map { String($0.uuidString.prefix(8)) } ?? reference
    }

    /// Puts the reflection in the queue and says so; warns when the queue is nearly full.
    private func queue(_ reflection: QueuedReflection, because cause: VaultError, keep: (VaultError) -> ExitCode) throws {
        guard let queue = VaultOptions.queue else {
            throw keep(VaultError(.notFound, "cannot queue the reflection: neither XDG_STATE_HOME nor HOME is set"))
        }
        let count: Int
        do {
            count = try queue.enqueue(reflection)
        } catch {
            throw keep(error)
        }
        emit("Reflection queued: the vault cannot be written right now. It will be saved, with the time you wrote it, the next time afterflow runs in \(reflection.vault.visible()).")
        let err = ErrorStream.current
        err.write("  " + cause.message.visible())
        if count >= ReflectionQueue.warningThreshold {
            err.write(err.style("warning:", "1;35")
                + " \(count) reflections are waiting in the queue, and it holds at most \(ReflectionQueue.capacity); run any afterflow command in the vault when it can be written")
        }
    }

    /// The text, and the scratch file it was written in when it came from the editor.
    private func readText() throws -> (String, String?) {
        if let text { return (text, nil) }
        if !Terminal.current.stdinIsTTY {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else {
                throw usageError("standard input is not UTF-8 text; save it as UTF-8", command: "reflect")
            }
            return (text, nil)
        }
        // Written in the user's own state folder (0700), not in a shared temporary folder.
        guard let state = StateFolder.path(environment: ProcessInfo.processInfo.environment) else {
            throw usageError("give the reflection as TEXT or on standard input; there is no HOME for an editor's scratch file", command: "reflect")
        }
        let scratch = state + "/reflection-\(UUID().uuidString.prefix(8)).md"
        try withVaultErrors {
            try FileIO.createDirectories(state)
            try FileIO.create(scratch, contents: [])
            try Editor.open(scratch)
        }
        let bytes = try withVaultErrors { try FileIO.read(scratch) }
        return (String(decoding: bytes, as: UTF8.self), scratch)
    }
}
