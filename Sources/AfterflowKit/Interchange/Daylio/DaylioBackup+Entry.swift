import Foundation

extension DaylioBackup {
    struct Problems: Error {
        var list: [DaylioCSV.Problem]
    }

    /// One of `dayEntries` as an entry, or every problem it has, each naming the entry by its
    /// date (as written, the month counted from 1) and id.
    static func entry(_ item: Any, index: Int, moods: [Int: Mood], tags: [Int: String], timeZone: TimeZone, latest: Int)
        -> Result<DaylioCSV.Entry, Problems> {
        let location = SourceLocation(line: index, column: 1)
        guard let fields = item as? [String: Any] else {
            return .failure(Problems(list: [DaylioCSV.Problem(row: index, location: location, column: nil,
                                                              message: "expected an entry (a JSON object), found something else", entry: "entry \(index)")]))
        }
        let idText = int(fields["id"]).map { " (id \($0))" } ?? ""
        var label = "entry \(index)\(idText)"
        var problems: [String] = []

        var date: LocalDate?
        if let day = self.day(fields, problems: &problems) {
            let hour = int(fields["hour"]) ?? -1, minute = int(fields["minute"]) ?? -1
            if hour == -1 && minute == -1 {
                // No time of day: the day alone, as Daylio shows it.
                date = day
            } else if (0...23).contains(hour), (0...59).contains(minute) {
                date = LocalDate(year: day.year, month: day.month, day: day.day, time: LocalDate.Time(hour: hour, minute: minute, second: 0))
            } else {
                problems.append("expected hour 0 to 23 and minute 0 to 59 (or both -1 for no time of day), found \(hour):\(minute)")
            }
        }
        if let date {
            label = date.dayString + (date.clockTime.map { " " + $0 } ?? "") + idText
            if date.epochSeconds(in: timeZone) > latest {
                problems.append("expected a date no later than 8 hours from now, found \(date.canonical(in: timeZone))")
            }
        }

        let moodID = int(fields["mood"])
        let mood = moodID.flatMap { moods[$0] }
        if mood == nil {
            let known = moods.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.name)" }.joined(separator: ", ")
            problems.append("mood \(moodID.map(String.init) ?? "(none)") is not one of the backup's moods (\(known))")
        }

        var activities: [String] = []
        for tagID in (fields["tags"] as? [Any]) ?? [] {
            guard let id = int(tagID), let name = tags[id] else {
                problems.append("tag \(int(tagID).map(String.init) ?? "?") is not one of the backup's tags")
                continue
            }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty && !activities.contains(where: { $0.lowercased() == trimmed.lowercased() }) { activities.append(trimmed) }
        }
        let title = FieldText.normalizingLineBreaks((fields["note_title"] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let note = CSVImport.sectionText((fields["note"] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if title.contains("\n") { problems.append("note_title: expected a title on one line, found a line break in it") }
        for (name, text) in [("note_title", title), ("note", note), ("tags", activities.joined(separator: " | "))] {
            if let (scalar, position) = FieldText.firstForbidden(in: text) {
                problems.append("\(name): expected no control characters, found \(FieldText.codePoint(scalar)) at character \(position)")
            }
        }

        guard problems.isEmpty, let date, let mood else {
            return .failure(Problems(list: problems.map { DaylioCSV.Problem(row: index, location: location, column: nil, message: $0, entry: label) }))
        }
        var entry = DaylioCSV.Entry(row: index, line: index, date: date, mood: mood.name, moodLocation: location,
                                    activities: activities, noteTitle: title, note: note)
        entry.moodGroup = mood.group
        entry.label = label
        return .success(entry)
    }

    /// `year`, `month` (from 0) and `day` as a day, or nil with the problem added.
    static func day(_ fields: [String: Any], problems: inout [String]) -> LocalDate? {
        guard let year = int(fields["year"]), let month = int(fields["month"]), let day = int(fields["day"]) else {
            problems.append("expected whole numbers year, month and day")
            return nil
        }
        guard LocalDate.years.contains(year) else {
            problems.append("expected a year from \(LocalDate.years.lowerBound) to \(LocalDate.years.upperBound), found \(year)")
            return nil
        }
        guard (0...11).contains(month) else {
            problems.append("expected month 0 to 11 (Daylio counts months from 0, January being 0), found \(month)")
            return nil
        }
        guard (1...LocalDate.daysInMonth(year: year, month: month + 1)).contains(day) else {
            problems.append("expected a day of \(year)-\(String(format: "%02d", month + 1)), found \(day)")
            return nil
        }
        return LocalDate(year: year, month: month + 1, day: day)
    }
}
