import Foundation

/// Reads a Daylio CSV export: newer ones have the columns
/// `full_date,date,weekday,time,mood,activities,note_title,note`, older ones
/// `year,date,weekday,time,mood,activities,note` (or `full_date` without `note_title`). Columns
/// are found by name, in any order and case; `full_date`, or `year` with `date`, and `time` and
/// `mood` are needed, the others may be missing and unknown ones are ignored. Activities are
/// separated by `|`. The time may be `6:50 pm` or `14:58`, even within one file. Rows are newest
/// first in Daylio's files; order does not matter here.
///
/// Every row is checked, and every problem has the line and column where its field starts
/// (a note spanning lines moves the rows after it down, and the messages follow).
public enum DaylioCSV {
    /// One problem: where (line and column, 1-based, columns in UTF-8 bytes), which row (the
    /// header is row 1) and column, and what was expected and found.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var row: Int
        public var location: SourceLocation
        public var column: String?
        public var message: String
        /// The entry named by its date and id when it has no line of its own (a backup's); nil
        /// for a CSV row, named by its line and column.
        public var entry: String? = nil

        public var description: String { (column.map { "column \"\($0)\": " } ?? "") + message }
    }

    /// A row that reads as a Daylio entry.
    public struct Entry: Sendable, Equatable {
        public var row: Int
        /// The row's first line in the file.
        public var line: Int
        /// The day and time as written, without an offset (the vault's time zone gives it one).
        public var date: LocalDate
        /// The mood word as written, trimmed.
        public var mood: String
        public var moodLocation: SourceLocation
        /// As written, trimmed, without empty ones, each once.
        public var activities: [String]
        public var noteTitle: String
        /// Line breaks as LF.
        public var note: String
        /// Newer exports' `scales` column (Daylio's own measures), as written, trimmed; kept in the
        /// check-in as `source_scales`, since afterflow has no place of its own for them.
        public var scales = ""
        /// A backup's mood group as its predefined word (`rad` … `awful`): the score of a mood
        /// word the scale lacks (a custom mood) is this word's. Nil from a CSV, which has no groups.
        public var moodGroup: String?
        /// How messages name the entry when it has no line of its own (a backup's entry:
        /// `2024-12-05 6:30 PM (id 42)`); nil for a CSV row.
        public var label: String?
    }

    public struct Reading: Sendable {
        /// Data rows, the header not counted.
        public var rows = 0
        public var entries: [Entry] = []
        public var problems: [Problem] = []

        /// Rows with at least one problem, in order.
        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return problems.map(\.row).filter { seen.insert($0).inserted }.sorted()
        }
    }

    public static let header = ["full_date", "date", "weekday", "time", "mood", "activities", "note_title", "note"]
    public static let olderHeader = ["year", "date", "weekday", "time", "mood", "activities", "note"]

    /// Reads and checks every row of `bytes`. Dates more than `futureAllowance` seconds after
    /// `now` (in `timeZone`) are refused, as the session import refuses them.
    public static func read(_ bytes: [UInt8], timeZone: TimeZone, now: Date) -> Reading {
        var reading = Reading()
        let csv = CSVReader(bytes: bytes)
        var rows = csv.rows[...]
        guard let head = rows.popFirst() else {
            let failure = csv.failure
            reading.problems.append(Problem(row: failure?.row ?? 1, location: SourceLocation(line: failure?.row ?? 1, column: 1), column: nil,
                                            message: failure?.message ?? "expected Daylio's header \"\(header.joined(separator: ","))\", found an empty file"))
            return reading
        }
        let names = head.fields.map { $0.trimmingASCIIWhitespace().lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let fullDate = column("full_date"), year = column("year"), date = column("date")
        guard let time = column("time"), let mood = column("mood"), fullDate != nil || (year != nil && date != nil) else {
            let found = CSVImport.shortened(head.fields.joined(separator: ","), to: 200)
            reading.problems.append(Problem(row: head.number, location: head.start(of: 0), column: nil,
                                            message: "expected Daylio's header \"\(header.joined(separator: ","))\" (or an older one, \"\(olderHeader.joined(separator: ","))\"), found \"\(found)\"; export the CSV again from Daylio (More, Export entries)"))
            return reading
        }
        let columns = Columns(fullDate: fullDate, year: year, date: date, time: time, mood: mood, activities: column("activities"),
                              noteTitle: column("note_title"), note: column("note"), scales: column("scales"), names: head.fields.map { $0.trimmingASCIIWhitespace() },
                              count: names.count)
        let latest = Int(now.timeIntervalSince1970) + CSVImport.futureAllowance
        reading.rows = rows.count
        for row in rows {
            switch entry(row, columns: columns, timeZone: timeZone, latest: latest) {
            case .success(let entry): reading.entries.append(entry)
            case .failure(let problems): reading.problems += problems.list
            }
        }
        if let failure = csv.failure {
            reading.rows += 1
            let line = csv.rows.last.map { $0.line + 1 } ?? failure.row
            reading.problems.append(Problem(row: failure.row, location: SourceLocation(line: line, column: 1), column: nil, message: failure.message))
        }
        return reading
    }

    struct Columns {
        var fullDate: Int?, year: Int?, date: Int?, time: Int, mood: Int, activities: Int?, noteTitle: Int?, note: Int?, scales: Int?
        var names: [String]
        var count: Int
    }

    struct Problems: Error {
        var list: [Problem]
    }

    static func entry(_ row: CSVReader.Row, columns: Columns, timeZone: TimeZone, latest: Int) -> Result<Entry, Problems> {
        guard row.fields.count == columns.count else {
            return .failure(Problems(list: [fieldCountProblem(row, columns: columns)]))
        }
        var problems: [Problem] = []
        func problem(_ index: Int, _ message: String) {
            problems.append(Problem(row: row.number, location: row.start(of: index), column: columns.names[index], message: message))
        }
        func found(_ text: String) -> String { text.isEmpty ? "nothing" : "\"\(CSVImport.shortened(text))\"" }
        func text(_ index: Int?) -> String { index.map { row.fields[$0] } ?? "" }

        for index in row.fields.indices {
            if let (scalar, position) = FieldText.firstForbidden(in: row.fields[index]) {
                problem(index, "expected no control characters, found \(FieldText.codePoint(scalar)) at character \(position)")
            }
        }

        var day: (year: Int, month: Int, day: Int)?
        if let fullDate = columns.fullDate {
            let written = row.fields[fullDate].trimmingASCIIWhitespace()
            if let parsed = LocalDate.parse(written), parsed.isDayOnly, parsed.offset == nil {
                day = (parsed.year, parsed.month, parsed.day)
            } else {
                problem(fullDate, "expected a day like 2024-03-05, found \(found(written))")
            }
        } else if let yearColumn = columns.year, let dateColumn = columns.date {
            let yearText = row.fields[yearColumn].trimmingASCIIWhitespace()
            let dateText = row.fields[dateColumn].trimmingASCIIWhitespace()
            let year = Int(yearText).flatMap { LocalDate.years.contains($0) ? $0 : nil }
            if year == nil { problem(yearColumn, "expected a year like 2024, found \(found(yearText))") }
            let monthDay = monthAndDay(dateText)
            if monthDay == nil { problem(dateColumn, "expected a day like \"5 March\" or \"Mar 5\", found \(found(dateText))") }
            if let year, let monthDay {
                if (1...12).contains(monthDay.month), (1...LocalDate.daysInMonth(year: year, month: monthDay.month)).contains(monthDay.day) {
                    day = (year, monthDay.month, monthDay.day)
                } else {
                    problem(dateColumn, "expected a day of \(year), found \(found(dateText))")
                }
            }
        }

        let timeText = row.fields[columns.time].trimmingASCIIWhitespace()
        let clock = time(timeText)
        if clock == nil { problem(columns.time, "expected a time like \"6:50 pm\" or \"14:58\", found \(found(timeText))") }

        let moodText = row.fields[columns.mood].trimmingASCIIWhitespace()
        if moodText.isEmpty { problem(columns.mood, "expected a mood word, like meh, found nothing") }

        var date: LocalDate?
        if let day, let clock {
            let candidate = LocalDate(year: day.year, month: day.month, day: day.day, time: clock)
            if candidate.epochSeconds(in: timeZone) > latest {
                problem(columns.fullDate ?? columns.date ?? 0, "expected a date no later than 8 hours from now, found \(found(candidate.canonical(in: timeZone)))")
            } else {
                date = candidate
            }
        }

        var activities: [String] = []
        for item in text(columns.activities).split(separator: "|") {
            let name = String(item).trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty && !activities.contains(where: { $0.lowercased() == name.lowercased() }) { activities.append(name) }
        }
        let title = FieldText.normalizingLineBreaks(text(columns.noteTitle)).trimmingCharacters(in: .whitespacesAndNewlines)
        let note = CSVImport.sectionText(text(columns.note)).trimmingCharacters(in: .whitespacesAndNewlines)
        if title.contains("\n"), let index = columns.noteTitle { problem(index, "expected a title on one line, found a line break in it") }

        guard problems.isEmpty, let date else { return .failure(Problems(list: problems)) }
        return .success(Entry(row: row.number, line: row.line, date: date, mood: moodText, moodLocation: row.start(of: columns.mood),
                              activities: activities, noteTitle: title, note: note,
                              scales: FieldText.normalizingLineBreaks(text(columns.scales)).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// A row with more or fewer fields than the header, saying what was found: the extra fields
    /// are empty (a comma at the end of the line, at the first of them), or hold text (a note with
    /// a comma that is not in double quotes, at the row's start).
    static func fieldCountProblem(_ row: CSVReader.Row, columns: Columns) -> Problem {
        let expected = "expected \(columns.count) fields as in the header, found \(row.fields.count)"
        let extra = row.fields.dropFirst(columns.count)
        guard !extra.isEmpty else { return Problem(row: row.number, location: row.start(of: 0), column: nil, message: expected) }
        if extra.allSatisfy({ $0.trimmingASCIIWhitespace().isEmpty }) {
            let what = extra.count == 1 ? "an empty field" : "\(extra.count) empty fields"
            return Problem(row: row.number, location: row.start(of: columns.count), column: nil,
                           message: "\(expected): \(what) after the last column (a comma at the end of the line); remove the comma")
        }
        let text = extra.joined(separator: ",").trimmingASCIIWhitespace()
        return Problem(row: row.number, location: row.start(of: 0), column: nil,
                       message: "\(expected): \"\(CSVImport.shortened(text))\" after the last column; a note with a comma must be in double quotes")
    }

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]

    /// `5 March`, `March 5`, `5 Mar`, `Mar 5`, `Mar. 5`: the month (1-12) and day.
    static func monthAndDay(_ text: String) -> (month: Int, day: Int)? {
        let parts = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." }).map(String.init)
        guard parts.count == 2 else { return nil }
        func month(_ word: String) -> Int? {
            guard word.count >= 3 else { return nil }
            return months.firstIndex { $0 == word || $0.hasPrefix(word) && (word.count == 3 || word == "sept") }.map { $0 + 1 }
        }
        if let day = Int(parts[0]), let month = month(parts[1]) { return (month, day) }
        if let month = month(parts[0]), let day = Int(parts[1]) { return (month, day) }
        return nil
    }

    /// `6:50 pm`, `6:50PM`, `6:50 p.m.`, `14:58`, `12:05 am` (00:05).
    static func time(_ text: String) -> LocalDate.Time? {
        var rest = text.lowercased().replacingOccurrences(of: ".", with: "").trimmingCharacters(in: .whitespaces)
        var meridiem: Character?
        if rest.hasSuffix("am") || rest.hasSuffix("pm") {
            meridiem = rest.dropLast().last
            rest = String(rest.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              var hour = Int(parts[0]), let minute = Int(parts[1]), (0...59).contains(minute) else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        guard (0...23).contains(hour) else { return nil }
        return LocalDate.Time(hour: hour, minute: minute, second: second)
    }
}
