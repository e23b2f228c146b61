import Foundation

/// Reads a Daylio backup (`.daylio`): a zip whose entry `backup.daylio` is base64 text of UTF-8
/// JSON (`../shared/reference/moods.md`). Its entries become the same `DaylioCSV.Entry` values
/// a CSV export's rows do, so that `DaylioImport.plan` turns both into check-ins by one rule and
/// recognises an entry imported from either.
///
/// - `customMoods[]`: the mood an entry points at by `id`; its shown name is `custom_name` when
///   not empty, else its predefined name (`predefined_name_id` 1 rad … 5 awful), and its group
///   (`mood_group_id` 1 rad … 5 awful) gives a word the scale lacks its score.
/// - `dayEntries[]`: `year`, `month` (**0 = January**), `day`, `hour` and `minute` (both -1 for
///   an entry without a time of day, which is read as the day alone), `mood`, `note_title`,
///   `note` (HTML, kept as written), `tags` (ids into `tags[]`, whose names are the activities).
///   `datetime` and `timeZoneOffset` are not used: the local fields are what the person saw.
///
/// Every entry is checked, and every problem names the entry by its date and id. Nothing else
/// of the backup (its PIN, goals, reminders, photos) is read.
public enum DaylioBackup {
    /// Why the file could not be read at all; the message says what was wrong.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The zip entry that holds the backup.
    public static let entryName = "backup.daylio"

    /// The predefined moods by `predefined_name_id` and groups by `mood_group_id`, best first.
    public static let predefinedNames = ["rad", "good", "meh", "bad", "awful"]

    /// Reads and checks every entry of the backup file `bytes`. Dates more than
    /// `CSVImport.futureAllowance` seconds after `now` (in `timeZone`) are refused, as the CSV's.
    public static func read(_ bytes: [UInt8], timeZone: TimeZone, now: Date) throws(Failure) -> DaylioCSV.Reading {
        let root = try json(fromZip: bytes)
        let latest = Int(now.timeIntervalSince1970) + CSVImport.futureAllowance
        return try reading(root, timeZone: timeZone, latest: latest)
    }

    /// The backup's JSON object: the zip's `backup.daylio`, base64 with any white space, decoded.
    public static func json(fromZip bytes: [UInt8]) throws(Failure) -> [String: Any] {
        let archive: ZipArchive
        let text: [UInt8]
        do {
            archive = try ZipArchive(bytes)
            guard let entry = archive.entry(named: entryName) else {
                let names = archive.entries.prefix(5).map(\.name).joined(separator: ", ")
                throw Failure(message: "the zip has no \(entryName) entry (it holds \(names.isEmpty ? "nothing" : names)); is it a Daylio backup?")
            }
            text = try archive.contents(of: entry)
        } catch let failure as Failure {
            throw failure
        } catch let zip as ZipArchive.Failure {
            throw Failure(message: "the file is not a zip afterflow can read: \(zip.message)")
        } catch {
            throw Failure(message: "\(error)")
        }
        let base64 = text.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let data = Data(base64Encoded: Data(base64)) else {
            throw Failure(message: "\(entryName) in the zip is not base64 text, as a Daylio backup's is")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(message: "\(entryName) decodes to text that is not JSON (\(data.count) bytes); the backup may be damaged")
        }
        guard let root = object as? [String: Any] else { throw Failure(message: "\(entryName) holds JSON that is not an object, as a Daylio backup's is") }
        return root
    }

    /// The entries of the backup's JSON, newest first as Daylio keeps them; `row` and `line` are
    /// the entry's place in `dayEntries` (1-based).
    static func reading(_ root: [String: Any], timeZone: TimeZone, latest: Int) throws(Failure) -> DaylioCSV.Reading {
        guard let entries = root["dayEntries"] as? [Any] else {
            throw Failure(message: "the backup's JSON has no dayEntries list; is it a Daylio backup?")
        }
        let moods = moodTable(root["customMoods"] as? [Any])
        var tags: [Int: String] = [:]
        for case let tag as [String: Any] in (root["tags"] as? [Any]) ?? [] {
            if let id = int(tag["id"]), let name = tag["name"] as? String { tags[id] = name }
        }
        var reading = DaylioCSV.Reading()
        reading.rows = entries.count
        for (index, item) in entries.enumerated() {
            switch entry(item, index: index + 1, moods: moods, tags: tags, timeZone: timeZone, latest: latest) {
            case .success(let entry): reading.entries.append(entry)
            case .failure(let problems): reading.problems += problems.list
            }
        }
        return reading
    }

    /// A mood's shown name and its group's word, by id; the five predefined ones when the backup
    /// lists none.
    struct Mood {
        var name: String
        var group: String
    }

    static func moodTable(_ list: [Any]?) -> [Int: Mood] {
        var moods: [Int: Mood] = [:]
        for (i, name) in predefinedNames.enumerated() { moods[i + 1] = Mood(name: name, group: name) }
        for case let mood as [String: Any] in list ?? [] {
            guard let id = int(mood["id"]) else { continue }
            let group = int(mood["mood_group_id"]).flatMap { (1...5).contains($0) ? predefinedNames[$0 - 1] : nil }
            let predefined = int(mood["predefined_name_id"]).flatMap { (1...5).contains($0) ? predefinedNames[$0 - 1] : nil }
            let custom = (mood["custom_name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let name = custom.isEmpty ? predefined ?? group : custom, let group = group ?? predefined else { continue }
            moods[id] = Mood(name: name, group: group)
        }
        return moods
    }

    /// A JSON number as a whole number (JSONSerialization gives `NSNumber`s).
    static func int(_ value: Any?) -> Int? {
        switch value {
        case let n as Int: return n
        case let d as Double: return d == d.rounded() && abs(d) < 1e15 ? Int(d) : nil
        case let n as NSNumber: return n.intValue
        default: return nil
        }
    }
}
