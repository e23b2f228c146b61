import Foundation

/// What makes a Daylio entry one the vault has: the same minute (the day and time as written), the
/// same mood word (without case) and the same notes (two back-filled entries of one minute and word
/// with different notes are two entries). A check-in imported once and edited since (its score,
/// notes, labels) is still recognised: an entry whose notes match none of the vault's check-ins of
/// its minute and word takes one of those whose notes no entry matches (`DaylioImport.plan`), so
/// importing a newer export of the same diary adds only the new entries.
public struct DaylioSignature: Hashable, Sendable {
    /// Wall-clock minutes since 1970.
    public var minute: Int
    /// Trimmed, lower case.
    public var word: String
    /// The notes, trimmed; empty in `moment`.
    public var notes: String

    public init(date: LocalDate, word: String, notes: String = "") {
        let seconds = date.wallClockSeconds
        minute = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
        self.word = word.trimmingASCIIWhitespace().lowercased()
        self.notes = notes.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The minute and word alone.
    public var moment: DaylioSignature {
        var copy = self
        copy.notes = ""
        return copy
    }
}

/// Plans the import of a Daylio CSV export (`DaylioCSV`) into check-ins: every row checked first,
/// every problem kept, entries the vault has (`DaylioSignature`) set aside. Writes nothing.
///
/// Each entry becomes a check-in with `source: import`, the mood word as `source_value` and the
/// scale as `source_scale`; the score is the word's in `scale`. An activity that names one of the
/// 38 labels becomes a label, one that names one of the 18 associations an association (names
/// read as `mood` reads them), any other a tag. Without a label the score's labels are suggested
/// (`suggested_labels`, as `mood` suggests them: the person did not choose them), and without an
/// association the notes' are chosen (as `mood` chooses them). The note title and the note are
/// the body, the title first, a blank line between.
public struct DaylioImport: Sendable {
    public var timeZone: TimeZone
    public var now: Date
    public var scale: DaylioScale
    public var kind: MoodKind = .momentaryEmotion
    /// The vault's own association keywords (`mood_keywords`).
    public var keywords: [String: String] = [:]

    public init(timeZone: TimeZone, now: Date, scale: DaylioScale) {
        self.timeZone = timeZone
        self.now = now
        self.scale = scale
    }

    public struct Ready: Sendable {
        public var row: Int
        public var line: Int
        public var values: MoodValues
        /// The mood word as written.
        public var word: String
    }

    public struct Duplicate: Sendable {
        public var row: Int
        public var line: Int
        public var date: LocalDate
        public var word: String
        /// True when an earlier row of the same file has it, false when the vault has it.
        public var inFile: Bool
    }

    public struct Plan: Sendable {
        /// Data rows in the file.
        public var rows = 0
        public var ready: [Ready] = []
        public var duplicates: [Duplicate] = []
        /// By line, then column.
        public var problems: [DaylioCSV.Problem] = []

        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return problems.map(\.row).filter { seen.insert($0).inserted }.sorted()
        }

        /// The first line of each rejected row, for summaries.
        public var rejectedLines: [Int] {
            var lines: [Int: Int] = [:]
            for problem in problems { lines[problem.row] = min(lines[problem.row] ?? problem.location.line, problem.location.line) }
            return lines.values.sorted()
        }
    }

    /// Reads `bytes` and plans the import, `known` being the signatures of the check-ins the vault
    /// has (`IndexStore.daylioSignatures`). Rows are planned oldest first (Daylio writes newest
    /// first), so that files are written in the order the entries were made; of two rows of the same
    /// minute and word, the first in the file is kept.
    public func plan(_ bytes: [UInt8], known: Set<DaylioSignature>) -> Plan {
        plan(DaylioCSV.read(bytes, timeZone: timeZone, now: now), known: known)
    }

    public func plan(_ reading: DaylioCSV.Reading, known: Set<DaylioSignature>) -> Plan {
        var plan = Plan(rows: reading.rows, problems: reading.problems)
        var seen = Set<DaylioSignature>(), unmatched = known
        let created = LocalDate(now, in: timeZone)
        let entries = reading.entries.sorted { ($0.date.wallClockSeconds, $0.row) < ($1.date.wallClockSeconds, $1.row) }
        let scaleItems = scale.items
        // The vault's check-ins of each minute and word whose notes no entry matches: edited
        // since they were imported, each stands for one entry of its minute and word.
        var edited: [DaylioSignature: Int] = [:]
        let inFile = Set(entries.map { DaylioSignature(date: $0.date, word: $0.mood, notes: Self.notes(of: $0)) })
        for signature in known where !inFile.contains(signature) { edited[signature.moment, default: 0] += 1 }
        for entry in entries {
            // A backup's custom mood not on the scale scores as its group's word (`rad` … `awful`).
            guard let score = scale.score(of: entry.mood) ?? entry.moodGroup.flatMap(scale.score(of:)) else {
                let mapping = YAMLWriter.needsQuotes(entry.mood) || entry.mood.contains(" ") ? "\"\(entry.mood)=5\"" : "\(entry.mood)=5"
                plan.problems.append(DaylioCSV.Problem(
                    row: entry.row, location: entry.moodLocation, column: "mood",
                    message: "\"\(CSVImport.shortened(entry.mood))\" is not a mood word this import knows (\(scale.listing)); "
                        + "give its score from 1 to 10 with --map \(mapping), or add it to daylio_moods in .afterflow/config.yml",
                    entry: entry.label))
                continue
            }
            let notes = Self.notes(of: entry)
            let signature = DaylioSignature(date: entry.date, word: entry.mood, notes: notes)
            var duplicate: Bool?  // in the file (true) or in the vault (false)
            if seen.contains(signature) {
                duplicate = true
            } else if unmatched.remove(signature) != nil {
                duplicate = false
            } else if let count = edited[signature.moment], count > 0 {
                edited[signature.moment] = count - 1
                duplicate = false
            }
            if let duplicate {
                plan.duplicates.append(Duplicate(row: entry.row, line: entry.line, date: entry.date, word: entry.mood, inFile: duplicate))
                continue
            }
            seen.insert(signature)
            var values = MoodValues(date: entry.date.resolved(in: timeZone), score: score, created: created)
            values.kind = kind
            var labels: [String] = [], associations: [String] = [], tags: [String] = []
            for activity in entry.activities {
                if let label = MoodVocabulary.canonical(activity, in: MoodVocabulary.labels) {
                    if !labels.contains(label) { labels.append(label) }
                } else if let association = MoodVocabulary.canonical(activity, in: MoodVocabulary.associations) {
                    if !associations.contains(association) { associations.append(association) }
                } else {
                    tags.append(activity)
                }
            }
            values.setLabels(chosen: labels)
            values.associations = associations.isEmpty ? MoodVocabulary.inferAssociations(from: notes, extra: keywords) : associations
            values.tags = tags
            values.notes = notes
            values.source = .import
            values.sourceValue = entry.mood
            values.sourceScale = scaleItems
            values.sourceScales = entry.scales.isEmpty ? nil : entry.scales
            // The rules 'check' applies, to the file this row would be: a row it would reject is
            // a problem of the row (a day of 1850), not a file written.
            let document = Document(MoodWriter.newDocument(values, timeZone: timeZone))
            if let error = WriteCheck.errors(in: document, at: MoodWriter.path(for: values.date, timeZone: timeZone)).first {
                plan.problems.append(DaylioCSV.Problem(row: entry.row, location: SourceLocation(line: entry.line, column: 1), column: nil,
                                                       message: "the check-in would not pass 'afterflow check': \(error.message)", entry: entry.label))
                continue
            }
            plan.ready.append(Ready(row: entry.row, line: entry.line, values: values, word: entry.mood))
        }
        plan.problems.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        plan.duplicates.sort { $0.line < $1.line }
        return plan
    }

    /// An entry's notes: the title, a blank line, the note.
    static func notes(of entry: DaylioCSV.Entry) -> String {
        [entry.noteTitle, entry.note].filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

extension IndexStore {
    /// The signatures of the imported check-ins (`source: import`) on the days from `first` to
    /// `last` (`2024-03-05`), inclusive, read from their files (the index does not keep
    /// `source_value`).
    public func daylioSignatures(fromDay first: String, throughDay last: String) throws(VaultError) -> Set<DaylioSignature> {
        var found = Set<DaylioSignature>()
        for listing in try moodCheckIns(since: first, until: last) where listing.source == MoodSource.import.rawValue {
            guard let bytes = try? FileIO.read(vault.path(listing.path)) else { continue }
            let mood = MoodCheckIn(document: Document(bytes: bytes))
            guard let date = mood.date, let word = mood.sourceValue else { continue }
            found.insert(DaylioSignature(date: date, word: word, notes: mood.notes))
        }
        return found
    }
}

/// Daylio writes a note's formatting as HTML (`<br>`, `<b>…</b>`, `&amp;`). The import keeps the
/// note as written; where it is shown as text (`moods`, reports), `plainText` reads it as text.
public enum DaylioNoteText {
    /// `notes` of a check-in from `source`: an imported one's Daylio HTML as text (`<br>` and
    /// `<p>` a line break, other tags dropped, the five entities and `&nbsp;` decoded); a user's
    /// own notes as written.
    public static func shown(_ notes: String, source: String) -> String {
        source == MoodSource.import.rawValue ? plainText(notes) : notes
    }

    public static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var out = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = rest[rest.index(after: open)..<close].lowercased().trimmingCharacters(in: .whitespaces)
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
            if name.isEmpty || rest[rest.index(after: open)].isWhitespace {
                out += rest[open...close]  // not a tag: `a < b > c` stays
            } else if name == "br" || (name == "p" && tag.hasPrefix("/")) || (name == "div" && tag.hasPrefix("/")) {
                out += "\n"
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        for (entity, text) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: text)
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
