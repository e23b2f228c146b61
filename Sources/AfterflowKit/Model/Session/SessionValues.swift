import Foundation

/// The fields of a new session, before it is a file.
public struct SessionValues: Sendable, SessionSections {
    public var id = UUID()
    public var date: LocalDate
    public var treatment: Treatment
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
    public var displayTitle: String { "\(treatment.displayName) • \(date.mediumDay)" }
}
