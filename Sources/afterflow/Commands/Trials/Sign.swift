import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign",
            abstract: "Sign a trial session's note: dated, by name and credential, and locked from then on.",
            discussion: """
                Writes signed (the date and time), signed_by (name and credential) and a seal of the note and trial lines (signed_hash, signed_lines) into the session's front matter. From then on the note, the trials and the session's times are locked: trial, record, note, trials end, the logger and the phone page refuse to change them, and 'afterflow check' reports any line changed by hand since, at its line. A correction or late entry goes into ## Addenda, dated and signed, with 'afterflow addendum'; the signed text stays as it was.

                The signer is --as, or provider: in .afterflow/config.yml. A session is signed once it has ended and its ## Notes holds the note ('afterflow note' drafts one).

                Examples:
                  afterflow sign leo-o/2025-03-13 --as "J. Rivera, CCC-SLP"
                  afterflow sign last           the signer is provider: in the config
                  afterflow sign maya-t --format json | jq -r .signed_by
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @OptionGroup var signerOptions: SignerOptions

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            let name = try signerOptions.resolved(vault: practice.vault, command: "sign")
            let signing = try withVaultErrors { try practice.store.sign(entry, as: name, now: CommandClock.now) }
            let path = signing.entry.path
            if format == .json {
                emit(signing.signature.json(path: path).serialized(pretty: true))
                return
            }
            emit("\(signing.signature.line.visible())  \(vaultOptions.hints.path(path, in: practice.vault))")
            emit("Its note and trials are locked now; a correction goes in with: " + vaultOptions.hints.command("addendum", session, placeholder: "\"…\""))
        }
    }
}

extension Signature {
    /// The signature for `--format json`.
    func json(path: String) -> JSONValue {
        .object([("path", .string(path)), ("status", .string("signed")), ("signed", .string(atText)),
                 ("signed_by", .string(by)), ("signed_hash", .string(hash))])
    }
}
