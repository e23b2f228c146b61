import Foundation

/// What makes two sessions the same for an import: the same minute, treatment (as the app's CSV
/// names it) and intention.
///
/// The minute is the day and time as written (`LocalDate.wallClockSeconds`), as the app's CSV
/// has them, so that a session written with another offset than the vault's is still recognised
/// when its exported row comes back.
public struct SessionSignature: Hashable, Sendable {
    /// Wall-clock minutes since 1970.
    public var minute: Int
    public var treatment: Treatment
    /// Trimmed, line breaks as LF.
    public var intention: String

    /// `treatment` is kept as the app's CSV names it: one the app lacks is its `other`, so that
    /// a session exported as `Other` is recognised when its row comes back.
    public init(seconds: Int, treatment: Treatment, intention: String) {
        minute = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
        self.treatment = treatment.isAppTreatment ? treatment : .other
        let text = intention.utf8.contains(0x0D) ? intention.replacingOccurrences(of: "\r\n", with: "\n") : intention
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if let first = text.utf8.first, let last = text.utf8.last, !isSpace(first) && !isSpace(last) {
            self.intention = text
        } else {
            self.intention = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}

extension CSVImport {
    /// A checked row, rendered and ready to write.
    public struct Ready: Sendable {
        public var row: Int
        public var session: PreparedSession
    }

    /// What an import would do: the sessions to create, the rows skipped as already there, and
    /// every problem.
    public struct Plan: Sendable {
        /// Data rows in the file.
        public var rows = 0
        public var ready: [Ready] = []
        public var duplicates: [Candidate] = []
        public var problems: [Problem] = []

        /// Rows with at least one problem, in order.
        public var rejectedRows: [Int] {
            var seen = Set<Int>()
            return problems.map(\.row).filter { seen.insert($0).inserted }.sorted()
        }
    }

    /// Reads `bytes`, sets aside the rows whose session the vault (as `index` knows it) or an
    /// earlier row already has, and renders the rest with the vault's template, checking that each
    /// reads back unchanged. Writes nothing.
    public func plan(_ bytes: [UInt8], index: IndexStore) throws(VaultError) -> Plan {
        let reading = read(bytes)
        var plan = Plan(rows: reading.rows, problems: reading.problems)
        let candidates = reading.candidates
        guard !candidates.isEmpty else { return plan }
        let seconds = candidates.map { $0.values.date.wallClockSeconds }
        let days = candidates.map { $0.values.date.dayString }
        var known = try index.signatures(fromDay: days.min() ?? "", throughDay: days.max() ?? "")
        let store = DocumentStore(vault: index.vault)
        let template = try store.template()
        for (candidate, second) in zip(candidates, seconds) {
            let signature = SessionSignature(seconds: second, treatment: candidate.values.treatment, intention: candidate.values.intention)
            guard known.insert(signature).inserted else {
                plan.duplicates.append(candidate)
                continue
            }
            let prepared = try store.prepare(candidate.values, template: template)
            let changed = prepared.changedFields
            guard changed.isEmpty else {
                for field in changed {
                    plan.problems.append(Problem(row: candidate.row, column: CSVImport.column(of: field),
                                                 message: CSVImport.readBackProblem(candidate.values, field: field)))
                }
                continue
            }
            plan.ready.append(Ready(row: candidate.row, session: prepared))
        }
        plan.problems.sort { ($0.row, AppCSV.header.firstIndex(of: $0.column ?? "") ?? -1) < ($1.row, AppCSV.header.firstIndex(of: $1.column ?? "") ?? -1) }
        return plan
    }

    static func column(of field: String) -> String {
        switch field {
        case "intention": return "Intention"
        case "reflections": return "Reflections"
        case "music": return "Music Link URL"
        default: return field
        }
    }

    static func readBackProblem(_ values: SessionValues, field: String) -> String {
        let text = field == "music" ? (values.music ?? "") : (SessionSection(fieldName: field).map { values.text(of: $0) } ?? "")
        if field != "music" && hasUnclosedFence(text) {
            return "the text opens a ``` or ~~~ code block that it does not close, which would hide the sections after it; close it"
        }
        return "the text would not read back the same from the session file; check it for Markdown that spans sections"
    }

    static func hasUnclosedFence(_ text: String) -> Bool {
        var open: (Character, Int)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count < 4, let c = trimmed.first, c == "`" || c == "~" else { continue }
            let run = trimmed.prefix { $0 == c }.count
            guard run >= 3 else { continue }
            if let current = open {
                if current.0 == c && run >= current.1 { open = nil }
            } else {
                open = (c, run)
            }
        }
        return open != nil
    }
}

extension IndexStore {
    /// The signatures of every session (drafts too) on the days from `first` to `last`
    /// (`2024-12-10`), inclusive, as their files write them.
    public func signatures(fromDay first: String, throughDay last: String) throws(VaultError) -> Set<SessionSignature> {
        try query { db in
            var found = Set<SessionSignature>()
            let sql = "SELECT sessions.date_text, sessions.treatment, t.intention FROM sessions \(IndexedSession.textsJoin) WHERE sessions.day BETWEEN ? AND ?"
            for row in try RawRow.all(db, sql: sql, arguments: [first, last], { row in
                (row.string(0).flatMap(LocalDate.parse), row.string(1).flatMap(Treatment.init(rawValue:)), row.text(2))
            }) {
                guard let date = row.0, let treatment = row.1 else { continue }
                found.insert(SessionSignature(seconds: date.wallClockSeconds, treatment: treatment, intention: row.2))
            }
            return found
        }
    }
}
