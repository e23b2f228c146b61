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
    public var tags: [String]
    /// The front matter's keys as a JSON object (see `Session.frontMatterJSON`).
    public var keysJSON: String
    public var intention: String
    public var environment: String
    public var musicNotes: String
    public var reflections: String

    static let columns = "path, id, draft, date, date_text, treatment, administration, dose, mood_before, mood_after, status, reminder, music, tags, keys, intention, environment, music_notes, reflections"

    init(row: Row) {
        path = row[0]
        id = row[1]
        isDraft = row[2]
        time = row[3]
        dateText = row[4]
        treatment = (row[5] as String?).flatMap(Treatment.init(rawValue:))
        administration = (row[6] as String?).flatMap(Administration.init(rawValue:))
        dose = row[7]
        moodBefore = row[8]
        moodAfter = row[9]
        status = SessionStatus(rawValue: row[10]) ?? .draft
        reminder = row[11]
        music = row[12]
        let tagsJSON: String = row[13]
        tags = (try? JSONSerialization.jsonObject(with: Data(tagsJSON.utf8)) as? [String]) ?? []
        keysJSON = row[14]
        intention = row[15]
        environment = row[16]
        musicNotes = row[17]
        reflections = row[18]
    }

    public var date: SessionDate? { dateText.flatMap(SessionDate.parse) }

    public var moodLift: Int? {
        guard let moodBefore, let moodAfter else { return nil }
        return moodAfter - moodBefore
    }

    /// `Psilocybin • Dec 10, 2024`.
    public var displayTitle: String {
        let name = treatment?.displayName ?? "Session"
        guard let date else { return name }
        return "\(name) • \(date.mediumDay)"
    }

    /// The same JSON as `afterflow show --format json`, built without re-reading the file.
    public var json: String {
        var out = String(keysJSON.dropLast())
        if out.count > 1 { out += "," }
        for (name, text) in [("intention", intention), ("environment", environment), ("music_notes", musicNotes),
                             ("reflections", reflections), ("path", path)] {
            JSONValue.writeString(name, into: &out)
            out += ":"
            JSONValue.writeString(text, into: &out)
            out += ","
        }
        return String(out.dropLast()) + "}"
    }
}
