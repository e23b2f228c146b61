import ArgumentParser
import Foundation

@main
struct Afterflow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afterflow",
        abstract: "A private therapy journal kept as plain Markdown files that you own.",
        discussion: """
            Each session is one Markdown file with YAML front matter, in a folder (a vault) that you can edit in any editor, keep in git and back up as you like. Nothing leaves this machine.

            Start here:
              afterflow init ~/Journal                 make a vault
              afterflow new --treatment lsd --mood-before 5 --intention "Listen"
              afterflow list                           newest first
              afterflow show 2024-12-10                one session (day, id or path)
              afterflow set 6F1C mood_after=8
              afterflow reflect 6F1C "Felt calm."      a quick reflection
              afterflow due                            reminders that have come
              afterflow delete 6F1C                    to the trash; afterflow undo
              afterflow check                          find problems in hand-edited files
              afterflow export pdf -o ~/Documents/     a report to print

            Commands find the vault from --vault DIR, then $AFTERFLOW_VAULT, then the nearest folder at or above the current one that holds .afterflow/.
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, New.self, List.self, Show.self, Search.self, Stats.self, Set.self, Edit.self, Reflect.self,
            Tags.self, Drafts.self, Remind.self, Due.self, Reminders.self, Open.self, Delete.self, Undo.self, TrashCommand.self,
            Check.self, Fmt.self, Index.self, Export.self, Import.self,
            Client.self, Goal.self, Trials.self, TrialCommand.self, Log.self, Summary.self, Progress.self, Note.self,
        ]
    )

    /// Parses and runs the command, as argument-parser's `main` does, adding the nearest name to
    /// a mistyped command (`afterflow lst`: did you mean 'list'?) or value (`--format jsn`); exit
    /// code 64, as for any usage error.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = CommandSuggestions.unknownCommand(in: arguments, root: Afterflow.self) {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure, let message = CommandSuggestions.withNearestValue(fullMessage(for: error)) {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
    }
}
