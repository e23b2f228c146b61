import ArgumentParser
import AfterflowKit
import Foundation

@main
struct Afterflow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afterflow",
        abstract: "A private therapy journal kept as plain Markdown files that you own.",
        discussion: """
            Each session is one Markdown file with YAML front matter, in a folder (a vault) that you can edit in any editor, keep in git and back up as you like. Nothing leaves this machine, unless you ask for a music link's details with 'music fetch --online' or serve the phone page to your LAN with 'serve --lan'.

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
              afterflow music fetch 6F1C --online      asks the music provider (opt-in)

            Between sessions: moods and standard measures:
              afterflow mood 6 "Slept well"            a check-in, score 1-10
              afterflow moods --trend                  averages, and around sessions
              afterflow assess phq9                    PHQ-9 (or gad7), item by item
              afterflow export fhir -o ~/Documents/    everything, as FHIR R4

            For therapists: clients, goals, and trial-by-trial data:
              afterflow client add "Maya Thompson" --born 2017-03-02
              afterflow goal add maya-t "Say /s/ at word start" --short s-initial
              afterflow log maya-t                     live, full screen
              afterflow serve                          live, on your phone; or:
              afterflow trials start maya-t            then, per trial:
              afterflow trial maya-t s-initial success --cue minimal
              afterflow summary maya-t                 the session at a glance
              afterflow note maya-t                    a SOAP note from the data
              afterflow progress maya-t                per goal, toward mastery
              afterflow export progress maya-t --format pdf -o ~/Documents/
              afterflow disclosures maya-t             what left the vault, and why

            On several machines, and safe:
              afterflow git setup                      merge by itself through git
              afterflow git sync                       commit, pull, push
              afterflow backup -o /media/usb/j.age     encrypted with age

            Commands find the vault from --vault DIR, then $AFTERFLOW_VAULT, then the nearest folder at or above the current one that holds .afterflow/.
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, New.self, List.self, Show.self, Search.self, Stats.self, SetCommand.self, Edit.self, Reflect.self,
            Tags.self, Drafts.self, Remind.self, Due.self, Reminders.self, Open.self, Delete.self, Undo.self, TrashCommand.self,
            Check.self, Fmt.self, Lsp.self, Index.self, Export.self, Import.self,
            ClientCommand.self, GoalCommand.self, Trials.self, TrialCommand.self, RecordCommand.self, Agreement.self, Units.self, Log.self, Serve.self, Summary.self, ProgressCommand.self, Note.self, Sign.self, AddendumCommand.self,
            MoodCommand.self, MoodsCommand.self, AssessCommand.self, AssessmentsCommand.self, InstrumentCommand.self, MusicCommand.self, MergeDriverCommand.self, GitCommand.self, Backup.self, Restore.self,
            Disclosures.self,
            Disclosed.self,
        ]
    )

    /// Parses and runs the command, as argument-parser's `main` does, adding the nearest name to
    /// a mistyped command (`afterflow lst`: did you mean 'list'?) or value (`--format jsn`); exit
    /// code 64, as for any usage error.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if ProcessInfo.processInfo.environment["AFTERFLOW_TIMING"] == "1" {
            TimingSink.shared.send { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        }
        if let message = CommandSuggestions.unknownCommand(in: arguments, root: Afterflow.self) {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            do {
                try command.run()
            } catch let error as ValidationError {
                // A bad value found while the command ran: point to that command's help, as
                // argument-parser does for what it finds itself.
                throw usageError(error.message, command: commandPath(arguments).joined(separator: " "))
            }
        } catch {
            if exitCode(for: error) == .validationFailure, let message = CommandSuggestions.withNearestValue(fullMessage(for: error)) {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
    }

    /// The subcommand names at the start of `arguments` (`["goal", "set"]`).
    static func commandPath(_ arguments: [String]) -> [String] {
        var path: [String] = []
        var current: ParsableCommand.Type = Afterflow.self
        for argument in arguments {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            path.append(argument)
            current = next
        }
        return path
    }
}
