import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Draft the session note (SOAP) from the data, into the session's ## Notes.",
            discussion: """
                S (subjective) and P (plan) are left for you; O (objective) says per goal what the data show ("Produced /s/ in word-initial position in 16 of 20 trials (80 %), with minimal cues in 4; up from 65 % last session."), A (assessment) the trend and the mastery state. The draft goes into ## Notes only when that section is empty: text you wrote there is never replaced; --print shows the draft instead. A signed note is locked: a correction goes in with 'afterflow addendum'.

                Examples:
                  afterflow note maya-t
                  afterflow note maya-t/2025-01-14 --print | pbcopy
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Flag(help: "Print the draft instead of writing it into the file.")
        var print = false

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            guard case .trials(let trials) = entry.content, let client = PracticePath(entry.path).client else {
                throw usageError("\(entry.path.visible()) is not a trial session in a client's folder", command: "note")
            }
            let record = try withVaultErrors { try practice.store.load(client) }
            let draft = SessionNote.draft(for: TrialSessionRecord(path: entry.path, session: trials), record: record, cues: practice.store.cues)
            if let leftOut = LeftOutTrials.of(trials, path: entry.path, record: record, cues: practice.store.cues).message {
                ErrorStream.current.write("Note: " + leftOut.visible())
            }
            if print {
                var text = draft
                while text.hasSuffix("\n") { text.removeLast() }
                emit(text.visible(lines: true))
                return
            }
            if let signature = trials.signature {
                report(DocumentStore.locked(entry.path, signature))
                throw Exit.dataProblem
            }
            switch SessionNote.write(draft, into: entry.document) {
            case .success(let document):
                try withVaultErrors { try practice.store.save(document, over: entry, now: CommandClock.now) }
                emit("Wrote the note into \(vaultOptions.hints.path(entry.path, in: practice.vault)) (## Notes): S and P are yours to fill in.")
                emit("It is a draft until you sign it: " + vaultOptions.hints.command("sign", session))
            case .failure(let error):
                report(VaultError(.exists, "\(entry.path.visible()): \(error)", details: ["Nothing was changed. See the draft with: " + vaultOptions.hints.command("note", session, "--print")]))
                throw Exit.dataProblem
            }
        }
    }
}
