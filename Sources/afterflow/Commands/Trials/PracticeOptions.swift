import AfterflowKit
import ArgumentParser
import Foundation

/// What the practice commands share: the vault, its index and its practice store.
struct Practice {
    let index: IndexStore
    let report: IndexStore.RefreshReport
    let store: DocumentStore
    var vault: Vault { store.vault }
    var zone: TimeZone { vault.timeZone }
    var today: LocalDate { CommandClock.today(in: zone) }

    init(_ options: VaultOptions) throws {
        (index, report) = try options.index()
        store = DocumentStore(vault: index.vault)
    }

    func client(_ text: String) throws -> ClientRecord {
        try withVaultErrors {
            let short = try store.resolveClient(text)
            return try store.load(short)
        }
    }

    func trialSession(_ text: String) throws -> VaultEntry {
        try withVaultErrors {
            try TrialSessionReference(text).resolve(practice: store, from: FileManager.default.currentDirectoryPath, lookup: RecordLookup(refreshed: index))
        }
    }

    /// `Maya T., 8`: the display name and age, or the full name and date of birth with `fullNames`.
    func label(_ client: Client, fullNames: Bool) -> String {
        if fullNames {
            return [client.name, client.born.map { "born \($0.dayString)" }].compactMap { $0 }.joined(separator: ", ")
        }
        return [client.displayName, client.age(on: today).map(String.init)].compactMap { $0 }.joined(separator: ", ")
    }
}

/// A day given on the command line: `2025-01-14`, or one of the words `new --date` knows.
func parseDay(_ text: String, option: String, zone: TimeZone) throws -> LocalDate {
    guard let parsed = LocalDate.parse(typed: text, now: CommandClock.now, timeZone: zone) else {
        throw ValidationError("\(option) must be a day like 2025-01-14, found \"\(text.visible())\"")
    }
    if let problem = parsed.yearProblem { throw ValidationError("\(option): \(problem)") }
    return LocalDate(year: parsed.year, month: parsed.month, day: parsed.day)
}

/// A date and time given on the command line (`2025-01-14 15:00`, `now`), in the vault's zone.
func parseMoment(_ text: String, option: String, zone: TimeZone) throws -> LocalDate {
    guard let parsed = LocalDate.parse(typed: text, now: CommandClock.now, timeZone: zone) else {
        throw ValidationError("--\(option) must be \(LocalDate.typedForms), found \"\(text.visible())\"")
    }
    // The years 'check' accepts: a file of 1850 would be written only to be rejected.
    if let problem = parsed.yearProblem { throw ValidationError("--\(option): \(problem)") }
    if parsed.isDayOnly { return LocalDate(year: parsed.year, month: parsed.month, day: parsed.day, time: .init(hour: 0, minute: 0, second: 0)) }
    return parsed
}

/// The practice store without the index, for the commands that must be quick (`trial`): the
/// index is opened only when a reference needs it.
struct QuickPractice {
    let options: VaultOptions
    let store: DocumentStore
    var vault: Vault { store.vault }

    init(_ options: VaultOptions) throws {
        self.options = options
        store = DocumentStore(vault: try options.open())
    }

    /// The trial session `text` names, by `RecordLookup`'s rule: the index is brought up to date
    /// only when an id or `last` cannot be answered from it as it stands.
    func trialSession(_ text: String) throws -> VaultEntry {
        let vault = self.vault
        let lookup = RecordLookup(vault: vault) { () throws(VaultError) -> IndexStore in
            if !vault.config.diagnostics.isEmpty {
                DiagnosticPrinter(vault: vault).print(vault.config.diagnostics, source: nil)
            }
            return try refreshIndex(vault).0
        }
        return try withVaultErrors {
            try TrialSessionReference(text).resolve(practice: store, from: FileManager.default.currentDirectoryPath, lookup: lookup)
        }
    }

    /// Where `trial` and `record` write a line: the session `session` names, or the one `--session`
    /// names on purpose (which must be a session of the client `session` names), and its client.
    func loggingTarget(_ session: String, onPurpose: String?, command: String) throws -> (entry: VaultEntry, client: String) {
        let entry = try trialSession(onPurpose ?? session)
        guard let client = PracticePath(entry.path).client else {
            throw usageError("\(entry.path) is not in a client's folder (clients/SHORT/sessions/…); its goals cannot be found", command: command)
        }
        if onPurpose != nil, let named = try? store.resolveClient(String(session.split(separator: "/").first ?? "")), named != client {
            throw usageError("--session \(entry.path) is a session of \(client), not of \(named)", command: command)
        }
        return (entry, client)
    }

    /// The goal `name` of `client`, read from its file; when there is none, says so with the names
    /// the client's goals have (and the nearest one) and exits.
    func goal(_ name: String, of client: String) throws -> Goal {
        let goalPath = PracticePath.goalPath(client: client, goal: name.lowercased())
        guard let entry = try? store.read(goalPath), case .goal(let goal) = entry.content else {
            let record = try withVaultErrors { try store.load(client) }
            _ = try goalRecord(name, in: record, hints: options.hints)
            throw Exit.dataProblem
        }
        return goal
    }

    /// The time of day a logged line takes: `--at` when given (already validated), else now in the
    /// vault's time zone.
    func timeOfDay(_ at: String?) -> TimeOfDay {
        at.flatMap(TimeOfDay.parse) ?? TimeOfDay(LocalDate(CommandClock.now, in: vault.timeZone))
    }
}
