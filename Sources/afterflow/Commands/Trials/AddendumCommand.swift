import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct AddendumCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "addendum",
            abstract: "Add a dated, signed correction or late entry to a signed session.",
            discussion: """
                A signed note is never rewritten: a correction goes below it, into ## Addenda, one line with its date and time, the signer and the text, sealed after the signature and the addenda before it. The line is appended and flushed to disk before the command returns. An unsigned note is a draft: change ## Notes itself.

                The signer is --as, or provider: in .afterflow/config.yml.

                Examples:
                  afterflow addendum leo-o/2025-03-13 "Late entry: asked for a turn."
                  afterflow addendum last "Correction: 10:35:43 was minimal." --as "J. Doe"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Argument(help: ArgumentHelp("The correction or late entry, one line.", valueName: "text"))
        var text: String

        @OptionGroup var signerOptions: SignerOptions

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            if let problem = FieldText.problem(field: "the text", text: text, multiline: false) { throw ValidationError(problem) }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the text is empty; write the correction or late entry") }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            let name = try signerOptions.resolved(vault: practice.vault, command: "addendum")
            let added = try withVaultErrors { try practice.store.addAddendum(text, to: entry, as: name, now: CommandClock.now) }
            if format == .json {
                emit(JSONValue.object([
                    ("path", .string(added.entry.path)), ("at", .string(added.addendum.at)), ("by", .string(added.addendum.by)),
                    ("text", .string(added.addendum.text)), ("seal", .string(added.addendum.seal)),
                ]).serialized(pretty: true))
                return
            }
            emit("Added to \(vaultOptions.hints.path(added.entry.path, in: practice.vault)) (## Addenda):")
            emit(added.addendum.lineText.visible())
        }
    }
}
