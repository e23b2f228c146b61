import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Trials: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trials",
            abstract: "Start and end a trial session of a client.",
            discussion: """
                A trial session is a file clients/SHORT/sessions/YYYY/YYYY-MM-DD-HHMM.md with one line a trial under ## Trials. Log trials into it with 'afterflow trial', then read 'afterflow summary' and write the note with 'afterflow note'.

                Examples:
                  afterflow trials start maya-t --location "Room 2"
                  afterflow trial maya-t s-initial success --cue minimal
                  afterflow trials end maya-t
                """,
            subcommands: [Start.self, End.self])
    }
}

extension Afterflow.Trials {
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a trial session: creates its file and prints its path.",
            discussion: """
                The path printed on standard output names the session in 'trial', 'summary', 'note' and 'trials end'; so does the client's short name (their newest session). For billing ('afterflow units'), give the service, the place and who was there; the provider is the vault's (provider: in .afterflow/config.yml) unless given.

                A probe session (--probe, written probe: true) tests the goals without teaching them: summary and progress report its trials apart from teaching trials. Run one when 'afterflow goal due' lists a maintenance check.

                Examples:
                  afterflow trials start maya-t --location "Room 2"
                  afterflow trials start leo-o --observer JS --date "today 10:30"
                  afterflow trials start leo-o --probe
                  afterflow trials start sam-r --service 97153 --place "03 School"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Option(help: ArgumentHelp("Where the session takes place.", valueName: "place"))
        var location: String?

        @Option(help: ArgumentHelp("The observer's initials.", valueName: "initials"))
        var observer: String?

        @Option(help: ArgumentHelp("When it started (default now): \(LocalDate.typedForms).", valueName: "date"))
        var date: String?

        @Flag(help: "A probe session: the goals are tested, not taught (probe: true).")
        var probe = false

        @OptionGroup var billingOptions: BillingOptions

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            for (field, value) in [("--location", location), ("--observer", observer)] {
                if let value, let problem = FieldText.problem(field: field, text: value, multiline: false) { throw ValidationError(problem) }
            }
        }

        func run() throws {
            let vault = try vaultOptions.open()
            let store = DocumentStore(vault: vault)
            let short = try withVaultErrors { try store.resolveClient(client) }
            let record = try withVaultErrors { try store.load(short) }
            let zone = vault.timeZone
            var start = try date.map { try parseMoment($0, option: "date", zone: zone) } ?? LocalDate(CommandClock.now, in: zone)
            start.offset = nil
            let billing = try billingOptions.billing(services: vault.config.services)
            let path = try withVaultErrors {
                try store.startTrials(client: record, date: start, location: location, observer: observer, recordedOn: .script,
                                      billing: billing, probe: probe, now: CommandClock.now)
            }
            if format == .json {
                emit(JSONValue.object([("client", .string(record.short)), ("path", .string(path))]).serialized(pretty: true))
                return
            }
            emit(vaultOptions.hints.path(path, in: vault))
            if Terminal.current.isInteractive {
                let active = TrialSessionLifecycle.activeGoals(of: record).map(\.short)
                ErrorStream.current.write("Started a \(probe ? "probe " : "")session with \(record.client.displayName.visible())"
                    + (active.isEmpty ? "; the client has no active goals yet." : "; goals: \(active.joined(separator: ", ").visible()).")
                    + " Log with: " + vaultOptions.hints.command("trial", record.short, active.first ?? "GOAL", "success"))
            }
        }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end",
            abstract: "End a trial session: writes its end time.",
            discussion: """
                The service, place and participants can be given here too, when they were not at the start ('afterflow units' bills them). On a session that has ended already, they are added and its end is kept: its own start and end give the minutes billed. A session with no end that started on another day is not ended now (it would run to now): give its end with --at.

                Examples:
                  afterflow trials end maya-t
                  afterflow trials end maya-t/2025-01-14 --at 15:45
                  afterflow trials end sam-r --service 97155 --participants client,parent
                  afterflow trials end sam-r/2025-03-31 --service 97155 --place "03 School"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Option(help: ArgumentHelp("When it ended (default now): a time on the session's day (15:45) or a date and time.", valueName: "time"))
        var at: String?

        @OptionGroup var billingOptions: BillingOptions

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            guard case .trials(let trials) = entry.content, let start = trials.date else {
                throw usageError("\(entry.path) has no readable date; fix it first ('afterflow check \(entry.path)')", command: "trials end")
            }
            var end: LocalDate?
            if let at {
                do throws(TrialSessionLifecycle.EndTimeError) {
                    end = try TrialSessionLifecycle.end(typed: at, start: start, now: CommandClock.now, timeZone: practice.vault.timeZone)
                } catch {
                    switch error {
                    case .unreadable: throw ValidationError("--at must be \(LocalDate.typedForms), found \"\(at.visible())\"")
                    case .year(let problem): throw ValidationError("--at: \(problem)")
                    case .beforeStart(let message): throw usageError(message, command: "trials end")
                    }
                }
            }
            let billing = try billingOptions.billing(services: practice.vault.config.services)
            // An ended session is refused, unless --at gives another end time on purpose, or
            // billing values are given to add (its own end kept).
            let ending = try withVaultErrors {
                try practice.store.endTrials(entry, at: end, now: CommandClock.now, ifEnded: at == nil ? .addBilling : .rewrite, billing: billing,
                                             refusingAnotherDay: true)
            }
            let when = "\(ending.end.clockTime ?? ending.end.shortString): \(ending.minutes) min, \(counted(ending.session.trials.count, "trial", "trials"))"
            if ending.alreadyEnded {
                let added = billing.frontMatterLines.map(\.key).joined(separator: ", ")
                emit("Added \(added) to \(entry.path.visible()), which ended at \(when).")
            } else {
                emit("Ended \(entry.path.visible()) at \(when).")
            }
            ErrorStream.current.write("Next: " + vaultOptions.hints.command("summary", entry.path) + "  or  " + vaultOptions.hints.command("note", entry.path))
        }
    }
}
