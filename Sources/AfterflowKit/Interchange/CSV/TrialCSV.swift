import Foundation

/// Trial data as CSV, one row per trial: for spreadsheets, and for moving from one into the vault
/// (`TrialImport`).
///
/// The columns, exactly: `session_id,client,date,time,goal,goal_title,result,cue,note`. The
/// session's id (upper case); the client's short name; the day of the session's start as its file
/// writes it (`2025-01-14`); the trial's time of day (`15:02:10`, vault time zone); the goal's short
/// name and its title; `success` or `failure`; the cue level; the note. RFC 4180 quoting (an empty
/// field is written `""`), every field guarded against formula injection (`CSVWriter.guarded`),
/// LF between rows (or CRLF) and no line end after the last, as the session CSV writes them.
/// Rows are ordered by client, day and time, then by file and line, so that the same practice
/// always gives the same bytes.
public enum TrialCSV {
    public static let header = ["session_id", "client", "date", "time", "goal", "goal_title", "result", "cue", "note"]

    /// The words of the `result` column.
    public static let success = "success", failure = "failure"

    /// Every trial of every session of `records`, one row each, with the header first.
    public static func write(records: [ClientRecord], lineEnding: String = "\n", byteOrderMark: Bool = false) -> String {
        var rows: [(key: SortKey, fields: [String])] = []
        for record in records {
            var titles: [String: String] = [:]
            for goal in record.goals {
                titles[goal.short] = goal.goal.title ?? ""
                if titles[goal.short.lowercased()] == nil { titles[goal.short.lowercased()] = goal.goal.title ?? "" }
            }
            for entry in record.sessions {
                let session = entry.session
                let id = session.id?.uuidString.uppercased() ?? ""
                let day = session.date?.dayString ?? ""
                for (position, trial) in session.trials.enumerated() {
                    let key = SortKey(client: record.short, day: day, time: trial.time.secondsOfDay, path: entry.path,
                                      line: trial.line ?? position)
                    let title = titles[trial.goal] ?? titles[trial.goal.lowercased()] ?? ""
                    rows.append((key, [id, record.short, day, clock(trial.time), trial.goal, title,
                                       trial.success ? success : failure, trial.cue, trial.note]))
                }
            }
        }
        rows.sort { $0.key < $1.key }
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out.reserveCapacity(128 + rows.count * 80)
        out += CSVWriter.row(header)
        for row in rows {
            out += lineEnding
            CSVWriter.appendRow(row.fields, guarded: true, to: &out)
        }
        return out
    }

    /// `15:02:10`, as `TimeOfDay.text` writes it without going through `String(format:)`,
    /// which took two thirds of the time of a large export.
    static func clock(_ time: TimeOfDay) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        for (index, value) in [time.hour, time.minute, time.second].enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ":")) }
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The order of rows: client, day, time of day, then the file and the trial's line in it.
    struct SortKey: Comparable {
        var client: String
        var day: String
        var time: Int
        var path: String
        var line: Int

        static func < (a: SortKey, b: SortKey) -> Bool {
            (a.client, a.day, a.time, a.path, a.line) < (b.client, b.day, b.time, b.path, b.line)
        }
    }
}
