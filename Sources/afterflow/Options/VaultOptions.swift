import AfterflowKit
import ArgumentParser
import Foundation

/// `--vault DIR`, shared by every command that works in a vault.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The vault folder. Default: $AFTERFLOW_VAULT, else the nearest folder at or above this one holding .afterflow/.",
        valueName: "dir"))
    var vault: String?

    /// Finds the vault and first saves any reflections queued for it (see `ReflectionQueue`).
    func open() throws -> Vault {
        let vault = try withVaultErrors { try locate() }
        replayQueue(into: vault)
        return vault
    }

    /// Opens the vault and reads every document, reporting a broken config.
    func catalog() throws -> VaultCatalog {
        let vault = try open()
        if !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        return VaultCatalog(vault: vault)
    }

    /// Finds the vault, with the lock timeout from `AFTERFLOW_LOCK_TIMEOUT` and the system clock
    /// for the age of leftover files; no replay.
    func locate() throws(VaultError) -> Vault {
        let environment = ProcessInfo.processInfo.environment
        var found = try Vault.locate(explicit: vault, environment: environment, from: FileManager.default.currentDirectoryPath)
        found.lockTimeout = VaultOptions.lockTimeout
        found.fileClock = { Date() }
        return found
    }

    /// The vault folder named by `--vault` or `AFTERFLOW_VAULT`, absolute, whether or not it is
    /// there now (a vault on a drive that is not mounted).
    func namedRoot() -> String? {
        let named = vault ?? ProcessInfo.processInfo.environment["AFTERFLOW_VAULT"]
        guard let named, !named.isEmpty else { return nil }
        return LocalPaths.absolute(named, from: FileManager.default.currentDirectoryPath)
    }

    /// Seconds to wait for another afterflow process: `AFTERFLOW_LOCK_TIMEOUT`, else the default.
    static let lockTimeout: TimeInterval = {
        guard let text = ProcessInfo.processInfo.environment["AFTERFLOW_LOCK_TIMEOUT"], !text.isEmpty else {
            return Vault.defaultLockTimeout
        }
        guard let seconds = TimeInterval(text), seconds >= 0, seconds.isFinite else {
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35")
                + " AFTERFLOW_LOCK_TIMEOUT must be a number of seconds, found \"\(text.visible())\"; waiting \(Int(Vault.defaultLockTimeout)) seconds")
            return Vault.defaultLockTimeout
        }
        return seconds
    }()

    /// The reflection queue of this user, when there is a home or state folder to keep it in.
    static var queue: ReflectionQueue? {
        guard var queue = ReflectionQueue(environment: ProcessInfo.processInfo.environment) else { return nil }
        queue.lockTimeout = lockTimeout
        return queue
    }

    /// Saves the reflections queued for `vault`, oldest first, and says so on standard error.
    func replayQueue(into vault: Vault) {
        guard let queue = VaultOptions.queue else { return }
        let replay = queue.replay(into: vault, now: CommandClock.now)
        let err = ErrorStream.current
        let saved = replay.saved.count
        if saved > 0 { err.write("\(saved) queued reflection\(saved == 1 ? "" : "s") saved") }
        guard !replay.waiting.isEmpty else { return }
        let count = replay.waiting.count
        err.write(err.style("warning:", "1;35")
            + " \(count) queued reflection\(count == 1 ? " is" : "s are") still waiting; \(count == 1 ? "it is" : "they are") kept and tried again next time")
        var reasons: [String] = []
        for (_, reason) in replay.waiting where !reasons.contains(reason) { reasons.append(reason) }
        for reason in reasons.prefix(3) { err.write("  " + reason.visible()) }
    }
}

extension VaultOptions {
    /// Opens the vault and its index, brought up to date with the files first (with a progress bar
    /// on a terminal when there is much to read); the config's problems are printed first unless
    /// the command reports them itself.
    func index(rebuild: Bool = false, printingConfigProblems: Bool = true) throws -> (IndexStore, IndexStore.RefreshReport) {
        let vault = try open()
        if printingConfigProblems && !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        return try openIndex(vault, rebuild: rebuild)
    }

    /// `index()` for an export of sessions chosen by `filters`: with a day to start from, and when
    /// `sessionsOnly` says the export reads nothing else, only the sessions of those days are
    /// brought up to date (docs/ARCHITECTURE.md, "An export of some days"). Also hands back the
    /// filter, made in the vault's time zone.
    func index(for filters: FilterOptions, now: Date, command: String,
               sessionsOnly: (VaultConfig) -> Bool) throws -> (IndexStore, IndexStore.RefreshReport, SessionFilter) {
        let vault = try open()
        if !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        try filters.checkTreatments(in: vault.config, command: command)
        let filter = filters.filter(timeZone: vault.timeZone, now: now, treatments: vault.config.treatments)
        let (store, report) = try openIndex(vault, sessionDays: sessionsOnly(vault.config) ? (filter.since, filter.until) : nil)
        return (store, report, filter)
    }
}

/// The vault's index brought up to date (with a progress bar on a terminal when there is much to
/// read). When it cannot be written, as on a full disk, the answer comes from an index built in
/// memory from the files, and a warning says so.
/// With `sessionDays`, only the sessions of those days are brought up to date (an export of a
/// period: `IndexStore.refreshSessions`).
func openIndex(_ vault: Vault, rebuild: Bool = false, sessionDays: (since: Int?, until: Int?)? = nil) throws -> (IndexStore, IndexStore.RefreshReport) {
    try withVaultErrors { try refreshIndex(vault, rebuild: rebuild, sessionDays: sessionDays) }
}

/// `openIndex`, its errors left to the caller.
func refreshIndex(_ vault: Vault, rebuild: Bool = false, sessionDays: (since: Int?, until: Int?)? = nil) throws(VaultError) -> (IndexStore, IndexStore.RefreshReport) {
    let bar = ProgressBar("Indexing")
    defer { bar.finish() }
    let (store, report, unwritable) = try IndexStore.refreshed(vault, rebuild: rebuild, sessionDays: sessionDays) { bar.update($0, $1) }
    if let unwritable {
        let err = ErrorStream.current
        let index = "\(Vault.stateFolder)/\(IndexStore.fileName)"
        err.write(err.style("warning:", "1;35") + (unwritable.code == ENOSPC
            ? " the disk is full: the index at \(index) could not be updated, so this answer was read from the files (slower); free some space"
            : " the index at \(index) could not be updated (\(unwritable.message)), so this answer was read from the files (slower)"))
    }
    return (store, report)
}

extension VaultOptions {
    /// How a command about one record finds it (`RecordLookup`): from the index as it stands when
    /// that can be trusted, else from the index brought up to date. The config's problems are
    /// printed first.
    func lookup() throws -> RecordLookup {
        let vault = try open()
        if !vault.config.diagnostics.isEmpty {
            DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
        }
        return RecordLookup(vault: vault) { () throws(VaultError) -> IndexStore in try refreshIndex(vault).0 }
    }

    /// The session `reference` names, found by `RecordLookup`'s rule and read from its file. A
    /// session that was deleted is said to be in the trash, with the command that brings it back.
    func resolve(_ reference: String) throws -> (Vault, VaultEntry) {
        try resolve(reference, with: try lookup())
    }

    /// `resolve`, through `lookup` (which a command asks again: `show`'s backlinks).
    func resolve(_ reference: String, with lookup: RecordLookup) throws -> (Vault, VaultEntry) {
        do {
            return (lookup.vault, try DocumentReference(reference).resolve(with: lookup, from: FileManager.default.currentDirectoryPath, now: CommandClock.now, home: LocalPaths.home))
        } catch {
            if error.kind == .noMatch, let lines = deletedSessionLines(reference, vault: lookup.vault, hints: hints) {
                for line in lines { ErrorStream.current.write(line) }
            } else {
                report(error)
            }
            throw Exit.dataProblem
        }
    }
}

/// Tells, on standard error, how many files have errors (`list`, `stats` and `search` show what
/// could be read of them; an export leaves them out) and how many could not be read at all, and
/// where to look. `other` says the files with errors are others than those the command named.
func warnProblems(withErrors: Int, unreadable: Int, other: Bool = false, hints: Hints) {
    let err = ErrorStream.current
    if withErrors > 0 {
        let files = "\(withErrors) \(other ? "other " : "")file\(withErrors == 1 ? " has" : "s have")"
        err.write(err.style("warning:", "1;35") + " \(files) errors; run '\(hints.command("check"))'")
    }
    if unreadable > 0 {
        err.write(err.style("warning:", "1;35")
            + " \(unreadable) file\(unreadable == 1 ? "" : "s") could not be read; run '\(hints.command("check"))' to see why")
    }
}

extension IndexStore {
    /// The warnings every command that reads the index gives: files with errors, files that could
    /// not be read in `report`'s refresh.
    func warnProblems(_ report: IndexStore.RefreshReport, hints: Hints) throws {
        afterflow.warnProblems(withErrors: try withVaultErrors { try unreadableCount() }, unreadable: report.readFailures.count, hints: hints)
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, paths
}

enum DataFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum ShowFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, md
}

/// `--format table|json`, for commands whose output is a list.
enum ListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}
