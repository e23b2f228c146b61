@testable import AfterflowKit
import Foundation

/// A small practice built from file texts: two clients, their goals, and trial sessions with
/// notes that need quoting and the formula guard, two sessions of one client on one day, and a
/// trial repeated at the same second.
enum TrialPracticeFixture {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    static let maya = "11111111-1111-4111-8111-111111111111"
    static let liam = "22222222-2222-4222-8222-222222222222"
    static let sessionA = "AAAAAAAA-0000-4000-8000-00000000000A"
    static let sessionB = "BBBBBBBB-0000-4000-8000-00000000000B"
    static let sessionC = "CCCCCCCC-0000-4000-8000-00000000000C"
    static let sessionD = "DDDDDDDD-0000-4000-8000-00000000000D"

    static func client(_ id: String, name: String) -> Client {
        Client(document: document("---\ntype: client\nid: \(id)\nname: \(name)\nborn: 2017-03-02\n---\n\n## Notes\n"))
    }

    static func goal(_ short: String, client: String, clientID: String, title: String) -> GoalRecord {
        let text = "---\ntype: goal\nid: \(UUID().uuidString)\nclient: \(clientID)\ntitle: \(title)\ncategory: articulation\ncue: independent\n"
            + "mastery: 80% x 3\nmin_trials: 5\nphase: active\n---\n\n## Definition\n"
        return GoalRecord(short: short, path: "clients/\(client)/goals/\(short).md", goal: Goal(document: document(text)))
    }

    static func session(_ client: String, id: String?, clientID: String, date: String, trials: [String]) -> TrialSessionRecord {
        let stamp = date.prefix(16).replacingOccurrences(of: "T", with: "-").replacingOccurrences(of: ":", with: "")
        var text = "---\ntype: trials\n"
        if let id { text += "id: \(id)\n" }
        text += "client: \(clientID)\ndate: \(date)\nrecorded_on: terminal\n---\n\n## Notes\n\n## Trials\n\n"
        text += trials.map { $0 + "\n" }.joined()
        return TrialSessionRecord(path: "clients/\(client)/sessions/\(date.prefix(4))/\(stamp).md", session: TrialSession(document: document(text)))
    }

    static func document(_ text: String) -> Document {
        Document(bytes: Array(text.utf8))
    }

    static var mayaGoals: [GoalRecord] {
        [goal("s-initial", client: "maya-t", clientID: maya, title: "Produce /s/ in word-initial position"),
         goal("two-step", client: "maya-t", clientID: maya, title: "\"Follow two-step directions: \\\"first, then\\\"\"")]
    }

    static var liamGoals: [GoalRecord] {
        [goal("greet", client: "liam-b", clientID: liam, title: "Greets peers by name")]
    }

    /// The practice with its sessions.
    static var records: [ClientRecord] {
        [
            ClientRecord(short: "maya-t", folder: "clients/maya-t", client: client(maya, name: "Maya Thompson"), goals: mayaGoals, sessions: [
                session("maya-t", id: sessionA, clientID: maya, date: "2025-01-14T15:00:00-08:00", trials: [
                    "- 15:02:10 s-initial + independent",
                    "- 15:02:31 s-initial - minimal  said /th/ for /s/, then \"sun\"",
                    "- 15:03:40 two-step + moderate  +1 after a model",
                    "- 15:03:40 two-step + moderate  +1 after a model",
                    "- 15:04:00 s-initial - maximal  =SUM(A1) typed by mistake",
                    "- 15:05:00 s-initial + minimal  'quoted' start",
                    "- 15:05:30 s-initial + independent  '=x kept as typed",
                ]),
                session("maya-t", id: sessionB, clientID: maya, date: "2025-01-14T17:30:00-08:00", trials: [
                    "- 17:31:00 two-step - maximal  @home, with mom",
                    "- 17:32:00 two-step + independent",
                ]),
                session("maya-t", id: sessionC, clientID: maya, date: "2025-01-21T15:00:00-08:00", trials: [
                    "- 15:00:05 s-initial + independent  -ish, unclear",
                    "- 15:01:00 s-initial + independent  tab\there",
                ]),
            ]),
            ClientRecord(short: "liam-b", folder: "clients/liam-b", client: client(liam, name: "Liam Brown"), goals: liamGoals, sessions: [
                session("liam-b", id: sessionD, clientID: liam, date: "2025-01-15T09:00:00-08:00", trials: [
                    "- 09:01:00 greet + moderate",
                    "- 09:02:00 greet + minimal",
                ]),
            ]),
        ]
    }

    /// The same clients and goals without any session: an empty practice to import into.
    static var empty: [ClientRecord] {
        records.map { ClientRecord(short: $0.short, folder: $0.folder, client: $0.client, goals: $0.goals, sessions: []) }
    }

    /// `records` with the plan's new files read back and added.
    static func applying(_ plan: TrialImport.Plan, to records: [ClientRecord]) -> [ClientRecord] {
        records.map { record in
            var sessions = record.sessions
            for create in plan.creates where create.client == record.short {
                sessions.append(TrialSessionRecord(path: create.path, session: TrialSession(document: document(create.text))))
            }
            return ClientRecord(short: record.short, folder: record.folder, client: record.client, goals: record.goals, sessions: sessions)
        }
    }
}
