import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct ClientCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "client",
            abstract: "Add, list and show a therapist's clients.",
            discussion: """
                Each client is a folder, clients/SHORT/, holding client.md, the goals in goals/ and the trial sessions in sessions/YYYY/: hand it over, archive it or delete it as one. The short name (first name and last initial, maya-t) names the client on the command line. Lists show the first name, last initial and age, never the full name or date of birth, unless --full-names is given.

                Examples:
                  afterflow client add "Maya Thompson" --born 2017-03-02
                  afterflow client list
                  afterflow client show maya-t
                """,
            subcommands: [Add.self, List.self, Show.self])
    }
}

extension Afterflow.ClientCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a client: a folder clients/SHORT/ with client.md.",
            discussion: """
                Examples:
                  afterflow client add "Maya Thompson" --born 2017-03-02      → clients/maya-t/
                  afterflow client add "Maya Torres" --short maya-to
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's full name; kept in client.md only.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("Date of birth, for the age lists and reports show.", valueName: "YYYY-MM-DD"))
        var born: String?

        @Option(help: ArgumentHelp("The short name (default: first name and last initial, like maya-t).", valueName: "name"))
        var short: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            if let problem = FieldText.problem(field: "the name", text: name, multiline: false) { throw ValidationError(problem) }
            if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the name is empty; write the client's name, like \"Maya Thompson\"") }
        }

        func run() throws {
            let vault = try vaultOptions.open()
            let store = DocumentStore(vault: vault)
            let bornDay = try born.map { text -> LocalDate in
                guard let day = ClientWriter.bornDay(typed: text) else {
                    throw ValidationError("--born must be a day like 2017-03-02, found \"\(text.visible())\"")
                }
                return day
            }
            let added = try withVaultErrors {
                try store.addClient(name: name.trimmingCharacters(in: .whitespaces), born: bornDay, short: short, now: CommandClock.now)
            }
            if format == .json {
                emit(JSONValue.object([("short", .string(added.short)), ("path", .string(added.path))]).serialized(pretty: true))
                return
            }
            emit("Added \(Client.displayName(of: name).visible()) as \(added.short.visible()): \(vaultOptions.hints.path(added.path, in: vault))")
            ErrorStream.current.write("Next: " + vaultOptions.hints.command("goal", "add", added.short, placeholder: "TITLE"))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the clients: short name, name as Maya T., age, active goals, last session.",
            discussion: """
                When a client has a progress report schedule (progress_every: or report_periods: in their client.md or the vault's settings), the PROGRESS REPORT column says when the next is due: a day, 'in 3 visits', or 'due …' and 'late, due …' once it is (see progress --due).

                Examples:
                  afterflow client list
                  afterflow client list --format json
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Flag(help: "Show full names and dates of birth.")
        var fullNames = false

        @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
        var format: ListFormat = .table

        func run() throws {
            let practice = try Practice(vaultOptions)
            let clients = try withVaultErrors { try practice.index.clientListings() }
            let reports = try Self.reportSchedules(clients.map(\.short), practice: practice)
            if format == .json {
                emit(JSONValue.array(clients.map { c in
                    let report = reports[c.short].map { $0.json(client: c.short, command: vaultOptions.hints.command("export", "progress", c.short, "--period")) }
                    return Self.adding(("progress_report", report ?? .null), to: c.json(fullNames: fullNames, today: practice.today))
                }).serialized(pretty: true))
            } else if clients.isEmpty {
                emit("No clients yet. Add one with: afterflow client add \"Maya Thompson\" --born 2017-03-02")
            } else {
                let term = Terminal.current
                let reportColumn = !reports.isEmpty
                var rows = [["CLIENT", "NAME"] + (fullNames ? ["BORN"] : []) + ["AGE", "ACTIVE GOALS", "SESSIONS", "LAST SESSION"] + (reportColumn ? ["PROGRESS REPORT"] : [])]
                for c in clients {
                    rows.append([c.short, fullNames ? (c.name ?? "") : c.displayName] + (fullNames ? [c.born?.dayString ?? ""] : [])
                                + [c.age(on: practice.today).map(String.init) ?? "", "\(c.activeGoals) of \(c.goals)", String(c.sessions), c.lastSession ?? "none yet"]
                                + (reportColumn ? [reports[c.short]?.shortText ?? ""] : []))
                }
                for line in TextTable.lines(rows, rightAligned: fullNames ? [3, 5] : [2, 4]).enumerated() {
                    emit(line.offset == 0 ? term.bold(line.element) : line.element)
                }
            }
            try practice.index.warnProblems(practice.report, hints: vaultOptions.hints)
        }

        /// Each client's progress report schedule (see `progress --due`), for those that have one.
        static func reportSchedules(_ shorts: [String], practice: Practice) throws -> [String: ReportSchedule] {
            var schedules: [String: ReportSchedule] = [:]
            let fallback = practice.vault.config.progressEvery
            for short in shorts {
                let record = try withVaultErrors { try practice.store.load(short) }
                schedules[short] = ReportSchedule.of(record, fallback: fallback, today: practice.today)
            }
            return schedules
        }

        static func adding(_ pair: (String, JSONValue), to value: JSONValue) -> JSONValue {
            guard case .object(var pairs) = value else { return value }
            pairs.append(pair)
            return .object(pairs)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one client: goals with their phase and latest figures, and recent sessions.",
            discussion: """
                Examples:
                  afterflow client show maya-t
                  afterflow client show maya-t --full-names
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name, like maya-t.", valueName: "client"))
        var client: String

        @Flag(help: "Show the full name and date of birth.")
        var fullNames = false

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let practice = try Practice(vaultOptions)
            let record = try practice.client(client)
            let c = record.client
            if format == .json {
                emit(record.json(fullNames: fullNames, today: practice.today, timeZone: practice.zone).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            emit(term.bold(practice.label(c, fullNames: fullNames).visible()) + term.dim("  (\(record.short.visible()))"))
            emit("")
            emit(term.bold("Goals"))
            if record.goals.isEmpty {
                emit("  none yet: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE"))
            }
            for g in record.goals {
                let title = (g.goal.title ?? "").visible()
                emit("  \(g.short.visible().padded(to: 16)) \(g.goal.currentPhase.rawValue.padded(to: 12)) \(title)")
            }
            emit("")
            emit(term.bold("Sessions") + term.dim("  \(record.sessions.count) in all"))
            for s in record.sessions.suffix(5).reversed() {
                let when = s.session.date.map { $0.shortString } ?? "no date"
                let done = s.session.trials.filter(\.success).count, n = s.session.trials.count
                let trials = String(n).leftPadded(to: 3) + (n == 1 ? " trial, " : " trials, ")
                emit("  \(when.padded(to: 18)) \(trials)\(counted(done, "success", "successes"))  \(term.dim(s.path.visible()))")
            }
            if record.sessions.isEmpty { emit("  none yet: " + vaultOptions.hints.command("trials", "start", record.short)) }
        }
    }
}
