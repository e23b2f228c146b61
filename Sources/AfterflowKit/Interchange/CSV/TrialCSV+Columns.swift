import Foundation

extension TrialCSV {
    /// Where each column is in a file's header, and the reading of one data row.
    struct Columns {
        /// The file's column names, lower case, in its order.
        var names: [String]
        /// Each known column's index in the file's rows.
        var index: [String: Int]

        /// The columns of a header row, or why they are not the trial CSV's.
        static func read(_ header: CSVReader.Row) -> Result<Columns, CSVImport.Problems> {
            let cells = header.fields.map { CSVWriter.unguarded($0).trimmingASCIIWhitespace().lowercased() }
            let wanted = "\"\(TrialCSV.header.joined(separator: ","))\""
            let found = "\"\(CSVImport.shortened(header.fields.joined(separator: ","), to: 200))\""
            if cells == AppCSV.header.map({ $0.lowercased() }) || cells.starts(with: AppCSV.fullHeader.prefix(3)) {
                return .failure(CSVImport.Problems(list: [Problem(row: header.number, message: "expected the header \(wanted), found the header of a CSV of therapy sessions; "
                    + "import those with 'afterflow import csv'")]))
            }
            var index: [String: Int] = [:]
            var details: [String] = []
            for (position, name) in cells.enumerated() {
                if TrialCSV.signatureColumns.contains(name) {
                    // An export's signature columns: read past, as a signature is made by 'sign'.
                    if cells[..<position].contains(name) { details.append("\"\(name)\" is there twice") }
                } else if !TrialCSV.header.contains(name) {
                    let shown = name.isEmpty ? "column \(position + 1) has no name and" : "\"\(CSVImport.shortened(name))\""
                    let near = TrialCSV.header.filter { index[$0] == nil && !cells.contains($0) }
                    details.append("\(shown) is not one of its columns" + (Suggestion.nearest(to: name, among: near).map { " (did you mean \"\($0)\"?)" } ?? ""))
                } else if index[name] != nil {
                    details.append("\"\(name)\" is there twice")
                } else {
                    index[name] = position
                }
            }
            let missing = TrialCSV.requiredColumns.filter { index[$0] == nil }
            if !missing.isEmpty {
                details.append("the column\(missing.count == 1 ? "" : "s") " + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                               + " \(missing.count == 1 ? "is" : "are") missing")
            }
            guard details.isEmpty else {
                return .failure(CSVImport.Problems(list: [Problem(row: header.number, message: "expected the header \(wanted) (session_id, goal_title and note may be left out), "
                    + "found \(found): " + details.joined(separator: "; "))]))
            }
            return .success(Columns(names: cells, index: index))
        }

        /// Where `column` is in the file, for ordering a row's problems; -1 for none.
        func order(_ column: String?) -> Int {
            column.flatMap { index[$0] } ?? -1
        }

        /// The result column's value: `success` or `+`, `failure` or `-`, in any case; nil for another.
        static func success(_ text: String) -> Bool? {
            switch text.lowercased() {
            case TrialCSV.success, "+": return true
            case TrialCSV.failure, "-": return false
            default: return nil
            }
        }

        /// The trial, event or session mark of one data row, or every problem it has.
        func row(_ row: CSVReader.Row, cues: CueLevels) -> Result<Line, CSVImport.Problems> {
            guard row.fields.count == names.count else {
                return .failure(CSVImport.Problems(list: [Problem(row: row.number, message: "expected \(names.count) fields, as the header has, found \(row.fields.count)")]))
            }
            let fields = row.fields.map(CSVWriter.unguarded)
            var problems: [Problem] = []
            func problem(_ column: String, _ message: String) {
                problems.append(Problem(row: row.number, column: column, message: message))
            }
            func text(_ column: String) -> String {
                index[column].map { fields[$0].trimmingASCIIWhitespace() } ?? ""
            }
            for (position, name) in names.enumerated() {
                if let (scalar, at) = FieldText.firstForbidden(in: fields[position]) {
                    problem(name, "expected no control characters, found \(FieldText.codePoint(scalar)) at character \(at)")
                }
            }

            let idText = text("session_id")
            let sessionID = idText.isEmpty ? nil : UUID.parse(idText)
            if !idText.isEmpty && sessionID == nil {
                problem("session_id", "expected a session's id like 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34, or nothing for a new session, found \(TrialCSV.found(idText))")
            }

            let client = text("client")
            if !Trial.isShortName(client) {
                problem("client", "expected a client's short name (letters, digits, - and _), like maya-t, found \(TrialCSV.found(client))")
            }

            let dateText = text("date")
            let date = LocalDate.parse(dateText).flatMap { $0.isDayOnly && LocalDate.years.contains($0.year) ? $0 : nil }
            if date == nil {
                problem("date", "expected the session's day like 2025-01-14 (year 1900 to 9999), found \(TrialCSV.found(dateText))")
            }

            let timeText = text("time")
            let time = TimeOfDay.parse(timeText) ?? TimeOfDay.parse("0" + timeText)
            if time == nil {
                problem("time", "expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \(TrialCSV.found(timeText))")
            }

            let what: LineContent? = switch RowKind(result: text("result")) {
            case .trial: trial(text, time: time, cues: cues, problem: problem)
            case .event: event(text, time: time, cues: cues, problem: problem)
            case .mark(let mark): self.mark(mark, text, time: time, problem: problem)
            }
            guard problems.isEmpty, let date, let what else {
                return .failure(CSVImport.Problems(list: problems))
            }
            let head = Row.Head(number: row.number, sessionID: sessionID, client: client, date: date)
            return .success(what.line(head, goalTitle: text("goal_title")))
        }

        /// A trial row's goal, result, cue and note as a trial.
        private func trial(_ text: (String) -> String, time: TimeOfDay?, cues: CueLevels, problem: (String, String) -> Void) -> LineContent? {
            let goal = text("goal")
            if !Trial.isShortName(goal) {
                problem("goal", "expected a goal's short name (letters, digits, - and _), like s-initial, found \(TrialCSV.found(goal))")
            }

            let resultText = text("result")
            let success = Self.success(resultText)
            if success == nil {
                problem("result", "expected success or failure, found \(TrialCSV.found(resultText))"
                        + Suggestion.clause(for: resultText, among: [TrialCSV.success, TrialCSV.failure]))
            }

            let cueText = text("cue")
            let cue = cues.level(cueText)
            if cue == nil {
                problem("cue", "expected a cue level, one of \(cues.expectedList), found \(TrialCSV.found(cueText))"
                        + Suggestion.clause(for: cueText, among: cues.names))
            }

            let note = text("note")
            if note.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                problem("note", "expected a note on one line, as a trial line holds it, found a line break in it")
            }
            guard Trial.isShortName(goal), let time, let success, let cue else { return nil }
            // The trial's line reads back as this trial: goal and cue are single words, and the
            // note, trimmed of the spaces and tabs that separate fields, holds no line break.
            return .trial(Trial(time: time, goal: goal, success: success, cue: cue, note: note))
        }
    }
}
