import Foundation

/// Reads the iOS app's CSV into new sessions: every row checked before anything is written, every
/// problem reported with its row and column, and sessions the vault already has recognised.
///
/// Accepts what the app writes and what is found in the wild: the date quoted, or unquoted as in
/// the app's README (`Dec 10, 2024 at 2:30 PM,Psilocybin,…`, a row of 9 fields whose first two
/// make a date), with a plain space, U+202F or U+00A0 before AM/PM, or as ISO 8601; CRLF, CR or
/// LF; a byte order mark. The `'` of the formula-injection guard is removed wherever the exporter
/// would have added it (`CSVWriter.unguarded`), so that export, import and export again give the
/// same bytes.
public struct CSVImport: Sendable {
    /// One problem of one row; `description` is `column "Mood Before": expected …`.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// 1-based; the header is row 1.
        public var row: Int
        public var column: String?
        public var message: String

        public var description: String {
            (column.map { "column \"\($0)\": " } ?? "") + message
        }
    }

    /// A row that became a session.
    public struct Candidate: Sendable {
        public var row: Int
        public var values: SessionValues
    }

    /// What reading a file found.
    public struct Reading: Sendable {
        /// Data rows, the header not counted.
        public var rows = 0
        public var candidates: [Candidate] = []
        public var problems: [Problem] = []
        /// Rows with at least one problem.
        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return problems.map(\.row).filter { seen.insert($0).inserted }
        }
    }

    public var timeZone: TimeZone
    /// The treatments a row may name, by display name or name (the vault's; `Other` is `other`).
    public var treatments = TreatmentCatalog.builtIn
    /// The routes a row may name, by display name or name (the vault's; `Other` is `other`).
    public var routes = RouteCatalog.builtIn
    /// Dates more than 8 hours after this are refused, as the app refuses them.
    public var now: Date

    public static let futureAllowance = 8 * 3600

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// Reads and checks every row of `bytes`.
    public func read(_ bytes: [UInt8]) -> Reading {
        var reading = Reading()
        let csv = CSVReader(bytes: bytes)
        var rows = csv.rows[...]
        guard let header = rows.popFirst() else {
            if let failure = csv.failure {
                reading.problems.append(Problem(row: failure.row, message: failure.message))
            } else {
                reading.problems.append(Problem(row: 1, message: "expected the app's header \"\(AppCSV.header.joined(separator: ","))\", found an empty file"))
            }
            return reading
        }
        if let problem = headerProblem(header) {
            reading.problems.append(problem)
            return reading
        }
        reading.rows = rows.count
        for row in rows {
            switch candidate(row) {
            case .success(let candidate): reading.candidates.append(candidate)
            case .failure(let problems): reading.problems += problems.list
            }
        }
        if let failure = csv.failure {
            reading.rows += 1
            reading.problems.append(Problem(row: failure.row, message: failure.message))
        }
        return reading
    }

    func headerProblem(_ header: CSVReader.Row) -> Problem? {
        let cells = header.fields.map { $0.trimmingASCIIWhitespace() }
        if cells == AppCSV.header { return nil }
        if cells.first == AppCSV.fullHeader.first && cells.starts(with: AppCSV.fullHeader.prefix(3)) {
            return Problem(row: header.number, message: "this is afterflow's full CSV (export csv --full), made for spreadsheets and scripts; import reads the app's 8-column format (export csv)")
        }
        let found = header.fields.joined(separator: ",")
        return Problem(row: header.number, message: "expected the app's header \"\(AppCSV.header.joined(separator: ","))\", found \"\(CSVImport.shortened(found, to: 200))\"")
    }

    struct Problems: Error {
        var list: [Problem]
    }

    /// The music column's link: trimmed, and without the `'` a spreadsheet keeps in front of a
    /// pasted link (`'https://open.spotify.com/…`), which the app strips too. A `'` the exporter
    /// added as a guard is already gone (`CSVWriter.unguarded`); one that guards text a
    /// spreadsheet would run (`'=…`) stays, so that export and import give the same bytes.
    public static func musicLink(_ field: String) -> String {
        let link = field.trimmingASCIIWhitespace()
        guard link.hasPrefix("'"), !CSVWriter.needsGuard(link.dropFirst()) else { return link }
        return String(link.dropFirst()).trimmingASCIIWhitespace()
    }

    /// The session of one data row, or every problem it has.
    func candidate(_ row: CSVReader.Row) -> Result<Candidate, Problems> {
        var fields = row.fields.map(CSVWriter.unguarded)
        // The README's unquoted date splits into two fields.
        if fields.count == 9, AppDate.parse(fields[0] + "," + fields[1]) != nil {
            fields[0] += "," + fields[1]
            fields.remove(at: 1)
        }
        guard fields.count == 8 else {
            return .failure(Problems(list: [Problem(row: row.number, message: "expected 8 fields, found \(fields.count)")]))
        }
        var problems: [Problem] = []
        func problem(_ column: Int, _ message: String) {
            problems.append(Problem(row: row.number, column: AppCSV.header[column], message: message))
        }
        let found = CSVImport.found

        let date = self.date(fields[0]) { problem(0, $0) }

        let treatmentText = fields[1].trimmingASCIIWhitespace()
        let treatment = treatments.treatment(parsing: treatmentText)
        if treatment == nil {
            // The app's nine, which its CSV holds; afterflow's and the vault's own are read too.
            problem(1, "expected one of \(Treatment.allCases.map(\.displayName).joined(separator: ", ")), found \(found(treatmentText))")
        }

        let administrationText = fields[2].trimmingASCIIWhitespace()
        let administration = administrationText.isEmpty ? nil : routes.route(parsing: administrationText)
        if !administrationText.isEmpty && administration == nil {
            // The app's five, which its CSV holds; afterflow's and the vault's own are read too.
            problem(2, "expected one of \(Administration.appCases.map(\.displayName).joined(separator: ", ")), or nothing, found \(found(administrationText))")
        }

        let moods = [4, 5].map { column in CSVImport.mood(fields[column]) { problem(column, $0) } }

        let intention = CSVImport.sectionText(fields[3])
        let reflections = CSVImport.sectionText(fields[6])
        for (column, text) in [(3, intention), (6, reflections)] {
            if let message = CSVImport.headingProblem(text) { problem(column, message) }
        }

        let music = CSVImport.musicLink(fields[7])
        if music.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            problem(7, "expected a link on one line, found a line break in it")
        }
        for column in 0..<AppCSV.header.count {
            if let (scalar, position) = FieldText.firstForbidden(in: fields[column]) {
                problem(column, "expected no control characters, found \(FieldText.codePoint(scalar)) at character \(position)")
            }
        }

        guard problems.isEmpty, let date, let treatment else { return .failure(Problems(list: problems)) }
        var values = SessionValues(date: date, treatment: treatment, created: LocalDate(now, in: timeZone))
        values.administration = administration
        values.moodBefore = moods[0]
        values.moodAfter = moods[1]
        values.intention = intention
        values.reflections = reflections
        values.music = music.isEmpty ? nil : music
        return .success(Candidate(row: row.number, values: values))
    }

    /// How a message quotes what a field holds: `nothing`, or the text, shortened, in quotes.
    static func found(_ text: String) -> String {
        text.isEmpty ? "nothing" : "\"\(CSVImport.shortened(text))\""
    }

    /// The date column's session time, or nil after saying what is wrong with it to `problem`.
    private func date(_ field: String, problem: (String) -> Void) -> LocalDate? {
        let dateText = field.trimmingASCIIWhitespace()
        guard let parsed = AppDate.parse(dateText) ?? LocalDate.parse(dateText) else {
            problem("expected a date like \"\(AppDate.example)\", found \(CSVImport.found(dateText))")
            return nil
        }
        let resolved = parsed.resolved(in: timeZone)
        if !LocalDate.years.contains(parsed.year) {
            problem("expected a year from 1900 to 9999, found \(CSVImport.found(dateText))")
        } else if resolved.epochSeconds(in: timeZone) > Int(now.timeIntervalSince1970) + CSVImport.futureAllowance {
            problem("expected a date no later than 8 hours from now, found \(CSVImport.found(dateText))")
        } else {
            return resolved
        }
        return nil
    }

    /// A mood column's value: nil when empty, or (after saying so to `problem`) not a mood.
    private static func mood(_ field: String, problem: (String) -> Void) -> Int? {
        let text = field.trimmingASCIIWhitespace()
        if text.isEmpty { return nil }
        if let mood = MoodScale.parse(text) { return mood }
        problem("expected a whole number from 1 to 10, found \(found(text))")
        return nil
    }

    /// A field's text as a session section keeps it: line breaks as LF, and no blank lines at the
    /// start or the end.
    static func sectionText(_ field: String) -> String {
        let text = FieldText.normalizingLineBreaks(field)
        // Only a text that starts or ends with white space can have a blank line to drop.
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0B || $0 == 0x0C }
        guard let first = text.utf8.first, let last = text.utf8.last, isSpace(first) || isSpace(last) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Why a text cannot be a section: a line of it is a level 1 or 2 heading, which would end it.
    static func headingProblem(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "#")) else { return nil }
        let bytes = Array(text.utf8)
        let lines = SourceLines.split(bytes, from: 0)
        guard let heading = Document.scanHeadings(bytes, lines: lines, from: 0).first else { return nil }
        let line = String(decoding: bytes[lines[heading.line].start..<lines[heading.line].end], as: UTF8.self)
        let trimmed = line.trimmingASCIIWhitespace()
        let rest = String(trimmed.drop { $0 == "#" }).trimmingASCIIWhitespace()
        return "line \(heading.line + 1) of the text, \"\(shortened(line))\", is a level \(heading.level) Markdown heading, "
            + "which would end the section; write it as \"### \(shortened(rest))\" or without the \"#\""
    }

    /// On one line (`⏎` for a line break), at most `limit` characters with `…` when cut.
    static func shortened(_ text: String, to limit: Int = 60) -> String {
        let oneLine = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "⏎")
        return oneLine.count > limit ? String(oneLine.prefix(limit - 1)) + "…" : oneLine
    }
}
