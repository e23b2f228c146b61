import Foundation
import GRDB

/// A session as the index holds it: what `list`, `stats` and the exports need, without the file.
public struct IndexedSession: Sendable {
    public var path: String
    public var id: String?
    public var isDraft: Bool
    /// Seconds since 1970.
    public var time: Int?
    /// The canonical date text (`2024-12-10T14:30:00-08:00` or `2024-12-10`).
    public var dateText: String?
    public var treatment: Treatment?
    public var administration: Administration?
    public var dose: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var status: SessionStatus
    public var reminder: Int?
    public var music: String?
    /// The tags as the index keeps them, a JSON array; `tags` reads it when asked.
    var tagsJSON: String
    public var tags: [String] {
        (try? JSONSerialization.jsonObject(with: Data(tagsJSON.utf8)) as? [String]) ?? []
    }
    /// The front matter's keys as a JSON object (see `Session.frontMatterJSON`).
    public var keysJSON: String
    public var intention: String
    public var environment: String
    public var musicNotes: String
    public var reflections: String

    /// Every column, for `FROM sessions JOIN session_texts t`.
    static let columns = "sessions.path, sessions.id, sessions.draft, sessions.date, sessions.date_text, sessions.treatment, sessions.administration, sessions.dose, sessions.mood_before, sessions.mood_after, sessions.status, sessions.reminder, sessions.music, sessions.tags, t.keys, t.intention, t.environment, t.music_notes, t.reflections"

    static let textsJoin = "JOIN session_texts t ON t.rowid = sessions.rowid"

    init(_ row: RawRow) {
        path = row.text(0)
        id = row.string(1)
        isDraft = row.bool(2)
        time = row.int(3)
        dateText = row.string(4)
        treatment = row.string(5).flatMap(Treatment.init(rawValue:))
        administration = row.string(6).flatMap(Administration.init(rawValue:))
        dose = row.string(7)
        moodBefore = row.int(8)
        moodAfter = row.int(9)
        status = SessionStatus(rawValue: row.text(10)) ?? .draft
        reminder = row.int(11)
        music = row.string(12)
        tagsJSON = row.text(13)
        keysJSON = row.text(14)
        intention = row.text(15)
        environment = row.text(16)
        musicNotes = row.text(17)
        reflections = row.text(18)
    }

    public var date: LocalDate? { dateText.flatMap(LocalDate.parse) }

    public var moodLift: Int? {
        guard let moodBefore, let moodAfter else { return nil }
        return moodAfter - moodBefore
    }

    /// `Psilocybin • Dec 10, 2024`.
    public var displayTitle: String { displayTitle(treatments: .builtIn) }

    /// The title with the vault's display name of the treatment (`Ibogaine HCl • Dec 10, 2024`).
    public func displayTitle(treatments: TreatmentCatalog) -> String {
        let name = treatment.map(treatments.displayName(of:)) ?? "Session"
        guard let date else { return name }
        return "\(name) • \(date.mediumDay)"
    }

    /// The same JSON as `afterflow show --format json`, built without re-reading the file.
    public var json: String {
        // The keys' object, opened again for the texts.
        var out = keysJSON
        out.removeLast()
        var first = out.utf8.count == 1
        for (name, text) in [("intention", intention), ("environment", environment), ("music_notes", musicNotes),
                             ("reflections", reflections), ("path", path)] {
            if !first { out += "," }
            first = false
            JSONValue.writeString(name, into: &out)
            out += ":"
            JSONValue.writeString(text, into: &out)
        }
        return out + "}"
    }
}
