import Foundation
import GRDB

/// The summary `index` prints, kept in the `meta` table beside the vault's fingerprint it was
/// added up for, so that `index` on a vault where nothing changed reads it back instead of
/// adding up every session again (5 ms of the 10,000-session refresh's 25).
///
/// It is saved as `<fingerprint>\n` then one `name value` line a figure (averages as the bits of
/// the `Double`, so that they read back exactly), and taken only when its fingerprint is the
/// index's current, non-empty one (a refresh that could not read a file saves an empty one).
/// Every refresh that writes removes it (`IndexStore.saveDigest`), so a summary is never read
/// back for rows it was not added up from.
extension IndexSummary {
    var saved: String {
        var lines = ["sessions \(sessions)", "drafts \(drafts)", "documents \(documents)", "notes \(notes)", "unreadable \(unreadable)"]
        lines += byStatus.map { "status \($0.0.rawValue) \($0.1)" }
        lines += byTreatment.map { "treatment \($0.0.rawValue) \($0.1)" }
        if let first { lines.append("first \(first)") }
        if let last { lines.append("last \(last)") }
        if let averageMoodBefore { lines.append("before \(String(averageMoodBefore.bitPattern, radix: 16))") }
        if let averageMoodAfter { lines.append("after \(String(averageMoodAfter.bitPattern, radix: 16))") }
        return lines.joined(separator: "\n")
    }

    /// The summary `saved` wrote; nil for anything else.
    init?(saved text: Substring) {
        self.init()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 2)
            guard words.count >= 2 else { return nil }
            let value = words[words.count - 1]
            switch (words[0], words.count) {
            case ("sessions", 2): guard let n = Int(value) else { return nil }; sessions = n
            case ("drafts", 2): guard let n = Int(value) else { return nil }; drafts = n
            case ("documents", 2): guard let n = Int(value) else { return nil }; documents = n
            case ("notes", 2): guard let n = Int(value) else { return nil }; notes = n
            case ("unreadable", 2): guard let n = Int(value) else { return nil }; unreadable = n
            case ("status", 3):
                guard let status = SessionStatus(rawValue: String(words[1])), let n = Int(value) else { return nil }
                byStatus.append((status, n))
            case ("treatment", 3):
                guard let treatment = Treatment(rawValue: String(words[1])), let n = Int(value) else { return nil }
                byTreatment.append((treatment, n))
            case ("first", 2): first = String(value)
            case ("last", 2): last = String(value)
            case ("before", 2): guard let bits = UInt64(value, radix: 16) else { return nil }; averageMoodBefore = Double(bitPattern: bits)
            case ("after", 2): guard let bits = UInt64(value, radix: 16) else { return nil }; averageMoodAfter = Double(bitPattern: bits)
            default: return nil
            }
        }
    }
}

extension IndexStore {
    /// The summary saved for the index's current fingerprint, if there is one.
    func savedSummary() throws(VaultError) -> IndexSummary? {
        try query { db in
            let rows = try RawRow.all(db, sql: "SELECT key, value FROM meta WHERE key IN ('files', 'summary')") { ($0.text(0), $0.text(1)) }
            guard let digest = rows.first(where: { $0.0 == "files" })?.1, !digest.isEmpty,
                  let saved = rows.first(where: { $0.0 == "summary" })?.1,
                  let newline = saved.firstIndex(of: "\n"), saved[..<newline] == digest else { return nil }
            return IndexSummary(saved: saved[saved.index(after: newline)...])
        }
    }

    /// Saves `summary`, added up from the rows of the files whose fingerprint is `digest`, if the
    /// index still has that fingerprint (and it is not empty). Only when the index can be written
    /// at once: another program writing it is never waited for, and a summary not saved is only
    /// added up again next time.
    func saveSummary(_ summary: IndexSummary, for digest: String?) {
        guard let digest, !digest.isEmpty else { return }
        try? database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = 10000") }
            try db.inTransaction(.immediate) {
                // Another refresh may have written since the rows were read.
                guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'files'") == digest else { return .rollback }
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('summary', ?)", arguments: [digest + "\n" + summary.saved])
                return .commit
            }
        }
    }
}
