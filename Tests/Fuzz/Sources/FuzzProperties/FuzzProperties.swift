// The properties the fuzz targets check, one input at a time. Each returns the ways the input broke
// its property (empty when it held); a crash inside the library is a finding too.
//
// Compiled twice: into `afterflow-fuzz` (Tests/Fuzz, with libFuzzer and the address sanitizer),
// and into the main package's tests through a symlink (Tests/AfterflowKitTests/Fuzz), which replay
// every saved crash and the corpora on every `swift test`.
@testable import AfterflowKit
import Foundation

/// One fuzz target: its name (the folder of its corpus and crashes) and its property.
public struct FuzzTarget: Sendable {
    public let name: String
    public let check: @Sendable ([UInt8]) -> [String]

    public init(_ name: String, _ check: @escaping @Sendable ([UInt8]) -> [String]) {
        self.name = name
        self.check = check
    }

    /// Every target, one line each.
    public static let all: [FuzzTarget] = [
        FuzzTarget("document", FuzzProperties.document),
        FuzzTarget("editor", FuzzProperties.editor),
        FuzzTarget("sessions-csv", FuzzProperties.sessionsCSV),
        FuzzTarget("trials-csv", FuzzProperties.trialsCSV),
        FuzzTarget("trial-line", FuzzProperties.trialLine),
        // FuzzTarget("daylio-csv", FuzzProperties.daylioCSV),  // Daylio's reader: its property here, its seeds in Corpus/daylio-csv
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// A kind's typed view, as the fuzz targets use it: its problems, and its `fmt` (nil when the
/// formatter declines, as it does for a file with errors).
public struct KindView: Sendable {
    public let kind: String
    public let read: @Sendable (Document) -> (diagnostics: [Diagnostic], formatted: Document?)

    init(_ kind: String, _ read: @escaping @Sendable (Document) -> (diagnostics: [Diagnostic], formatted: Document?)) {
        self.kind = kind
        self.read = read
    }
}

public enum FuzzProperties {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let fixedID = UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34")!
    /// 2024-12-10T12:00:00Z: the import's "now", so that a date's being in the future is stable.
    static let now = Date(timeIntervalSince1970: 1_733_832_000)

    /// Every kind's typed view, one line each: the document target reads each input with all of them.
    public static let views: [KindView] = [
        KindView("session") { let v = Session(document: $0); return (v.diagnostics, SessionFormatter(timeZone: zone).format(v) { fixedID }) },
        KindView("client") { let v = Client(document: $0); return (v.diagnostics, GoalFormatter().format(v) { fixedID }) },
        KindView("goal") { let v = Goal(document: $0); return (v.diagnostics, GoalFormatter().format(v) { fixedID }) },
        KindView("trials") { let v = TrialSession(document: $0); return (v.diagnostics, TrialsFormatter().format(v) { fixedID }) },
        KindView("mood") { let v = MoodCheckIn(document: $0); return (v.diagnostics, MoodFormatter().format(v) { fixedID }) },
        // KindView("assessment") { let v = Assessment(document: $0); return (v.diagnostics, nil) },
    ]

    // MARK: - document

    /// Any bytes read as a document: the bytes are kept exactly, the lines cover them exactly, the
    /// front matter's entries lie inside it in order, and every problem of the reader, of the view
    /// the `type` key chooses and of every kind's view is located inside the file. Where a kind's
    /// `fmt` formats the file, the result reads as that kind without errors and formats to itself.
    @Sendable public static func document(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let document = Document(bytes: bytes)
        if document.bytes != bytes { problems.append("the document's bytes differ from the input") }
        problems += lineCover(document)
        if let frontMatter = document.frontMatter {
            var previousEnd = frontMatter.openingLine + 1
            for entry in frontMatter.entries {
                if entry.lines.lowerBound < previousEnd || entry.lines.upperBound > frontMatter.closingLine || entry.lines.isEmpty {
                    problems.append("entry \(entry.key) spans lines \(entry.lines), outside the front matter \(frontMatter.openingLine)...\(frontMatter.closingLine) or before the previous entry's end \(previousEnd)")
                }
                previousEnd = entry.lines.upperBound
            }
        }
        problems += located(document.diagnostics, in: document, by: "the reader")
        let content = DocumentContent(document: document)
        problems += located(content.diagnostics(of: document), in: document, by: "the \(content.kind?.rawValue ?? "note") view")
        for view in views {
            let (diagnostics, formatted) = view.read(document)
            problems += located(diagnostics, in: document, by: "the \(view.kind) view")
            guard let formatted else { continue }
            let again = view.read(formatted)
            let errors = again.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                problems.append("the \(view.kind) fmt output reads with errors: \(errors.map(\.description)); output:\n\(text(formatted.bytes))")
            }
            if let twice = again.formatted, twice.bytes != formatted.bytes {
                problems.append("the \(view.kind) fmt is not stable: formatting its output changes it again\nonce:\n\(text(formatted.bytes))\ntwice:\n\(text(twice.bytes))")
            }
        }
        return problems
    }

    /// The BOM and the lines, each with its terminator, make up the bytes exactly.
    static func lineCover(_ document: Document) -> [String] {
        var position = document.hasBOM ? 3 : 0
        for (index, line) in document.lines.enumerated() {
            guard line.start == position, line.start <= line.end, line.end <= line.next else {
                return ["line \(index + 1) (\(line.start)..<\(line.end), next \(line.next)) does not follow the previous line's end \(position)"]
            }
            position = line.next
        }
        return position == document.bytes.count ? [] : ["the lines end at byte \(position) of \(document.bytes.count)"]
    }

    /// Each diagnostic's line is a line of the file (line 1 for an empty file) and its column is
    /// inside that line or just after its end.
    static func located(_ diagnostics: [Diagnostic], in document: Document, by reader: String) -> [String] {
        diagnostics.compactMap { diagnostic in
            let location = diagnostic.location
            let lineCount = max(1, document.lines.count)
            guard location.line >= 1, location.line <= lineCount else {
                return "\(reader) places \"\(diagnostic.message)\" on line \(location.line) of \(lineCount)"
            }
            let length = document.lines.isEmpty ? 0 : document.lines[location.line - 1].end - document.lines[location.line - 1].start
            guard location.column >= 1, location.column <= length + 1 else {
                return "\(reader) places \"\(diagnostic.message)\" at column \(location.column) of line \(location.line), which has \(length) bytes"
            }
            return nil
        }
    }

    // MARK: - editor

    /// The edits `set` makes, each tried on its own: a front-matter key of each shape (a number, a
    /// name, a list, a key of the user's with text that needs quoting, a removal) and a section.
    static let edits: [(key: String, value: String)] = [
        ("mood_after", "7"),
        ("treatment", "LSD"),
        ("tags", "integration, nature"),
        ("my_note", "a: b #c 'd' \"e\""),
        ("dose", ""),
        ("intention", "Be open.\nSecond line"),
        ("reflections", ""),
    ]

    /// An unedited document is its input byte for byte. Each edit replaces one run of lines and
    /// leaves every other line as it was, byte for byte. Where the edited file reads without errors
    /// (so that `set` would write it), the value reads back as set and every other key keeps its value.
    /// A trial added to a trial session is read back after the trials that were there, the others
    /// unchanged.
    @Sendable public static func editor(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let document = Document(bytes: bytes)
        if document.bytes != bytes { problems.append("the unedited document's bytes differ from the input") }
        let editor = SessionEditor(timeZone: zone)
        for (key, value) in edits {
            let edited: Document
            do throws(SessionEditor.Rejection) {
                edited = try editor.setting(key, to: value, in: document)
            } catch {
                continue
            }
            let label = "set \(key)=\(value)"
            problems += onlyItsLines(document, edited, label)
            guard !Session(document: edited).diagnostics.hasErrors else { continue }
            problems += valueReadBack(key, value, edited, label)
            problems += othersKept(document, edited, except: key, label)
        }
        problems += trialAppend(document)
        return problems
    }

    /// Lines outside the edit's replaced run are byte for byte as they were.
    static func onlyItsLines(_ before: Document, _ after: Document, _ label: String) -> [String] {
        if after.edits.isEmpty {
            return after.bytes == before.bytes ? [] : ["\(label): the bytes changed with no edit recorded"]
        }
        guard after.edits.count == 1, let edit = after.edits.first else {
            return ["\(label): \(after.edits.count) edits, expected one"]
        }
        func slice(_ d: Document, _ i: Int, withEnd: Bool) -> ArraySlice<UInt8> {
            d.bytes[d.lines[i].start..<(withEnd ? d.lines[i].next : d.lines[i].end)]
        }
        var problems: [String] = []
        let expectedCount = before.lines.count - edit.range.count + edit.count
        if after.lines.count != expectedCount {
            problems.append("\(label): \(after.lines.count) lines after replacing \(edit.range) with \(edit.count) lines of \(before.lines.count), expected \(expectedCount)\n\(text(after.bytes))")
            return problems
        }
        if before.hasBOM != after.hasBOM { problems.append("\(label): the byte order mark changed") }
        for i in 0..<min(edit.range.lowerBound, before.lines.count) {
            let line = before.lines[i]
            if i == before.lines.count - 1 && !line.isTerminated {
                // The last line gains a line end when lines are added after it; its bytes stay.
                // (A lone CR at its end then reads as part of a CRLF: the bytes are the same.)
                if after.bytes.count < line.next || before.bytes[line.start..<line.next] != after.bytes[line.start..<line.next] {
                    problems.append("\(label): the last line, before the edit at \(edit.range), changed: \(quoted(before.text(ofLine: i)))")
                }
            } else if slice(before, i, withEnd: true) != slice(after, i, withEnd: true) {
                problems.append("\(label): line \(i + 1), before the edit at \(edit.range), changed: \(quoted(before.text(ofLine: i))) became \(quoted(after.text(ofLine: i)))")
            }
        }
        for i in edit.range.upperBound..<before.lines.count {
            let j = i - edit.range.count + edit.count
            if slice(before, i, withEnd: true) != slice(after, j, withEnd: true) {
                problems.append("\(label): line \(i + 1), after the edit at \(edit.range), changed: \(quoted(before.text(ofLine: i))) became line \(j + 1) \(quoted(after.text(ofLine: j)))")
            }
        }
        return problems
    }

    /// The edited file holds the value as it was set.
    static func valueReadBack(_ key: String, _ value: String, _ edited: Document, _ label: String) -> [String] {
        let session = Session(document: edited)
        if let section = SessionSection(fieldName: key) {
            let found = session.text(of: section)
            return found == value ? [] : ["\(label): the section reads back as \(quoted(found))"]
        }
        let entry = edited.frontMatter?.entry(key)
        switch (value.isEmpty, entry) {
        case (true, nil): return []
        case (true, let entry?): return ["\(label): the key is still there: \(entry.value)"]
        case (false, nil): return ["\(label): the key is missing from the edited file\n\(text(edited.bytes))"]
        case (false, let entry?):
            switch entry.value {
            case .scalar(let s) where key == "my_note":
                return s.text == value ? [] : ["\(label): the key reads back as \(quoted(s.text))"]
            case .list(let items, _) where key == "tags":
                return items.map(\.text) == ["integration", "nature"] ? [] : ["\(label): the tags read back as \(items.map(\.text))"]
            case .scalar(let s) where key != "my_note" && key != "tags":
                // In canonical form: `LSD` is written `lsd`.
                return s.text.lowercased() == value.lowercased() ? [] : ["\(label): the key reads back as \(quoted(s.text))"]
            default:
                return ["\(label): the key reads back as \(entry.value)"]
            }
        }
    }

    /// Every other front-matter key has its value still (the keys in order, each with its value).
    static func othersKept(_ before: Document, _ after: Document, except key: String, _ label: String) -> [String] {
        func others(_ d: Document) -> [String] {
            (d.frontMatter?.entries ?? []).filter { $0.key != key }.map { "\($0.key): \(plain($0.value))" }
        }
        let was = others(before), now = others(after)
        return was == now ? [] : ["\(label): the other keys changed from \(was) to \(now)"]
    }

    /// A value without its locations (which move when lines are inserted above it).
    static func plain(_ value: YAMLValue) -> String {
        switch value {
        case .null: return "null"
        case .scalar(let s): return "\(s.style.rawValue) \(quoted(s.text))"
        case .list(let items, let flow): return "\(flow ? "flow" : "block") \(items.map { "\($0.style.rawValue) \(quoted($0.text))" })"
        }
    }

    /// `trial` on a trial session it would write to: the trials read back are the old ones
    /// with the new one among them, at the place the append chose, and the lines around it are kept.
    static func trialAppend(_ document: Document) -> [String] {
        guard DocumentKind(typeValue: DocumentKind.typeValue(of: document)) == .trials else { return [] }
        let session = TrialSession(document: document)
        // As DocumentStore.append refuses: a file with errors, or with a code fence never closed
        // (a trial added after it would be hidden in it).
        guard !session.diagnostics.hasErrors, document.unclosedFenceWarning == nil else { return [] }
        let trial = Trial(time: TimeOfDay(hour: 10, minute: 30, second: 0), goal: "s-initial", success: true, cue: "minimal", note: "fuzz")
        let edited: Document
        switch TrialAppend.plan(trial, in: document) {
        case .append(let appended, let result):
            edited = result
            if result.bytes != document.bytes + appended { return ["trial: the appended document is not the old bytes and the appended ones"] }
            if !appended.starts(with: document.lineEnding.bytes) && document.lines.last.map({ !$0.isTerminated }) == true {
                return ["trial: bytes appended after a last line with no line end, without one"]
            }
        case .replace(let result):
            edited = result
            let problems = onlyItsLines(document, result, "trial")
            if !problems.isEmpty { return problems }
        }
        let after = TrialSession(document: edited)
        let old = session.trials.map(comparable), new = after.trials.map(comparable)
        var problems: [String] = []
        if after.diagnostics.hasErrors {
            problems.append("trial: the session reads with errors after the append: \(after.diagnostics.filter { $0.severity == .error }.map(\.description))\n\(text(edited.bytes))")
        }
        if new.count != old.count + 1 {
            problems.append("trial: \(old.count) trials became \(new.count)\n\(text(edited.bytes))")
        } else if let at = new.firstIndex(of: comparable(trial)) {
            var without = new
            without.remove(at: at)
            if without != old { problems.append("trial: the other trials changed from \(old) to \(without)") }
        } else {
            problems.append("trial: the new trial is not read back: \(new)")
        }
        return problems
    }

    static func comparable(_ trial: Trial) -> String {
        "\(trial.time.text) \(trial.goal) \(trial.success) \(trial.cue) \(quoted(trial.note))"
    }

    // MARK: - CSV

    /// The CSV reader reads back what the writer writes from the rows it read. The import's
    /// problems name rows of the file; every data row is a session or has a problem, never both;
    /// every session it would create renders, with the built-in template, as a file without errors.
    @Sendable public static func sessionsCSV(_ bytes: [UInt8]) -> [String] {
        var problems = csvRoundTrip(bytes)
        let csv = CSVReader(bytes: bytes)
        let lastRow = (csv.rows.last?.number ?? 1) + 1
        let reading = CSVImport(timeZone: zone, now: now).read(bytes)
        for problem in reading.problems where problem.row < 1 || problem.row > max(lastRow, csv.failure?.row ?? 1) {
            problems.append("import: a problem on row \(problem.row), past the file's last row \(lastRow): \(problem)")
        }
        // The header is the first row that is not blank: its problems reject no data row.
        let header = csv.rows.first?.number ?? 1
        let rejected = Set(reading.rejectedRows.filter { $0 > header })
        for candidate in reading.candidates where rejected.contains(candidate.row) {
            problems.append("import: row \(candidate.row) is both a session and rejected")
        }
        if csv.failure == nil, reading.candidates.count + rejected.count != reading.rows {
            problems.append("import: \(reading.rows) rows, \(reading.candidates.count) sessions and \(rejected.count) rejected rows")
        }
        for candidate in reading.candidates {
            let rendered = Document(SessionTemplate.builtIn.render(candidate.values, timeZone: zone))
            let errors = Session(document: rendered).diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                problems.append("import: row \(candidate.row) renders a session with errors: \(errors.map(\.description))\n\(text(rendered.bytes))")
            }
        }
        return problems
    }

    /// The trial CSV's problems name rows of the file; every data row is in a session or has a
    /// problem, never both; the rows of one session agree on its client, day and id; every trial
    /// read has a short goal name and a cue level of the list, and its line in a trial session
    /// reads back as the same trial.
    @Sendable public static func trialsCSV(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let cues = CueLevels.standard
        let csv = CSVReader(bytes: bytes)
        let lastRow = (csv.rows.last?.number ?? 1) + 1
        let reading = TrialCSV.read(bytes: bytes, cues: cues)
        for problem in reading.problems where problem.row < 1 || problem.row > max(lastRow, csv.failure?.row ?? 1) {
            problems.append("trials csv: a problem on row \(problem.row), past the file's last row \(lastRow): \(problem)")
        }
        let header = csv.rows.first?.number ?? 1
        let rejected = Set(reading.rejectedRows.filter { $0 > header })
        // Trial, event and session-start/-end rows alike.
        let grouped = reading.groups.flatMap { $0.rows.map(\.number) + $0.events.map(\.number) + $0.marks.map(\.number) }
        for number in grouped where rejected.contains(number) {
            problems.append("trials csv: row \(number) is both in a session and rejected")
        }
        if csv.failure == nil, grouped.count + rejected.count != reading.rows {
            problems.append("trials csv: \(reading.rows) rows, \(grouped.count) in sessions and \(rejected.count) rejected")
        }
        for group in reading.groups {
            for row in group.rows {
                if row.client.lowercased() != group.client.lowercased() || row.date.dayString != group.date.dayString || row.sessionID != group.sessionID {
                    problems.append("trials csv: row \(row.number) (\(row.client), \(row.date.dayString), \(row.sessionID?.uuidString ?? "no id")) is in the session of \(group.client), \(group.date.dayString), \(group.sessionID?.uuidString ?? "no id")")
                }
                if !Trial.isShortName(row.trial.goal) { problems.append("trials csv: row \(row.number)'s goal \(quoted(row.trial.goal)) is not a short name") }
                if !cues.names.contains(row.trial.cue) { problems.append("trials csv: row \(row.number)'s cue \(quoted(row.trial.cue)) is not a level of the list") }
                problems += lineRoundTrip(row.trial, "trials csv: row \(row.number)")
            }
            for row in group.events {
                if !Trial.isShortName(row.event.goal) { problems.append("trials csv: row \(row.number)'s goal \(quoted(row.event.goal)) is not a short name") }
                if BehaviourEvent.read(line: row.event.lineText) != .event(row.event) {
                    problems.append("trials csv: row \(row.number)'s event line \(quoted(row.event.lineText)) does not read back as the event")
                }
            }
        }
        return problems
    }

    /// Rows read from any text, written with the writer, read back as the same rows.
    static func csvRoundTrip(_ bytes: [UInt8]) -> [String] {
        let csv = CSVReader(bytes: bytes)
        let rows = csv.rows.map(\.fields)
        let written = rows.map(CSVWriter.row).joined(separator: "\r\n")
        let again = CSVReader(bytes: Array(written.utf8))
        if let failure = again.failure { return ["csv: the written rows do not read back: \(failure.message)\n\(written)"] }
        let back = again.rows.map(\.fields)
        return back == rows ? [] : ["csv: rows \(rows) were written as \(quoted(written)) and read back as \(back)"]
    }

    // MARK: - trial line

    /// Each line of the input, read as a line of `## Trials`: the fast reading, where it answers,
    /// agrees with the careful one; a malformed line's column is inside it; a trial's line as the
    /// tool writes it reads back as the same trial.
    @Sendable public static func trialLine(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = String(line)
            let careful = Trial.readCarefully(line: line, index: 3)
            var copy = line
            if let fast = copy.withUTF8({ Trial.readFast($0, index: 3) }), fast != careful {
                problems.append("trial line \(quoted(line)): the fast reading \(fast) differs from the careful one \(careful)")
            }
            if Trial.read(line: line, index: 3) != careful {
                problems.append("trial line \(quoted(line)): the reading differs from the careful one \(careful)")
            }
            switch careful {
            case .malformed(let column, _):
                if column < 0 || column > line.unicodeScalars.count {
                    problems.append("trial line \(quoted(line)): malformed at column \(column) of \(line.unicodeScalars.count)")
                }
            case .trial(let trial):
                problems += lineRoundTrip(trial, "trial line \(quoted(line))")
            case .ignored:
                break
            }
        }
        return problems
    }

    /// A trial's line as the tool writes it reads back as the same trial.
    static func lineRoundTrip(_ trial: Trial, _ label: String) -> [String] {
        let line = trial.lineText
        guard case .trial(let back) = Trial.read(line: line) else {
            return ["\(label): its line \(quoted(line)) does not read as a trial: \(Trial.read(line: line))"]
        }
        return comparable(back) == comparable(trial) ? [] : ["\(label): its line \(quoted(line)) reads back as \(comparable(back)), expected \(comparable(trial))"]
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(2000), as: UTF8.self) }
}
