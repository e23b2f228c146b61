@testable import AfterflowKit
import Foundation
import Testing

/// A `none` line in the trial CSV: a row whose result is `none` (the goal's count is 0 that
/// session), between the session's start and end rows, and an import that reads it back as the
/// same line with the same figures.
@Suite struct TrialCSVNoneTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    static let first = "0A000000-0000-4000-8000-000000000001"
    static let second = "0A000000-0000-4000-8000-000000000002"

    static func session(_ id: String, _ day: String, _ lines: [String]) -> String {
        (["---", "type: trials", "id: \(id)", "client: \(NoneDayTests.client)", "date: \(day)T09:00:00-08:00", "end: \(day)T09:45:00-08:00",
          "---", "", "## Trials", ""] + lines.map { "- " + $0 }).joined(separator: "\n") + "\n"
    }

    /// 2025-03-03: 3 hits; 2025-03-04: hitting and tantrum observed, neither occurred.
    static func record(sessions: Bool = true) -> ClientRecord {
        TrialFixture.record(client: TrialFixture.clientText,
                            goals: ["hitting": NoneDayTests.goal("hitting", "count"), "tantrum": NoneDayTests.goal("tantrum", "duration")],
                            sessions: sessions ? [
                                "2025/2025-03-03-0900.md": session(first, "2025-03-03", ["09:01:00 hitting count", "09:02:00 hitting count", "09:03:00 hitting count"]),
                                "2025/2025-03-04-0900.md": session(second, "2025-03-04", ["09:45:00 hitting none  watched all session", "09:45:00 tantrum none"]),
                            ] : [:])
    }

    @Test func theNoneLineIsARowWithResultNone() {
        let csv = TrialCSV.write(records: [Self.record()])
        let rows = csv.split(separator: "\n").map(String.init).filter { $0.hasPrefix(Self.second) }
        let id = "\(Self.second),maya-t,2025-03-04"
        #expect(rows == [
            "\(id),09:00:00,\"\",\"\",session-start,\"\",\"\",draft,\"\"",
            "\(id),09:45:00,hitting,Hitting,none,\"\",watched all session,draft,\"\"",
            "\(id),09:45:00,tantrum,Tantrum,none,\"\",\"\",draft,\"\"",
            "\(id),09:45:00,\"\",\"\",session-end,\"\",\"\",draft,\"\"",
        ])
    }

    /// Imported into the same goals with no session: the none lines come back, and the figures
    /// are the same: 3 hits in 45 min (4 per hour) on 03-03, 0 in 45 min on 03-04.
    @Test func anImportReadsTheNoneRowsBackAsTheSameLinesAndFigures() throws {
        let before = Self.record()
        let csv = TrialCSV.write(records: [before])
        let plan = TrialImport.plan(csv, records: [Self.record(sessions: false)], cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.count == 2 && plan.eventCount == 5)
        let created = try #require(plan.creates.first { $0.sessionID.uuidString == Self.second })
        let session = TrialSession(document: Document(bytes: Array(created.text.utf8)))
        #expect(session.events.map(\.lineText) == ["- 09:45:00 hitting none  watched all session", "- 09:45:00 tantrum none"])
        let figures = BehaviourGoalFigures.of(session, record: Self.record(sessions: false), cues: .standard)
        #expect(figures.map(\.headline) == ["0 (0.0 per hour)", "0× 0 s (0 %)"])
        var after = Self.record(sessions: false)
        for create in plan.creates {
            after.sessions.append(TrialSessionRecord(path: create.path, session: TrialSession(document: Document(bytes: Array(create.text.utf8)))))
        }
        #expect(TrialCSV.write(records: [after]) == csv)
    }

    @Test func aNoneRowOfAGoalOfAnotherMeasureIsAProblemAtItsResult() {
        let goals = ["on-task": NoneDayTests.goal("on-task", "interval\nmethod: partial\ninterval: 10s")]
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: goals, sessions: [:])
        let csv = "session_id,client,date,time,goal,goal_title,result,cue,note\n,maya-t,2025-03-04,09:45:00,on-task,,none,,\n"
        let plan = TrialImport.plan(csv, records: [record], cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.map(\.message).contains {
            $0.contains("found a count, duration or abc event, \"none\"")
        }, "\(plan.problems)")
    }
}
