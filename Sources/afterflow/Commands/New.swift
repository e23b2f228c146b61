import AfterflowKit
import ArgumentParser
import Foundation

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Record a new session.",
        discussion: """
            The file starts from the vault's Templates/session.md. A session with an intention and a mood before goes into sessions/YYYY/; one still missing either is a draft, kept in .afterflow/drafts/ (out of the journal and out of git) until you finish it.

            --resume REF reopens a draft: the flags you give are set on it, or without any it opens in your editor. Once it has an intention and a mood before it moves into sessions/YYYY/ in one step.

            When the new session needs reflection, a terminal asks whether to remind you later (in 3 hours, tomorrow at 09:00, or not). --remind answers for scripts: 3h, tomorrow, none, a span like 90m, or a date.

            Examples:
              afterflow new --treatment psilocybin --dose "3.5 g" --mood-before 5 \\
                  --intention "To explore creativity and connection." --tag nature
              afterflow new --date "2024-12-10 14:30" --treatment ketamine --edit
              afterflow new --treatment mdma     a draft, to finish later
              afterflow new --resume 2F57 --intention "Listen." --mood-before 6
              afterflow new --mood-before 4 --intention "Rest." --remind tomorrow
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("When it happened, or will: now (the default), \"today 18:00\", \"yesterday 20:30\", \"tomorrow 08:00\", 3d, 2024-12-10T14:30:00-08:00, \"2024-12-10 14:30\" (the vault's time zone) or 2024-12-10. A date still to come makes a draft, which stays one until then.", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("One of: \(TreatmentCatalog.builtIn.expectedList), or one the vault adds under treatments: in .afterflow/config.yml. Default: the vault's default_treatment.", valueName: "name"))
    var treatment: String?

    @Option(help: ArgumentHelp("One of: intravenous (IV), intramuscular (IM), oral, nasal, sublingual, inhaled, other, or one the vault adds under routes: in .afterflow/config.yml. Default: the treatment's route, else the vault's default_administration.", valueName: "route"))
    var administration: String?

    @Option(help: ArgumentHelp("Free text, for example \"3.5 g\" or \"0.5 mg/kg\".", valueName: "text"))
    var dose: String?

    @Option(help: ArgumentHelp("What you hope to explore (Markdown).", valueName: "text"))
    var intention: String?

    @Option(help: ArgumentHelp("Mood before, a whole number from 1 to 10.", valueName: "n"))
    var moodBefore: Int?

    @Option(help: ArgumentHelp("Mood after, a whole number from 1 to 10.", valueName: "n"))
    var moodAfter: Int?

    @Option(help: ArgumentHelp("The setting: place, people, light (Markdown).", valueName: "text"))
    var environment: String?

    @Option(help: ArgumentHelp("A playlist or track link (Spotify, YouTube, Apple Music, …).", valueName: "url"))
    var music: String?

    @Option(name: .customLong("music-notes"), help: ArgumentHelp("Notes on the music (Markdown).", valueName: "text"))
    var musicNotes: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag; repeat for more.", valueName: "tag"))
    var tags: [String] = []

    @Flag(help: "Open the new file in $VISUAL or $EDITOR, then check it.")
    var edit = false

    @Option(help: ArgumentHelp("Reopen this draft (id prefix, path, day, today or yesterday) instead of starting a new session.", valueName: "ref"))
    var resume: String?

    @Option(help: ArgumentHelp("A reminder to add reflections: 3h, tomorrow, none, a span (90m) or a date. Default: asked on a terminal.", valueName: "when"))
    var remind: String?

    @Option(help: ArgumentHelp("text, or json for scripts ({\"path\", \"id\", \"status\"}).", valueName: "format"))
    var format: NewFormat = .text

    enum NewFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        // --treatment and --administration are checked against the vault's lists once it is open (run).
        if let administration, Administration(parsing: administration) == nil {
            throw ValidationError(RouteCatalog.builtIn.unknownMessage(administration, what: "--administration").visible())
        }
        for (name, value) in [("--mood-before", moodBefore), ("--mood-after", moodAfter)] {
            if let value, !MoodScale.range.contains(value) {
                throw ValidationError("\(name) must be a whole number from 1 to 10, found \(value)")
            }
        }
        if let date {
            guard let parsed = LocalDate.parse(typed: date, now: Date(), timeZone: .gmt) else {
                throw ValidationError("--date must be \(LocalDate.typedForms), found \"\(date.visible())\"")
            }
            if let problem = parsed.yearProblem { throw ValidationError("--date: \(problem)") }
        }
        if let remind, ReminderChoice(parsing: remind) == nil {
            throw ValidationError("--remind must be \(ReminderChoice.expected), found \"\(remind.visible())\""
                                  + Suggestion.clause(for: remind, among: ["tomorrow", "none"]))
        }
        let lines: [(String, String?)] = [("--dose", dose), ("--music", music)] + tags.map { ("--tag", $0) }
        for (flag, value) in lines {
            if let value, let problem = FieldText.problem(field: flag, text: value, multiline: false) { throw ValidationError(problem) }
        }
        for (flag, value) in [("--intention", intention), ("--environment", environment), ("--music-notes", musicNotes)] {
            if let value, let problem = FieldText.problem(field: flag, text: value, multiline: true) { throw ValidationError(problem) }
        }
        for (section, text) in [(SessionSection.intention, intention), (.environment, environment), (.music, musicNotes)] {
            if let text, let problem = section.problem(with: text) { throw ValidationError(problem.visible()) }
        }
        for tag in tags where tag.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--tag cannot be empty")
        }
    }

    func run() throws {
        let vault = try vaultOptions.open()
        if let resume {
            try runResume(resume, in: vault)
            return
        }
        if let treatment, vault.config.treatments.treatment(parsing: treatment) == nil {
            throw usageError(vault.config.treatments.unknownMessage(treatment, what: "--treatment"), command: "new")
        }
        if let administration, vault.config.routes.route(parsing: administration) == nil {
            throw usageError(vault.config.routes.unknownMessage(administration, what: "--administration"), command: "new")
        }
        let zone = vault.timeZone
        let now = CommandClock.now
        let hints = vaultOptions.hints
        var typed = SessionValues.Typed()
        typed.date = try resolvedDate(in: zone, now: now)
        (typed.treatment, typed.administration, typed.dose) = (treatment, administration, dose)
        (typed.moodBefore, typed.moodAfter, typed.music, typed.tags) = (moodBefore, moodAfter, music, tags)
        (typed.intention, typed.environment, typed.musicNotes) = (intention, environment, musicNotes)
        var values = SessionValues(typed, config: vault.config, now: now, timeZone: zone)
        let choice = remind.flatMap(ReminderChoice.init(parsing:))
        if let choice, values.status != .complete {
            do {
                values.reminder = try ReminderSchedule.dated(choice, timeZone: zone, now: now)
            } catch {
                throw usageError(error.message, command: "new")
            }
        }

        let store = DocumentStore(vault: vault)
        // A date still to come makes a draft: the intention written the night before.
        var (path, document) = try withVaultErrors { try store.create(values, now: now) }
        if edit {
            // The file holds exactly what was just written.
            let entry = VaultEntry(path: path, bytes: document.bytes)
            path = try EditFlow(vault: vault, hints: vaultOptions.hints, announce: format == .text).run(entry)
            document = Document(bytes: (try? FileIO.read(vault.root + "/" + path)) ?? document.bytes)
        }
        let session = Session(document: document)
        let shortID = String(values.id.uuidString.prefix(8))
        if format == .json {
            var members: [(String, JSONValue)] = [
                ("path", .string(path)), ("id", .string(values.id.uuidString)), ("status", .string(session.status.rawValue)),
            ]
            if let reminder = session.reminder { members.append(("reminder", .string(reminder.canonical(in: zone)))) }
            emit(JSONValue.object(members).serialized())
            return
        }
        let term = Terminal.current
        if Vault.isDraft(path) {
            printDraft(session, path: path, shortID: shortID, vault: vault, now: now)
        } else {
            emit(term.bold("Created \(vault.shownPath(path))"))
            emit("  \(session.displayTitle(treatments: vault.config.treatments)) · \(session.status.words) · id \(shortID)")
            if let reminder = session.reminder {
                emit("Reminder set for \(ReminderOffer.describe(reminder, now: now, timeZone: zone)).")
            } else if session.status == .needsReflection && remind == nil {
                try ReminderOffer.offer(vault: vault, path: path)
            }
            if session.status == .needsReflection {
                emit("Add reflections when you are ready: " + hints.command("reflect", shortID, placeholder: "\"…\""))
            }
        }
    }

    /// What a new draft lacks, and how to finish it.
    private func printDraft(_ session: Session, path: String, shortID: String, vault: Vault, now: Date) {
        let zone = vault.timeZone
        let hints = vaultOptions.hints
        let term = Terminal.current
        let missing = session.missingForJournal
        let planned = session.date.flatMap { $0.isAfter(now, in: zone) ? $0 : nil }
        if let planned {
            emit("Saved a draft for later: \(vault.shownPath(path)) (id \(shortID))")
            emit("Its date, \(planned.readable), is still to come, so it stays a draft until then"
                 + (missing.isEmpty ? "." : "; still missing: \(missing.joined(separator: " and ")).")
                 + " Drafts stay out of the journal and out of git.")
        } else {
            emit("Saved a draft: \(vault.shownPath(path)) (id \(shortID))")
            emit("Still missing: \(missing.joined(separator: " and ")). Drafts stay out of the journal and out of git until finished.")
        }
        var fix: [String] = []
        if missing.contains("intention") { fix.append("--intention \"…\"") }
        if missing.contains("mood before") { fix.append("--mood-before 5") }
        let finish = hints.command("new", "--resume", shortID, placeholder: fix.isEmpty ? nil : fix.joined(separator: " "))
        emit((planned == nil ? "Finish it with: " : "Once it has come, add it to the journal with: ") + term.bold(finish))
        if !fix.isEmpty || planned == nil { emit("   or open it: " + hints.command("new", "--resume", shortID)) }
        if let reminder = session.reminder {
            emit("Reminder set for \(ReminderOffer.describe(reminder, now: now, timeZone: zone)); it comes due once the draft is finished.")
        }
    }

    /// `--date` as a date in the vault's time zone (its words, such as `today 18:00`, read at
    /// `now`), nil when not given. A date still to come is allowed: it makes a draft.
    func resolvedDate(in zone: TimeZone, now: Date) throws -> LocalDate? {
        guard let date else { return nil }
        return LocalDate.parse(typed: date, now: now, timeZone: zone)?.resolved(in: zone)
    }
}
