import AfterflowKit
import ArgumentParser
import Foundation

/// A command that sends records out of the vault (every `export`, `reminders --ics`, `serve`,
/// `backup`, `git sync`): it takes `--purpose` and `--exempt`, and logs each disclosure in the
/// vault's `.afterflow/disclosures.log` before the bytes leave. `DisclosureLogTests` walks the
/// command tree for these, and for commands whose name says they export, and runs each.
protocol DisclosingCommand: ParsableCommand {
    var disclosureOptions: DisclosureOptions { get }
}

/// `--to`, `--purpose` and `--exempt`, shared by every command that sends records out.
struct DisclosureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Why the records go out, for the log of disclosures ('afterflow disclosures'): \"payer review\", \"court order\". One line; no client names.", valueName: "text"))
    var purpose: String?

    @Option(name: .customLong("to"), help: ArgumentHelp("Who receives the records, for the log of disclosures: a person or an organisation (\"Acme Health Plan\"). Repeated disclosures to one recipient for one purpose are one line of 'afterflow disclosures'.", valueName: "recipient"))
    var recipient: String?

    @Option(help: ArgumentHelp("Mark it as left out of a client's accounting of disclosures: treatment, payment, operations, client (to the client), authorized (with their written authorization). It is logged all the same.", valueName: "reason"))
    var exempt: DisclosureExemption?

    static let purposeLimit = 200

    func validate() throws {
        if let recipient, let problem = OutsideDisclosure.problem(field: "--to", text: recipient) { throw ValidationError(problem) }
        guard let purpose else { return }
        let trimmed = purpose.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { throw ValidationError("--purpose needs a few words (\"payer review\"), found nothing") }
        if purpose.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--purpose must be one line of text without control characters, found \"\(purpose.visible())\"")
        }
        if purpose.count > Self.purposeLimit {
            throw ValidationError("--purpose must be at most \(Self.purposeLimit) characters, found \(purpose.count); a few words say why")
        }
    }

    /// The disclosure that `command` is about to make, to log with `begin()` before the first byte.
    func disclosure(by command: any DisclosingCommand.Type, vault: Vault, now: Date, what: String, count: Int? = nil,
                    clients: [String] = [], records: [String?] = [], to destination: DisclosureDestination,
                    ongoing: Bool = false) -> PendingDisclosure {
        let entry = Disclosure(at: now, command: CommandPath.of(command), what: what, count: count,
                               clients: Array(Set(clients)).sorted(), records: records.compactMap { $0 },
                               destination: destination, recipient: recipient?.trimmingCharacters(in: .whitespaces),
                               purpose: purpose?.trimmingCharacters(in: .whitespaces),
                               exempt: exempt, by: Self.user, ongoing: ongoing)
        return PendingDisclosure(log: DisclosureLog(vault: vault), entry: entry)
    }

    /// The login of who runs afterflow, from `USER` (else `LOGNAME`).
    static var user: String? {
        let environment = ProcessInfo.processInfo.environment
        return [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
    }
}

extension DisclosureExemption: ExpressibleByArgument {}

/// A disclosure logged before its bytes leave (`begin`), and its outcome after (`finish`).
struct PendingDisclosure: Sendable {
    let log: DisclosureLog
    var entry: Disclosure
    /// More record ids, after `entry.records`, handed over one at a time as the entry is logged:
    /// for an export of more records than are worth holding as a list (`export fhir`).
    var streamedRecords: DisclosureRecords?

    /// Logs the disclosure; when it cannot be logged, says so and stops: nothing leaves unlogged.
    func begin() throws {
        do {
            if let streamedRecords {
                try log.record(entry, records: streamedRecords)
            } else {
                try log.record(entry)
            }
        } catch {
            report(error)
            throw Exit.dataProblem
        }
    }

    /// Logs how it ended; a failure to log it is a warning (the entry is there, and the bytes gone).
    func finish(_ status: DisclosureOutcome.Status, bytes: Int? = nil, sha256: String? = nil) {
        do {
            try log.finish(DisclosureOutcome(id: entry.id, at: CommandClock.now, status: status, bytes: bytes, sha256: sha256))
        } catch {
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35") + " " + error.message.visible())
        }
    }

    /// Logs the disclosure, runs `body` (which sends the bytes and returns how many, with their
    /// SHA-256 when known), and logs the outcome: done, or failed when `body` throws.
    func run<T>(_ body: () throws -> (T, bytes: Int?, sha256: String?)) throws -> T {
        try begin()
        do {
            let (answer, bytes, sha256) = try body()
            finish(.done, bytes: bytes, sha256: sha256)
            return answer
        } catch {
            finish(.failed)
            throw error
        }
    }
}

/// The words that run a command type: `export csv` for `ExportCSV`, found in the command tree.
enum CommandPath {
    static func of(_ command: any ParsableCommand.Type) -> String {
        find(ObjectIdentifier(command), in: Afterflow.self, path: [])?.joined(separator: " ") ?? command._commandName
    }

    private static func find(_ target: ObjectIdentifier, in parent: any ParsableCommand.Type, path: [String]) -> [String]? {
        for sub in parent.configuration.subcommands {
            let here = path + [sub._commandName]
            if ObjectIdentifier(sub) == target { return here }
            if let found = find(target, in: sub, path: here) { return found }
        }
        return nil
    }
}
