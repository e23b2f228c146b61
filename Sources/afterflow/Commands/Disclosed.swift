import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Disclosed: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disclosed",
            abstract: "Record a disclosure made outside afterflow, so that the client's accounting of disclosures is whole.",
            discussion: """
                A letter, a call, a form filled in by hand: afterflow cannot see these, but HIPAA's accounting (45 CFR 164.528) counts them. The line goes into .afterflow/disclosures.log beside afterflow's own (appended, fsync'd, never rewritten): the day it was made, the client's short name, who received it, why, and what was given, in a few words of yours. Keep clinical text out of it ('session notes, March 2025', not what they say). 'afterflow disclosures' lists it as recorded.

                Examples:
                  afterflow disclosed maya-t --to "Acme Health" --purpose audit --what notes
                  afterflow disclosed leo-o --to "Dr. Kim" --purpose referral --what report
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client whose records were disclosed (short name).", valueName: "client"))
        var client: String

        @Option(help: ArgumentHelp("Who received it: a person or an organisation, with an address if known.", valueName: "recipient"))
        var to: String

        @Option(help: ArgumentHelp("Why: \"payer review\", \"court order\". One line.", valueName: "text"))
        var purpose: String

        @Option(help: ArgumentHelp("What was given, in a few words: \"session notes, March 2025\".", valueName: "text"))
        var what: String

        @Option(help: ArgumentHelp("When it was made (default now): \(LocalDate.typedForms); a day alone is logged at 00:00.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("Mark it as left out of the client's accounting: treatment, payment, operations, client, authorized. It is logged all the same.", valueName: "reason"))
        var exempt: DisclosureExemption?

        func validate() throws {
            for (field, text) in [("--to", to), ("--purpose", purpose), ("--what", what)] {
                if let problem = OutsideDisclosure.problem(field: field, text: text) { throw ValidationError(problem) }
            }
        }

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            let zone = vault.timeZone, now = CommandClock.now
            let short = client.lowercased()
            let known = DocumentStore(vault: vault).clientShorts().sorted()
            guard known.contains(short) else {
                let listed = known.isEmpty ? "the vault has no clients" : "the clients are " + known.joined(separator: ", ")
                throw ValidationError("no client \"\(client.visible())\"; \(listed)\(Suggestion.clause(for: short, among: known))")
            }
            let at = try date.map { try parseMoment($0, option: "date", zone: zone) }
                .map { Date(timeIntervalSince1970: TimeInterval($0.epochSeconds(in: zone))) } ?? now
            if at > now { throw ValidationError("--date \(date?.visible() ?? "") is after now; record a disclosure once it has been made") }
            let entry = try withVaultErrors {
                let entry = try OutsideDisclosure.entry(client: short, recipient: to, purpose: purpose, what: what, at: at, now: now,
                                                        exempt: exempt, by: DisclosureOptions.user)
                try DisclosureLog(vault: vault).record(entry)
                return entry
            }
            emit("Recorded in \(DisclosureLog.relativePath): \(LocalDate(entry.at, in: zone).shortString), \(short)'s records to \(to.visible()), for \(purpose.visible()).")
        }
    }
}
