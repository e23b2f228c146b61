import AfterflowKit
import ArgumentParser
import Foundation

struct Reflect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reflect",
        abstract: "Add a quick reflection to a session.",
        discussion: """
            The text comes from TEXT, else from --file, else from standard input when it is piped, else from your editor. It is trimmed and added at the end of the session's Reflections section as '[YYYY-MM-DD HH:MM] text' after a blank line (--prepend puts it first). The session becomes complete and its reminder is cleared. Empty text changes nothing.

            In the editor, a comment below the first line (<!-- afterflow: … -->) says which session the reflection is for; it is removed when you save. When what you wrote cannot be saved (a line that is a heading would end the section, say), the editor's file is kept and the command that saves it from there is printed, such as: afterflow reflect 6F1C2A8E --file ~/.local/state/afterflow/reflection-1A2B3C4D.md

            When the vault cannot be written right now (another afterflow process holds its lock, the file system is read-only, the vault's drive is not mounted) the reflection waits, with the time you wrote it, in your state folder ($XDG_STATE_HOME/afterflow/queue, else ~/.local/state/afterflow/queue). The next afterflow command in that vault saves it. At most 100 wait.

            Examples:
              afterflow reflect 6F1C "Felt calm and centered."
              afterflow reflect last "Still with me today."   the newest session
              afterflow reflect 2024-12-10 --prepend "A week later, still with me."
              pbpaste | afterflow reflect 6F1C
              afterflow reflect 6F1C --file notes.md
              afterflow reflect 6F1C              write it in your editor
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Argument(help: ArgumentHelp("An id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last (the newest session).", valueName: "ref"))
    var reference: String

    @Argument(help: ArgumentHelp("The reflection. Default: --file, standard input when piped, else your editor.", valueName: "text"))
    var text: String?

    @Option(help: ArgumentHelp("Read the reflection from this file (kept; a scratch file of the editor's is removed once saved).", valueName: "path"))
    var file: String?

    @Flag(help: "Put the entry first in the Reflections section instead of last.")
    var prepend = false

    func validate() throws {
        if text != nil && file != nil { throw ValidationError("give the reflection as TEXT or with --file, not both") }
    }

    /// Where the text came from.
    private enum Source {
        case argument, standardInput
        /// A file the user named with `--file`: kept.
        case file(String)
        /// A scratch file of the editor's, in the state folder: removed once saved, kept (without
        /// the comment) when the reflection cannot be saved.
        case scratch(String)
    }

    func run() throws {
        let (raw, source, named) = try readText()
        // In the editor the session was looked up first: from here on it is named by its id.
        let reference = named ?? self.reference
        let typed = CommandClock.now
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let err = ErrorStream.current
        guard !text.isEmpty else {
            if case .scratch(let scratch) = source { try? FileIO.remove(scratch) }
            err.write("Nothing saved: the reflection is empty.")
            return
        }
        // The text is the user's: from here on, every failure keeps it somewhere they can find it,
        // with the command that saves it from there.
        func keep(_ error: VaultError) -> ExitCode {
            report(error)
            switch source {
            case .scratch(let scratch):
                // Without the comment, as it will be read back.
                try? FileIO.overwrite(scratch, contents: Array((text + "\n").utf8))
                err.write("Your text is kept in \(scratch.visible()); fix it there if need be, then save it with:")
                err.write("  " + retryCommand(reference, file: scratch))
            case .file(let path):
                err.write("Your text is still in \(path.visible()); fix it there if need be, then save it with:")
                err.write("  " + retryCommand(reference, file: path))
            case .argument, .standardInput:
                err.write("Your reflection was not saved; here it is, to keep:\n\(text.visible(lines: true))")
            }
            return Exit.dataProblem
        }
        if let problem = SessionSection.reflections.problem(with: text) {
            switch source {
            case .scratch, .file: throw keep(VaultError(.invalid, problem))
            case .argument, .standardInput: throw usageError(problem, command: "reflect")
            }
        }

        let vault: Vault
        do {
            vault = try vaultOptions.locate()
        } catch {
            // A vault named by --vault or AFTERFLOW_VAULT that is not there: a drive not mounted.
            guard error.kind == .notFound, let root = vaultOptions.namedRoot() else { throw keep(error) }
            let saving: ReflectionSaving
            do {
                saving = try ReflectionQueue.saveForMissingVault(text, typedAt: typed, prepend: prepend, reference: reference, root: root,
                                                                 timeZone: .current, queue: VaultOptions.queue, because: error)
            } catch {
                throw keep(error)
            }
            say(saving)
            if case .scratch(let scratch) = source { try? FileIO.remove(scratch) }
            return
        }
        vaultOptions.replayQueue(into: vault)
        let entry: VaultEntry
        do {
            entry = try lookUp(reference, in: vault)
        } catch {
            throw keep(error)
        }
        let saving: ReflectionSaving
        do {
            saving = try ReflectionQueue.save(text, typedAt: typed, prepend: prepend, to: entry, reference: reference,
                                              in: vault, queue: VaultOptions.queue, now: CommandClock.now)
        } catch {
            throw keep(error)
        }
        say(saving)
        if case .scratch(let scratch) = source { try? FileIO.remove(scratch) }
    }

    /// The session `reference` names: through the index when it can be opened and brought up to
    /// date; on a read-only or failing disk, through the files themselves, so that the reflection
    /// can still be queued.
    private func lookUp(_ reference: String, in vault: Vault) throws(VaultError) -> VaultEntry {
        let cwd = FileManager.default.currentDirectoryPath
        do throws(VaultError) {
            // The index is brought up to date only when the quick answer cannot be trusted; when
            // it cannot even then, the files themselves are read.
            let lookup = RecordLookup(vault: vault) { () throws(VaultError) -> IndexStore in
                do throws(VaultError) {
                    let store = try IndexStore(vault: vault)
                    try store.refresh()
                    return store
                } catch {
                    throw VaultError(.indexUnwritable, error.message)
                }
            }
            do throws(VaultError) {
                return try DocumentReference(reference).resolve(with: lookup, from: cwd, now: CommandClock.now, home: LocalPaths.home)
            } catch where error.kind == .indexUnwritable {
                return try DocumentReference(reference).resolve(in: VaultCatalog(vault: vault), from: cwd, now: CommandClock.now, home: LocalPaths.home)
            }
        } catch {
            throw trashAware(error, reference: reference, vault: vault, hints: vaultOptions.hints)
        }
    }

    private func shortID(_ session: Session) -> String {
        session.id.map { String($0.uuidString.prefix(8)) } ?? reference
    }

    /// `afterflow reflect 6F1C2A8E --file /path/kept.md`, with the flags that make it save to
    /// the same session from anywhere.
    private func retryCommand(_ reference: String, file: String) -> String {
        vaultOptions.hints.command(["reflect", reference, "--file", file] + (prepend ? ["--prepend"] : [])).visible()
    }

    /// Says what became of the reflection; warns when the queue is nearly full.
    private func say(_ saving: ReflectionSaving) {
        switch saving {
        case .saved(let document):
            emit("Reflection saved")
            let session = Session(document: document)
            if session.status == .draft {
                emit("The session is still a draft: it needs an intention and a mood before (\(vaultOptions.hints.command("new", "--resume", shortID(session)))).")
            }
        case .queued(let root, let count, let cause):
            emit("Reflection queued: the vault cannot be written right now. It will be saved, with the time you wrote it, the next time afterflow runs in \(root.visible()).")
            let err = ErrorStream.current
            err.write("  " + cause.message.visible())
            if saving.nearlyFull {
                err.write(err.style("warning:", "1;35")
                    + " \(count) reflections are waiting in the queue, and it holds at most \(ReflectionQueue.capacity); run any afterflow command in the vault when it can be written")
            }
        }
    }

    /// The text, where it came from, and (from the editor) the session's id it was written for.
    private func readText() throws -> (String, Source, String?) {
        if let text { return (text, .argument, nil) }
        if let file {
            let path = LocalPaths.absolute(file, from: FileManager.default.currentDirectoryPath)
            let bytes = try withVaultErrors { try FileIO.read(path) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw usageError("\(file) is not UTF-8 text; save it as UTF-8", command: "reflect")
            }
            // One of the editor's scratch files, kept after a refusal: removed once saved.
            if let state = StateFolder.path(environment: ProcessInfo.processInfo.environment),
               ReflectionScratch.isScratch(path, in: state) {
                return (ReflectionScratch.reflection(from: text), .scratch(path), nil)
            }
            return (text, .file(file), nil)
        }
        if !Terminal.current.stdinIsTTY {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else {
                throw usageError("standard input is not UTF-8 text; save it as UTF-8", command: "reflect")
            }
            return (text, .standardInput, nil)
        }
        // Written in the user's own state folder (0700), not in a shared temporary folder.
        guard let state = StateFolder.path(environment: ProcessInfo.processInfo.environment) else {
            throw usageError("give the reflection as TEXT or on standard input; there is no HOME for an editor's scratch file", command: "reflect")
        }
        // The session is looked up before the editor opens: a name that fits none fails before
        // anything is typed, and the comment in the file says which session it is for.
        let (description, id) = try describeSession()
        let scratch = state + "/" + ReflectionScratch.fileName()
        try withVaultErrors {
            try FileIO.createDirectories(state)
            try FileIO.create(scratch, contents: Array(ReflectionScratch.text(describing: description).utf8))
            try Editor.open(scratch)
        }
        let bytes = try withVaultErrors { try FileIO.read(scratch) }
        return (ReflectionScratch.reflection(from: String(decoding: bytes, as: UTF8.self)), .scratch(scratch), id)
    }

    /// The lines that tell which session the reflection is for, and its id (8 characters); for a
    /// vault that is not there now, the name as typed and no id.
    private func describeSession() throws -> ([String], String?) {
        let vault: Vault
        do {
            vault = try vaultOptions.locate()
        } catch {
            guard error.kind == .notFound, let root = vaultOptions.namedRoot() else {
                report(error)
                throw Exit.dataProblem
            }
            return (["the session \(reference.visible()) in \(root.visible()), which is not there now: it will wait in the queue"], nil)
        }
        let entry = try withVaultErrors { try lookUp(reference, in: vault) }
        guard let session = entry.session else { return ([vault.shownPath(entry.path)], nil) }
        let id = session.id.map { String($0.uuidString.prefix(8)) }
        var lines = [session.displayTitle.visible() + (session.date.map { ", " + $0.readable } ?? "")
                     + (id.map { " · id \($0)" } ?? "")]
        lines.append(vault.shownPath(entry.path))
        if let intention = session.intention.split(separator: "\n").first.map(String.init),
           !intention.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.append("Intention: " + (intention.count > 120 ? String(intention.prefix(119)) + "…" : intention).visible())
        }
        return (lines, id ?? entry.path)
    }
}
