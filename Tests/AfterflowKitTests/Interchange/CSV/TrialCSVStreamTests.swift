@testable import AfterflowKit
import Foundation
import Testing

/// The streamed trial CSV (issue 25) gives the same bytes as the writer it replaced, which built
/// every row as strings and sorted them all: that writer is kept here, word for word, as the
/// oracle, and both are run on generated practices made to be awkward (sessions sharing a day,
/// trials out of order, a client named twice, titles and notes that need quoting or the formula
/// guard, sessions without a date or an id).
@Suite struct TrialCSVStreamTests {
    @Test("the streamed export is byte for byte the export as it was", arguments: [("\n", false), ("\r\n", true)])
    func sameBytes(_ lineEnding: String, _ byteOrderMark: Bool) {
        var random = SeededRandom("TrialCSVStreamTests.sameBytes")
        var differing: [Int] = []
        for round in 0..<40 {
            let records = Self.practice(&random)
            if TrialCSV.write(records: records, lineEnding: lineEnding, byteOrderMark: byteOrderMark)
                != Self.writtenAsBefore(records: records, lineEnding: lineEnding, byteOrderMark: byteOrderMark) {
                differing.append(round)
            }
        }
        #expect(differing == [])
    }

    @Test("export writes to its output as it goes, not once at the end")
    func streams() throws {
        let temp = try TemporaryVault()
        for (path, text) in Self.files(clients: ["ana-b", "leo-o"], sessions: 40) { try temp.write(path, text) }
        var handOvers = 0
        let output = ByteOutput(capacity: 1024) { _ in handOvers += 1 }
        _ = try TrialCSV.export(DocumentStore(vault: try temp.vault), clients: ["ana-b", "leo-o"], since: nil, until: nil, goal: nil, to: output)
        #expect(handOvers > 10)
    }

    @Test("export of a vault's practice is what the records' export writes")
    func exportMatchesRecords() throws {
        let temp = try TemporaryVault()
        for (path, text) in Self.files(clients: ["ana-b", "leo-o"], sessions: 12) { try temp.write(path, text) }
        let store = DocumentStore(vault: try temp.vault)
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        _ = try TrialCSV.export(store, clients: ["leo-o", "ana-b", "leo-o"], since: nil, until: nil, goal: nil, to: output)
        let records = try ["leo-o", "ana-b", "leo-o"].map { try store.load($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == Self.writtenAsBefore(records: records, lineEnding: "\n", byteOrderMark: false))
    }

    /// Clients are read ahead on other threads (a window of eight), so twenty clients put the
    /// writer behind the readers and the readers behind the window; the rows still come as from
    /// reading the clients one after the other in order of their names.
    @Test("export reads clients ahead on other threads and writes them in order of their names")
    func readAheadKeepsTheOrder() throws {
        let temp = try TemporaryVault()
        let shorts = (0..<20).map { "c\($0 < 10 ? "0" : "")\($0)-x" }
        for (path, text) in Self.files(clients: shorts, sessions: 3) { try temp.write(path, text) }
        let store = DocumentStore(vault: try temp.vault)
        // Named out of order, three of them twice: a client named twice has its rows twice, side by side.
        let named = shorts.reversed() + ["c03-x", "c17-x", "c09-x"]
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        _ = try TrialCSV.export(store, clients: named, since: nil, until: nil, goal: nil, to: output)
        let records = try named.sorted().map { try store.load($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == Self.writtenAsBefore(records: records, lineEnding: "\n", byteOrderMark: false))
    }

    @Test("a client that cannot be read stops the export with its error, after the clients before it")
    func anUnreadableClientStopsTheExport() throws {
        let temp = try TemporaryVault()
        let shorts = (0..<12).map { "c\($0 < 10 ? "0" : "")\($0)-x" }
        for (path, text) in Self.files(clients: shorts, sessions: 3) { try temp.write(path, text) }
        let store = DocumentStore(vault: try temp.vault)
        let before = try shorts.prefix(9).map { try store.load($0) }
        try FileManager.default.removeItem(atPath: temp.root + "/clients/c09-x/client.md")
        var bytes: [UInt8] = []
        let output = ByteOutput(capacity: 256) { bytes.append(contentsOf: $0) }
        let error = #expect(throws: VaultError.self) {
            _ = try TrialCSV.export(store, clients: shorts, since: nil, until: nil, goal: nil, to: output)
        }
        #expect(error?.message.contains("c09-x/client.md") == true, "\(String(describing: error))")
        // What was handed over before the error is the start of the first nine clients' CSV, and
        // nothing of c10-x or c11-x.
        let expected = Array(Self.writtenAsBefore(records: before, lineEnding: "\n", byteOrderMark: false).utf8)
        #expect(bytes.count > 256 && expected.starts(with: bytes))
    }

    // MARK: - Generated practices

    static let notes = ["", "", "", "said /th/ for /s/", "=SUM(A1)", "-ish, unclear", "'quoted' start", "''=x", "a \"word\"", "+1", "@home, with mom", "tab\there", "ünïcødé"]
    static let titles = ["Produce /s/", "Follow \"first, then\"", "=1+1", "", "-minus", "'@x", "commas, here"]

    /// A client's files: two goals and `sessions` sessions over a few days, trials at random.
    static func files(clients: [String], sessions: Int) -> [(String, String)] {
        var random = SeededRandom(seed: 25)
        var files: [(String, String)] = []
        for short in clients {
            files.append(("clients/\(short)/client.md", "---\ntype: client\nid: \(UUID().uuidString)\nname: \(short)\n---\n"))
            for goal in ["s-initial", "two-step"] {
                files.append(("clients/\(short)/goals/\(goal).md", "---\ntype: goal\ntitle: \(goal) title\n---\n"))
            }
            for index in 0..<sessions {
                let day = String(format: "2025-01-%02d", 1 + index / 2)
                let text = sessionText(day: "\(day) 15:00", id: UUID().uuidString, trials: Int.random(in: 1...30, using: &random), goals: ["s-initial", "two-step"], random: &random)
                files.append(("clients/\(short)/sessions/2025/\(day)-15\(String(format: "%02d", index)).md", text))
            }
        }
        return files
    }

    /// A trial session's text.
    /// `signed` adds a signature (its seal is not checked by the writer) by a signer the formula
    /// guard must quote.
    static func sessionText(day: String?, id: String?, trials: Int, goals: [String], signed: Bool = false, random: inout SeededRandom) -> String {
        var lines = ["---", "type: trials"]
        if let id { lines.append("id: \(id)") }
        if let day { lines.append("date: \(day)") }
        if signed {
            lines += ["signed: 2025-01-05T10:00:00-08:00", "signed_by: \"=Doe, J., CCC-SLP\"", "signed_hash: sha256:" + String(repeating: "0", count: 64)]
        }
        lines += ["---", "", "## Trials", ""]
        for _ in 0..<trials {
            let time = String(format: "%02d:%02d:%02d", Int.random(in: 14...16, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random))
            let goal = goals.randomElement(using: &random)!
            let result = Bool.random(using: &random) ? "+" : "-"
            let cue = ["independent", "minimal", "moderate", "maximal"].randomElement(using: &random)!
            let note = notes.randomElement(using: &random)!
            lines.append("- \(time) \(goal) \(result) \(cue)" + (note.isEmpty ? "" : "  " + note))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Clients (one of them sometimes twice), goals with awkward titles, sessions sharing days.
    static func practice(_ random: inout SeededRandom) -> [ClientRecord] {
        var records: [ClientRecord] = []
        for short in ["leo-o", "ana-b", "maya-t"].shuffled(using: &random) {
            let goalShorts = ["s-initial", "two-step", "Greet"].shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            let goals = goalShorts.map { goal in
                GoalRecord(short: goal.lowercased(), path: "clients/\(short)/goals/\(goal).md",
                           goal: Goal(document: Document("---\ntype: goal\ntitle: \"\(titles.randomElement(using: &random)!.replacingOccurrences(of: "\"", with: "\\\""))\"\n---\n")))
            }
            var sessions: [TrialSessionRecord] = []
            for index in 0..<Int.random(in: 0...8, using: &random) {
                let day = Int.random(in: 0...9, using: &random) == 0 ? nil : String(format: "2025-01-%02d", Int.random(in: 1...4, using: &random))
                let time = Bool.random(using: &random) ? "" : String(format: " %02d:00", Int.random(in: 9...17, using: &random))
                let text = sessionText(day: day.map { $0 + time }, id: Int.random(in: 0...5, using: &random) == 0 ? nil : UUID().uuidString,
                                       trials: Int.random(in: 0...12, using: &random), goals: Array(goalShorts) + ["unknown"],
                                       signed: index % 3 == 0, random: &random)
                sessions.append(TrialSessionRecord(path: "clients/\(short)/sessions/2025/\(index).md", session: TrialSession(document: Document(text))))
            }
            let record = ClientRecord(short: short, folder: "clients/\(short)", client: Client(document: Document("---\ntype: client\n---\n")), goals: goals, sessions: sessions)
            records.append(record)
            if Int.random(in: 0...3, using: &random) == 0 { records.append(record) }
        }
        return records
    }

    // MARK: - The writer as it was

    /// `TrialCSV.write` before issue 25, word for word, with the signature columns of issue 23
    /// added (when and by whom the session was signed, or draft).
    static func writtenAsBefore(records: [ClientRecord], lineEnding: String, byteOrderMark: Bool) -> String {
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
                    rows.append((key, [id, record.short, day, TrialCSV.clock(trial.time), trial.goal, title,
                                       trial.success ? TrialCSV.success : TrialCSV.failure, trial.cue, trial.note,
                                       session.signature?.atText ?? TrialCSV.draft, session.signature?.by ?? ""]))
                }
            }
        }
        rows.sort { $0.key < $1.key }
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out += CSVWriter.row(TrialCSV.exportHeader)
        for row in rows {
            out += lineEnding
            CSVWriter.appendRow(row.fields, guarded: true, to: &out)
        }
        return out
    }

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
