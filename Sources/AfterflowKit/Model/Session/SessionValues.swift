import Foundation

/// The fields of a new session, before it is a file.
public struct SessionValues: Sendable, SessionSections {
    public var id = UUID()
    public var date: LocalDate
    public var treatment: Treatment
    /// The treatment's display name as the vault gives it (`Ibogaine HCl`); nil: its own.
    public var treatmentName: String?
    public var administration: Administration?
    public var dose: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var reminder: LocalDate?
    public var music: String?
    public var tags: [String] = []
    public var created: LocalDate
    public var intention = ""
    public var environment = ""
    public var musicNotes = ""
    public var reflections = ""

    public init(date: LocalDate, treatment: Treatment, created: LocalDate) {
        self.date = date
        self.treatment = treatment
        self.created = created
    }

    public var status: SessionStatus {
        SessionStatus.derive(intention: intention, moodBefore: moodBefore, reflections: reflections)
    }

    /// What keeps this session a draft, in words: `intention`, `mood before`.
    public var missingForJournal: [String] {
        SessionStatus.missingForJournal(intention: intention, moodBefore: moodBefore)
    }

    /// `Psilocybin • Dec 10, 2024`.
    public var displayTitle: String { "\(treatmentName ?? treatment.displayName) • \(date.mediumDay)" }
}

extension SessionValues {
    /// What `new` is given, as typed; nil (or empty) for what was not given.
    public struct Typed: Sendable {
        public var date: LocalDate?
        public var treatment: String?
        public var administration: String?
        public var dose: String?
        public var moodBefore: Int?
        public var moodAfter: Int?
        public var music: String?
        public var tags: [String] = []
        public var intention: String?
        public var environment: String?
        public var musicNotes: String?

        public init() {}
    }

    /// A new session from what was typed: trimmed, line breaks made `\n`, the vault's default
    /// treatment where none was given (psilocybin without one), the treatment's route, else the
    /// vault's default administration, where no administration was given, dated now
    /// (to the minute) when no date was given.
    public init(_ typed: Typed, config: VaultConfig, now: Date, timeZone: TimeZone) {
        let created = LocalDate(now, in: timeZone)
        var today = created
        today.time?.second = 0
        let treatment = typed.treatment.flatMap(config.treatments.treatment(parsing:)) ?? config.defaultTreatment ?? .psilocybin
        self.init(date: typed.date ?? today, treatment: treatment, created: created)
        treatmentName = config.treatments.displayName(of: treatment)
        administration = typed.administration.flatMap(config.routes.route(parsing:))
            ?? config.treatments.entry(treatment)?.route ?? config.defaultAdministration
        dose = typed.dose?.trimmingCharacters(in: .whitespaces)
        moodBefore = typed.moodBefore
        moodAfter = typed.moodAfter
        music = typed.music?.trimmingCharacters(in: .whitespaces)
        tags = typed.tags.map { $0.trimmingCharacters(in: .whitespaces) }
        func section(_ text: String?) -> String {
            FieldText.normalizingLineBreaks(text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        }
        intention = section(typed.intention)
        environment = section(typed.environment)
        musicNotes = section(typed.musicNotes)
    }
}
