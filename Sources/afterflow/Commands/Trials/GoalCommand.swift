import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct GoalCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Add, list and change a client's goals (targets).",
            discussion: """
                A goal is a file in the client's goals/ folder; its name is the goal's short name, used in trial lines and on the command line (clients/maya-t/goals/s-initial.md is s-initial). Its body holds the operational definition, materials and notes: edit it in any editor.

                Examples:
                  afterflow goal add maya-t "Produce /s/ in word-initial position"
                  afterflow goal list maya-t
                  afterflow goal set maya-t s-initial min_trials=10 cue=minimal
                  afterflow goal phase maya-t s-initial mastered --date 2025-03-02
                  afterflow goal due
                """,
            subcommands: [Add.self, List.self, SetCommand.self, Phase.self, DueCommand.self])
    }
}

extension Afterflow.GoalCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a goal to a client.",
            discussion: """
                Examples:
                  afterflow goal add maya-t "Produce /s/ in word-initial position"
                  afterflow goal add maya-t "Follow two-step directions" \\
                      --short two-step --category language --mastery "80% x 3"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Argument(help: ArgumentHelp("What the goal is, like \"Produce /s/ in word-initial position\".", valueName: "title"))
        var title: String

        @Option(help: ArgumentHelp("The goal's short name (default: from the title).", valueName: "name"))
        var short: String?

        @Option(help: ArgumentHelp("communication, social, articulation, language, fluency, behavior, motor, other, or one the vault's settings add.", valueName: "category"))
        var category: String?

        @Option(help: ArgumentHelp("The default cue level, given when none is chosen (default: the first, independent).", valueName: "level"))
        var cue: String?

        @Option(help: ArgumentHelp("The mastery criterion (default 80% x 3: 80 % or more in 3 consecutive sessions).", valueName: "criterion"))
        var mastery: String?

        @Option(help: ArgumentHelp("The fewest trials for a session's percentage to count (default 5).", valueName: "n"))
        var minTrials: Int?

        @Option(help: ArgumentHelp("The cue levels at which a success counts as correct, comma-separated (default: every level).", valueName: "levels"))
        var countsCorrect: String?

        @Option(help: ArgumentHelp("baseline or active (default active).", valueName: "phase"))
        var phase: String = "active"

        @Option(help: ArgumentHelp("The day work on the goal started (default today).", valueName: "day"))
        var started: String?

        @Option(help: ArgumentHelp("The operational definition: what counts as a correct response.", valueName: "text"))
        var definition: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let practice = try Practice(vaultOptions)
            let record = try practice.client(client)
            guard let clientID = record.client.id else {
                throw usageError("\(record.folder)/client.md has no id; run 'afterflow fmt \(record.folder)/client.md' first", command: "goal add")
            }
            var new = GoalEditor.NewGoal(title: title)
            (new.category, new.cue, new.mastery, new.minTrials) = (category, cue, mastery, minTrials)
            (new.countsCorrect, new.phase, new.started, new.definition) = (countsCorrect, phase, started, definition)
            let values: GoalValues
            do throws(GoalEditor.Rejection) {
                values = try practice.goalEditor.values(new, client: clientID) { "--" + $0.replacingOccurrences(of: "_", with: "-") }
            } catch {
                throw ValidationError(error.description.visible())
            }
            let added = try withVaultErrors { try practice.store.addGoal(values, client: record.short, goalShort: short) }
            if format == .json {
                emit(JSONValue.object([("client", .string(record.short)), ("short", .string(added.short)), ("path", .string(added.path))]).serialized(pretty: true))
                return
            }
            emit("Added goal \(added.short) for \(record.client.displayName): \(vaultOptions.hints.path(added.path, in: practice.vault))".visible())
            ErrorStream.current.write("Write its definition in that file; log a trial with: "
                + vaultOptions.hints.command("trial", record.short, added.short, "success"))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a client's goals: short name, phase, category, mastery criterion, title.",
            discussion: """
                Goals in baseline, active or maintenance; --all adds mastered, closed, on-hold and retired ones.

                Examples:
                  afterflow goal list maya-t
                  afterflow goal list maya-t --all --format json
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Flag(help: "Include mastered, closed, on-hold and retired goals.")
        var all = false

        @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
        var format: ListFormat = .table

        func run() throws {
            let practice = try Practice(vaultOptions)
            let record = try practice.client(client)
            let goals = all ? record.goals : TrialSessionLifecycle.activeGoals(of: record)
            if format == .json {
                emit(JSONValue.array(goals.map { $0.json(independent: practice.store.cues.independent) }).serialized(pretty: true))
                return
            }
            if goals.isEmpty {
                let hidden = record.goals.count - goals.count
                emit(hidden > 0 ? "No goals being worked on; \(hidden) more with --all." : "No goals yet. Add one with: " + vaultOptions.hints.command("goal", "add", record.short, placeholder: "TITLE"))
                return
            }
            var rows = [["GOAL", "PHASE", "CATEGORY", "MASTERY", "TITLE"]]
            for g in goals {
                rows.append([g.short, g.goal.currentPhase.rawValue, g.goal.category ?? "", g.goal.effectiveMastery.text, g.goal.title ?? ""])
            }
            let term = Terminal.current
            for (i, line) in TextTable.lines(rows).enumerated() { emit(i == 0 ? term.bold(line) : line) }
        }
    }

    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a goal's keys: title, category, cue, mastery and its options, min_trials, counts_correct, maintenance, started, target_date, trend, and its measure's.",
            discussion: """
                Only the lines of the keys change; comments and everything else stay. A key with nothing after = is removed (its default applies). The phase changes with 'afterflow goal phase', which keeps each change with its day.

                Examples:
                  afterflow goal set maya-t s-initial min_trials=10
                  afterflow goal set maya-t s-initial "mastery=90% x 2"
                  afterflow goal set maya-t s-initial counts_correct=independent,minimal
                  afterflow goal set maya-t s-initial first_trial_independent=true \\
                    min_observers=2
                  afterflow goal set maya-t s-initial "maintenance=weekly x 2, monthly x 2"
                  afterflow goal set maya-t s-initial target_date=2025-06-30
                  afterflow goal set maya-t s-initial trend=least-squares
                  afterflow goal set maya-t on-task measure=interval method=partial \\
                    interval=10s
                  afterflow goal set maya-t handwash measure=task chaining=total \\
                    "steps=turn on water, wet hands, soap, rinse, dry"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Argument(help: ArgumentHelp("The goal's short name.", valueName: "goal"))
        var goal: String

        @Argument(help: ArgumentHelp("key=value pairs.", valueName: "key=value"))
        var assignments: [String]

        func run() throws {
            let practice = try Practice(vaultOptions)
            let record = try practice.client(client)
            let found = try goalRecord(goal, in: record, hints: vaultOptions.hints)
            let changes: [GoalEditor.Change]
            do throws(GoalEditor.Rejection) {
                changes = try practice.goalEditor.changes(assignments)
            } catch .phaseKey {
                throw ValidationError("the phase changes with: afterflow goal phase \(record.short) \(found.short) PHASE")
            } catch {
                throw ValidationError(error.description.visible())
            }
            let entry = try withVaultErrors { try practice.store.read(found.path) }
            do {
                _ = try GoalEditor.editable(entry)
            } catch {
                throw usageError(error.message, command: "goal set")
            }
            try withVaultErrors { try practice.store.save(practice.goalEditor.applying(changes, to: entry.document), over: entry, now: CommandClock.now) }
            emit(("Updated \(found.short): " + changes.map(\.summary).joined(separator: ", ")).visible())
        }
    }

    struct Phase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "phase",
            abstract: "Move a goal to another phase, keeping the change with its day.",
            discussion: """
                Phases, in the order of a goal's life cycle: baseline, active, mastered, maintenance, closed; and on-hold, retired. The change is added to the goal's phases list (drawn as a vertical line on the progress chart) and phase is set to it. 'afterflow goal due' lists the changes the data call for, each with its command and the day to date it with.

                Examples:
                  afterflow goal phase maya-t s-initial mastered --date 2025-03-18
                  afterflow goal phase maya-t s-initial maintenance
                  afterflow goal phase maya-t s-initial active --date 2025-01-21
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The client's short name.", valueName: "client"))
        var client: String

        @Argument(help: ArgumentHelp("The goal's short name.", valueName: "goal"))
        var goal: String

        @Argument(help: ArgumentHelp("baseline, active, mastered, maintenance, closed, on-hold or retired.", valueName: "phase"))
        var phase: String

        @Option(help: ArgumentHelp("The day of the change (default today).", valueName: "day"))
        var date: String?

        func run() throws {
            guard let newPhase = GoalPhase(parsing: phase) else {
                throw ValidationError("the phase must be one of \(GoalPhase.expectedList), found \"\(phase.visible())\"" + Suggestion.clause(for: phase, among: GoalPhase.allCases.map(\.rawValue)))
            }
            let practice = try Practice(vaultOptions)
            let record = try practice.client(client)
            let found = try goalRecord(goal, in: record, hints: vaultOptions.hints)
            let day = try date.map { try parseDay($0, option: "--date", zone: practice.zone) } ?? practice.today
            let entry = try withVaultErrors { try practice.store.read(found.path) }
            let current: Goal
            do {
                current = try GoalEditor.editable(entry)
            } catch {
                throw usageError(error.message, command: "goal phase")
            }
            let editor = practice.goalEditor
            let changes: [GoalEditor.Change]
            do throws(GoalEditor.Rejection) {
                changes = try editor.phasing(current, to: newPhase, on: day)
            } catch {
                throw usageError(error.description, command: "goal phase")
            }
            try withVaultErrors { try practice.store.save(editor.applying(changes, to: entry.document), over: entry, now: CommandClock.now) }
            emit("\(found.short) is \(newPhase.rawValue) from \(day.dayString) (was \(current.currentPhase.rawValue)).".visible())
        }
    }
}

/// The goal a command names, by short name, or an error naming the client's goals.
func goalRecord(_ text: String, in record: ClientRecord, hints: Hints) throws -> GoalRecord {
    if let found = record.goal(text) { return found }
    let names = record.goals.map(\.short)
    report(VaultError(.noMatch, "\(record.short) has no goal \"\(text.visible())\"\(Suggestion.clause(for: text.lowercased(), among: names))",
                      details: names.isEmpty ? ["Add one with: " + hints.command("goal", "add", record.short, placeholder: "TITLE")]
                                             : ["Their goals: \(names.joined(separator: ", "))."]))
    throw Exit.dataProblem
}

extension Practice {
    /// The goal editor with this vault's cue levels, categories and time zone, at the command's now.
    var goalEditor: GoalEditor {
        GoalEditor(cues: store.cues, categories: vault.config.goalCategories, timeZone: zone, now: CommandClock.now)
    }
}
