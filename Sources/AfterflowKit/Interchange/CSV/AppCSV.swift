import Foundation

/// Writes sessions as CSV: the iOS app's 8-column format, so that a file moves between the app
/// and a vault, or (`full`) every field, for spreadsheets and scripts.
///
/// The app's format, exactly: its header; one row per session in the order given (newest first
/// is the app's); the date as `Dec 1, 2024 at 10:30 AM`, the day and time the file writes (as
/// `list` and `show` give them, whatever the offset; a time without one is in the vault's time
/// zone); display names
/// for treatment and administration; RFC 4180 quoting; LF between rows and no newline after the
/// last. Every field is guarded against formula injection (`CSVWriter.guarded`).
public struct AppCSV: Sendable {
    public static let header = ["Date", "Treatment Type", "Administration", "Intention", "Mood Before", "Mood After",
                                "Reflections", "Music Link URL"]

    /// The columns of `full` before the vault's own keys.
    public static let fullHeader = ["id", "date", "treatment", "administration", "dose", "mood_before", "mood_after", "status",
                                    "reminder", "music", "tags", "created", "updated", "intention", "environment", "music_notes",
                                    "reflections", "path"]

    /// The vault's time zone. The dates need it no more: the index keeps each as its file writes
    /// it, with the vault's offset filled in where the file gave none.
    public var timeZone: TimeZone
    /// Between rows: `\n` (the app's) or `\r\n`. Line breaks inside a field stay LF.
    public var lineEnding = "\n"
    /// Starts the file with a UTF-8 byte order mark, which some spreadsheet programs want.
    public var byteOrderMark = false

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The sessions the app's format can carry, and how many drafts (no intention or mood before)
    /// were left out: the app cannot read such a row (it stops at the first it cannot read), and
    /// drafts are not part of its journal. `includingDrafts` (`--full`, `--status draft`) keeps them.
    public static func appReadable(_ sessions: [IndexedSession], includingDrafts: Bool) -> (sessions: [IndexedSession], drafts: Int) {
        guard !includingDrafts else { return (sessions, 0) }
        let kept = sessions.filter { $0.status != .draft }
        return (kept, sessions.count - kept.count)
    }

    /// The app's format.
    public func document(_ sessions: [IndexedSession]) -> String {
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out.reserveCapacity(256 + sessions.count * 600)
        out += CSVWriter.row(AppCSV.header)
        for session in sessions {
            out += lineEnding
            CSVWriter.appendRow(appFields(session), guarded: true, to: &out)
        }
        return out
    }

    /// The eight fields of one session in the app's format.
    public func appFields(_ session: IndexedSession) -> [String] {
        [
            // The day and time as written, not the instant moved into the vault's time zone: a
            // session recorded at 10:00 in Tokyo was at 10:00, wherever the vault is now.
            session.date.map(AppDate.format) ?? "",
            // The app knows nine treatments; any other is its Other (--full keeps the name).
            session.treatment?.appName ?? "",
            // The app knows five routes; sublingual is its Other (--full keeps the route).
            session.administration?.appName ?? "",
            session.intention,
            session.moodBefore.map(String.init) ?? "",
            session.moodAfter.map(String.init) ?? "",
            session.reflections,
            session.music ?? "",
        ]
    }

    // MARK: - Every field

    /// Every field: the columns of `fullHeader` (dates in ISO 8601 with their offset, names as
    /// the files write them, tags joined with `, `), then one column for each other front-matter
    /// key any of the sessions has, in alphabetical order.
    public func fullDocument(_ sessions: [IndexedSession]) -> String {
        let keyed = sessions.map { ($0, AppCSV.keys(of: $0)) }
        let known = Set(AppCSV.fullHeader)
        var extra = Set<String>()
        for (_, keys) in keyed { for key in keys.keys where !known.contains(key) { extra.insert(key) } }
        let extraColumns = extra.sorted()
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out += CSVWriter.guardedRow(AppCSV.fullHeader + extraColumns)
        for (session, keys) in keyed {
            let reminder = keys["reminder"].map(AppCSV.text) ?? ""
            let created = keys["created"].map(AppCSV.text) ?? ""
            let updated = keys["updated"].map(AppCSV.text) ?? ""
            var fields: [String] = [session.id ?? "", session.dateText ?? "", session.treatment?.rawValue ?? ""]
            fields.append(session.administration?.rawValue ?? "")
            fields.append(session.dose ?? "")
            fields.append(session.moodBefore.map(String.init) ?? "")
            fields.append(session.moodAfter.map(String.init) ?? "")
            fields += [session.status.rawValue, reminder, session.music ?? "", session.tags.joined(separator: ", "), created, updated]
            fields += [session.intention, session.environment, session.musicNotes, session.reflections, session.path]
            for column in extraColumns { fields.append(keys[column].map(AppCSV.text) ?? "") }
            out += lineEnding
            CSVWriter.appendRow(fields, guarded: true, to: &out)
        }
        return out
    }

    /// The front matter's keys, as the index keeps them (JSON).
    static func keys(of session: IndexedSession) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(session.keysJSON.utf8)) as? [String: Any]) ?? [:]
    }

    /// A JSON value as a cell: text as it is, numbers as digits, lists joined with `, `, null empty.
    static func text(_ value: Any) -> String {
        switch value {
        case let string as String: return string
        case let list as [Any]: return list.map(text).joined(separator: ", ")
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; the index writes none.
            return number.stringValue
        default: return ""
        }
    }
}
