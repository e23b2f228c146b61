import AfterflowKit
import Foundation
import Testing

/// A session whose `none` line says the behaviour did not occur gives its goal a day at 0: in the
/// session's figures and JSON, `progress`'s rows, the chart (a point at 0, on the log scale's row
/// of zeros), the same-day join, and the note's sentence. Figures worked out by hand:
///
/// | day        | session(s)                 | hitting (count)         | per hour                   |
/// |------------|----------------------------|-------------------------|----------------------------|
/// | 2025-03-03 | 09:00-09:30                | 3                       | 3 × 60 ÷ 30 = 6            |
/// | 2025-03-10 | 09:00-09:45                | none                    | 0 in 45 min = 0            |
/// | 2025-03-17 | 09:00-10:00                | 5                       | 5 × 60 ÷ 60 = 5            |
/// | 2025-03-24 | 09:00-09:30, 14:00-14:15   | none, then 3            | 3 × 60 ÷ (30 + 15) = 4     |
///
/// (On 03-24 the mean of the two sessions' rates, (0 + 12) ÷ 2 = 6, would be wrong: the day is
/// 3 occurrences over the 45 minutes observed.) tantrum (duration) has 09:10-09:12 on 03-03 (120 s
/// of 1,800 s, 6.67 %) and `none` on 03-10; incidents (abc) one incident on 03-03, `none` on 03-10.
@Suite("none: a day at 0")
struct NoneDayTests {
    static let client = "20A27F88-B36F-5EE2-9359-5199D6FBF1EA"

    static func goal(_ short: String, _ measure: String) -> String {
        (["---", "type: goal", "client: \(client)", "title: \(short.prefix(1).uppercased() + short.dropFirst())", "measure: \(measure)",
          "---", ""]).joined(separator: "\n")
    }

    /// A session from `start` to `end` (`HH:MM`) on `day`, with these event lines.
    static func session(_ day: String, _ start: String, _ end: String, _ lines: [String]) -> String {
        let offset = day < "2025-03-09" ? "-08:00" : "-07:00"
        return (["---", "type: trials", "client: \(client)", "date: \(day)T\(start):00\(offset)", "end: \(day)T\(end):00\(offset)",
                 "---", "", "## Notes", "", "## Trials", ""] + lines.map { "- " + $0 }).joined(separator: "\n") + "\n"
    }

    static func record() -> ClientRecord {
        TrialFixture.record(client: TrialFixture.clientText,
                            goals: ["hitting": goal("hitting", "count"), "tantrum": goal("tantrum", "duration"), "incidents": goal("incidents", "abc")],
                            sessions: [
                                "2025/2025-03-03-0900.md": session("2025-03-03", "09:00", "09:30", [
                                    "09:01:00 hitting count", "09:02:00 hitting count", "09:03:00 hitting count",
                                    "09:10:00 tantrum start", "09:12:00 tantrum stop", "09:15:00 incidents abc demand hitting escape",
                                ]),
                                "2025/2025-03-10-0900.md": session("2025-03-10", "09:00", "09:45", [
                                    "09:45:00 hitting none", "09:45:00 tantrum none", "09:45:00 incidents none",
                                ]),
                                "2025/2025-03-17-0900.md": session("2025-03-17", "09:00", "10:00", (1...5).map { "09:0\($0):00 hitting count" }),
                                "2025/2025-03-24-0900.md": session("2025-03-24", "09:00", "09:30", ["09:30:00 hitting none"]),
                                "2025/2025-03-24-1400.md": session("2025-03-24", "14:00", "14:15", (1...3).map { "14:0\($0):00 hitting count" }),
                            ])
    }

    static func figures(_ day: String, _ short: String) throws -> BehaviourGoalFigures {
        let record = record()
        let entry = try #require(TrialFixture.session(record, "\(day)-0900"))
        return try #require(BehaviourGoalFigures.of(entry.session, record: record, cues: .standard).first { $0.short == short })
    }

    @Test("the none session's figures: count 0, 0 per minute and per hour over its 45 minutes")
    func countFigures() throws {
        let figures = try Self.figures("2025-03-10", "hitting")
        guard case .count(let c) = figures.figures else { Issue.record("\(figures.figures)"); return }
        #expect(c.count == 0 && c.observedSeconds == 2700 && c.perMinute == 0 && c.perHour == 0)
        #expect(figures.headline == "0 (0.0 per hour)")
        let json = figures.json.serialized()
        #expect(json.contains("\"count\":0,\"per_minute\":0,\"per_hour\":0"), "\(json)")
    }

    @Test("a duration's none: 0 occurrences, 0 s, 0 % of the time; an abc goal's: no incident")
    func durationAndAbc() throws {
        let tantrum = try Self.figures("2025-03-10", "tantrum")
        guard case .duration(let d) = tantrum.figures else { Issue.record("\(tantrum.figures)"); return }
        #expect(d.count == 0 && d.totalSeconds == 0 && d.percentOfObservedTime == 0)
        #expect(tantrum.sentence == "Tantrum did not occur in 45 min.")
        let incidents = try Self.figures("2025-03-10", "incidents")
        guard case .abc(let tally) = incidents.figures else { Issue.record("\(incidents.figures)"); return }
        #expect(tally.incidents == 0)
        #expect(incidents.sentence == "Incidents: no incident in 45 min.")
    }

    @Test("the session's JSON gives the none event its goal's measure")
    func sessionJSON() throws {
        let record = Self.record()
        let entry = try #require(TrialFixture.session(record, "2025-03-10-0900"))
        let json = TrialSummary(session: entry.session, record: record, cues: .standard).json.serialized()
        #expect(json.contains("{\"time\":\"09:45:00\",\"goal\":\"hitting\",\"measure\":\"count\",\"what\":\"none\",\"note\":\"\",\"line\":\"09:45:00 hitting none\"}"), "\(json)")
        #expect(json.contains("\"measure\":\"duration\",\"what\":\"none\"") && json.contains("\"measure\":\"abc\",\"what\":\"none\""), "\(json)")
        #expect(json.contains("\"sentence\":\"Hitting did not occur in 45 min (0 per hour).\""), "\(json)")
    }

    @Test("progress: a day at 0 between 6 and 5 per hour, and a none session joined with 3 occurrences is 4 per hour")
    func progressRows() throws {
        let record = Self.record()
        let p = BehaviourProgress(goal: try #require(record.goal("hitting")), record: record, cues: .standard)
        #expect(p.rows.map(\.day.dayString) == ["2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24"])
        #expect(p.rows.map(\.value) == [6, 0, 5, 4])
        #expect(p.rows[1].figure == .rate(count: 0, observedSeconds: 2700))
        #expect(p.rows[1].text(measure: .count) == "0 times in 45 min (0 per hour)")
        // 03-24: 0 + 3 occurrences over 1,800 + 900 s.
        #expect(p.rows[3].sessions.count == 2 && p.rows[3].figure == .rate(count: 3, observedSeconds: 2700))
        let json = p.json(trend: nil).serialized()
        #expect(json.contains("{\"day\":\"2025-03-10\",\"sessions\":[\"clients/maya-t/sessions/2025/2025-03-10-0900.md\"],\"phase\":\"active\",\"value\":0,\"unit\":\"per hour\",\"text\":\"0 times in 45 min (0 per hour)\",\"count\":0,\"observed_minutes\":45"), "\(json)")
        let header = GoalProgress.csvHeader(cues: .standard)
        let row = p.csvRows(cues: .standard)[1]
        func column(_ name: String) -> String? { header.firstIndex(of: name).map { row[$0] } }
        #expect(column("day") == "2025-03-10" && column("value") == "0" && column("count") == "0" && column("observed_minutes") == "45")
        // The duration and abc goals have their day at 0 too.
        let tantrum = BehaviourProgress(goal: try #require(record.goal("tantrum")), record: record, cues: .standard)
        #expect(tantrum.rows.map(\.value) == [2, 0])
        let incidents = BehaviourProgress(goal: try #require(record.goal("incidents")), record: record, cues: .standard)
        #expect(incidents.rows.map(\.value) == [1, 0])
    }

    /// Linear: the days at x = 64 + 456 × d ÷ 21 (d = 0, 7, 14, 21 days after Mar 3), the none
    /// day's point at data-value 0. Log scale: the rates above 0 are 4 to 6 per hour, so the axis
    /// runs from 10⁰ to 10¹ and half a decade below for the row of zeros: 1.5 decades over the
    /// plot's y 76 to 276, the row of zeros at 276; the none day (x = 64 + 152 = 216) is a
    /// triangle pointing down there, 5.2 each way: M210.8,270.8 L221.2,270.8 L216,281.2 Z.
    @Test("the chart has a point at 0 for the none day, on the log scale's row of zeros")
    func chart() throws {
        let record = Self.record()
        let goal = try #require(record.goal("hitting"))
        let linear = ChartSeries(behaviour: BehaviourProgress(goal: goal, record: record, cues: .standard))
        #expect(linear.points.map(\.value) == [6, 0, 5, 4])
        #expect(linear.points[1].label == "Mar 10, 2025: 0 times in 45 min (0 per hour)")
        let svg = try #require(ProgressChart(series: linear, id: "h", subject: "Hitting").svg())
        #expect(svg.contains("data-day=\"2025-03-10\" data-value=\"0\""), "\(svg)")
        let log = ChartSeries(behaviour: BehaviourProgress(goal: goal, record: record, cues: .standard, logRate: true))
        let logSVG = try #require(ProgressChart(series: log, id: "h", subject: "Hitting").svg())
        #expect(logSVG.components(separatedBy: "class=\"point zero\"").count - 1 == 1)
        #expect(logSVG.contains("data-day=\"2025-03-10\" data-value=\"0\" d=\"M210.8,270.8 L221.2,270.8 L216,281.2 Z\""), "\(logSVG)")
        let desc = try #require(logSVG.components(separatedBy: "<desc id=\"h-desc\">").dropFirst().first?.components(separatedBy: "</desc>").first)
        #expect(desc.contains("1 sessions at 0 per hour") || desc.contains("1 session at 0 per hour"), "\(desc)")
    }

    @Test("the note's sentence: did not occur in 45 min (0 per hour), down from the session before")
    func noteSentence() throws {
        let record = Self.record()
        let goal = try #require(record.goal("hitting"))
        let history = BehaviourGoalFigures.history(of: goal, in: record, cues: .standard)
        #expect(history.map(\.day.dayString) == ["2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24", "2025-03-24"])
        // 6.0 per hour on 03-03, then 0.
        #expect(history[1].figures.sentence(comparedWith: history[0]) == "Hitting did not occur in 45 min (0 per hour), down from 6.0 per hour on 2025-03-03.")
        // And back up: 5 in 60 min after the none.
        #expect(history[2].figures.sentence(comparedWith: history[1]) == "Hitting occurred 5 times in 60 min (5.0 per hour), up from 0.0 per hour on 2025-03-10.")
        let tantrum = BehaviourGoalFigures.history(of: try #require(record.goal("tantrum")), in: record, cues: .standard)
        // 120 s of 1,800 s is 6.67 %, written 7 %.
        #expect(tantrum[1].figures.sentence(comparedWith: tantrum[0]) == "Tantrum did not occur in 45 min, down from 7 % of the time on 2025-03-03.")
    }

    @Test("the note's O section for the none session, each goal against its session before")
    func noteDraft() throws {
        let record = Self.record()
        let entry = try #require(TrialFixture.session(record, "2025-03-10-0900"))
        let draft = SessionNote.draft(for: entry, record: record, cues: .standard)
        #expect(draft.contains("- Hitting did not occur in 45 min (0 per hour), down from 6.0 per hour on 2025-03-03.\n"), "\(draft)")
        #expect(draft.contains("- Tantrum did not occur in 45 min, down from 7 % of the time on 2025-03-03.\n"), "\(draft)")
        #expect(draft.contains("- Incidents: no incident in 45 min.\n"), "\(draft)")
    }

    /// 09:00-09:45 with its none written at 11:00 (record --session, later): still 2,700 s.
    @Test("a none written after the session's end does not lengthen its observed time")
    func noneAfterTheEnd() throws {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["hitting": Self.goal("hitting", "count")],
                                         sessions: ["2025/2025-03-10-0900.md": Self.session("2025-03-10", "09:00", "09:45", ["11:00:00 hitting none"])])
        let entry = try #require(TrialFixture.session(record, "2025-03-10-0900"))
        let figures = try #require(BehaviourGoalFigures.of(entry.session, record: record, cues: .standard).first)
        #expect(figures.observedSeconds == 2700)
    }

    @Test("a none of a goal whose measure does not take it gives no day")
    func noneOfAnotherMeasureGivesNoDay() throws {
        let record = TrialFixture.record(client: TrialFixture.clientText,
                                         goals: ["on-task": Self.goal("on-task", "interval\nmethod: partial\ninterval: 10s")],
                                         sessions: ["2025/2025-03-10-0900.md": Self.session("2025-03-10", "09:00", "09:45", ["09:45:00 on-task none"])])
        let entry = try #require(TrialFixture.session(record, "2025-03-10-0900"))
        #expect(BehaviourGoalFigures.of(entry.session, record: record, cues: .standard).isEmpty)
    }
}
