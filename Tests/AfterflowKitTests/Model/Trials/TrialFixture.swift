import AfterflowKit
import Foundation

/// Maya's folder under `Fixtures/trials/clients/maya-t` read as a `ClientRecord`, or a record made
/// from texts. The figures the tests expect are worked out by hand in the comments of each test.
enum TrialFixture {
    static let folder = "clients/maya-t"

    /// The fixture folder's record: 4 goals, 8 sessions from 2025-01-07 to 2025-02-18.
    static func maya() -> ClientRecord {
        let base = Fixtures.directory.appendingPathComponent("trials").appendingPathComponent(folder)
        func read(_ relative: String) -> String {
            String(decoding: (try? Data(contentsOf: base.appendingPathComponent(relative))) ?? Data(), as: UTF8.self)
        }
        let goalNames = ((try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("goals").path)) ?? []).filter { $0.hasSuffix(".md") }
        let sessionNames = ((try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("sessions/2025").path)) ?? []).filter { $0.hasSuffix(".md") }
        return record(client: read("client.md"),
                      goals: Dictionary(uniqueKeysWithValues: goalNames.map { (String($0.dropLast(3)), read("goals/" + $0)) }),
                      sessions: Dictionary(uniqueKeysWithValues: sessionNames.map { ("2025/" + $0, read("sessions/2025/" + $0)) }))
    }

    /// A record from texts: goals by short name, sessions by their path under `sessions/`.
    static func record(client: String, goals: [String: String], sessions: [String: String]) -> ClientRecord {
        ClientRecord(short: "maya-t", folder: folder, client: Client(document: Document(client)),
                     goals: goals.map { GoalRecord(short: $0.key, path: "\(folder)/goals/\($0.key).md", goal: Goal(document: Document($0.value))) },
                     sessions: sessions.map { TrialSessionRecord(path: "\(folder)/sessions/\($0.key)", session: TrialSession(document: Document($0.value))) })
    }

    static func session(_ record: ClientRecord, _ name: String) -> TrialSessionRecord? {
        record.sessions.first { $0.path.hasSuffix("/" + name + ".md") }
    }

    static let clientText = """
        ---
        type: client
        id: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA
        name: Maya Thompson
        born: 2018-03-02
        ---

        """

    /// A goal file with the given extra keys.
    static func goal(_ short: String, _ keys: [String]) -> String {
        (["---", "type: goal", "client: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA", "title: Goal \(short)"] + keys + ["---", ""]).joined(separator: "\n")
    }

    /// A session file at `date` with the trial lines given as `goal +|- cue`.
    static func session(_ date: String, _ trials: [String], notes: String = "") -> String {
        var lines = ["---", "type: trials", "client: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA", "date: \(date)", "---", "", "## Notes", ""]
        if !notes.isEmpty { lines += [notes, ""] }
        lines += ["## Trials", ""]
        for (i, trial) in trials.enumerated() { lines.append(String(format: "- 15:%02d:%02d ", i / 60, i % 60) + trial) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count` copies of `line`.
    static func times(_ count: Int, _ line: String) -> [String] { Array(repeating: line, count: count) }
}
