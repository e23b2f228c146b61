import AfterflowKit
import Foundation
import Testing

/// A behaviour goal's days for `progress`, its chart, JSON, CSV and the note's A line, on a record
/// made here (the figures worked out by hand in each test's comments).
///
/// hitting (count), baseline from 2025-03-03, active from 2025-03-17:
///
/// | day        | sessions            | hits  | minutes | rate per hour                           |
/// |------------|---------------------|-------|---------|-----------------------------------------|
/// | 2025-03-03 | 09:00-09:30, 14:00-14:15 | 6 + 2 | 30 + 15 | 8 × 60 ÷ 45 = 10.67 (not (12 + 8) ÷ 2 = 10) |
/// | 2025-03-10 | 09:00-10:00         | 9     | 60      | 9                                       |
/// | 2025-03-17 | 09:00-10:00         | 8     | 60      | 8                                       |
/// | 2025-03-24 | 09:00-10:00         | 6     | 60      | 6                                       |
/// | 2025-03-31 | 09:00-10:00         | 5     | 60      | 5                                       |
/// | 2025-04-07 | 09:00-10:00         | 2     | 60      | 2                                       |
///
/// tantrum (duration) and on-task (interval) on 2025-03-03 only: 3:00 in the first session and
/// 1:30 in the second; 8 of 10 intervals and 1 of 2.
@Suite("behaviour goals over time: progress, chart, JSON, CSV, assessment")
struct BehaviourProgressTests {
    static let client = "20A27F88-B36F-5EE2-9359-5199D6FBF1EA"

    static func goal(_ short: String, _ keys: [String]) -> String {
        (["---", "type: goal", "client: \(client)", "title: \(short.prefix(1).uppercased() + short.dropFirst())"] + keys
            + ["phases: [baseline 2025-03-03, active 2025-03-17]", "---", ""]).joined(separator: "\n")
    }

    /// A session from `start` to `end` (`HH:MM`) on `day`, with these event lines.
    static func session(_ day: String, _ start: String, _ end: String, _ lines: [String]) -> String {
        let offset = day < "2025-03-09" ? "-08:00" : "-07:00"
        return (["---", "type: trials", "client: \(client)", "date: \(day)T\(start):00\(offset)", "end: \(day)T\(end):00\(offset)",
                 "---", "", "## Notes", "", "## Trials", ""] + lines.map { "- " + $0 }).joined(separator: "\n") + "\n"
    }

    /// `n` hits a minute apart from `hour`:01.
    static func hits(_ n: Int, from hour: String) -> [String] {
        (0..<n).map { "\(hour):" + String(format: "%02d", $0 + 1) + ":00 hitting count" }
    }

    static func record() -> ClientRecord {
        var sessions = [
            "2025/2025-03-03-0900.md": session("2025-03-03", "09:00", "09:30", hits(6, from: "09")
                + ["09:10:00 tantrum start", "09:13:00 tantrum stop"]
                + (1...10).map { "09:20:\(String(format: "%02d", $0)) on-task interval \($0) \($0 <= 8 ? "+" : "-")" }),
            "2025/2025-03-03-1400.md": session("2025-03-03", "14:00", "14:15", hits(2, from: "14")
                + ["14:05:00 tantrum start", "14:06:30 tantrum stop", "14:10:10 on-task interval 1 +", "14:10:20 on-task interval 2 -"]),
        ]
        for (day, n) in [("2025-03-10", 9), ("2025-03-17", 8), ("2025-03-24", 6), ("2025-03-31", 5), ("2025-04-07", 2)] {
            sessions["2025/\(day)-0900.md"] = session(day, "09:00", "10:00", hits(n, from: "09"))
        }
        return TrialFixture.record(client: TrialFixture.clientText,
                                   goals: ["hitting": goal("hitting", ["measure: count"]), "tantrum": goal("tantrum", ["measure: duration"]),
                                           "on-task": goal("on-task", ["measure: interval", "method: partial", "interval: 10s", "mastery: 80% x 3"])],
                                   sessions: sessions)
    }

    static func progress(_ short: String, until: String? = nil, logRate: Bool = false) throws -> BehaviourProgress {
        let record = record()
        let goal = try #require(record.goal(short))
        return BehaviourProgress(goal: goal, record: record, cues: .standard, until: until.flatMap(LocalDate.parse), logRate: logRate)
    }

    @Test("a count's day is its counts over its summed observed time: 8 hits in 30 + 15 min are 10.67 per hour, not the mean of 12 and 8")
    func rateOverSummedTime() throws {
        let p = try Self.progress("hitting")
        #expect(p.rows.map(\.day.dayString) == ["2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31", "2025-04-07"])
        #expect(p.rows[0].sessions.count == 2 && p.rows[0].figure == .rate(count: 8, observedSeconds: 2700))
        #expect(abs(p.rows[0].value - 10.6667) < 0.001, "8 × 3600 ÷ 2700")
        #expect(p.rows.dropFirst().map(\.value) == [9, 8, 6, 5, 2])
        #expect(p.rows.map(\.phase) == [.baseline, .baseline, .active, .active, .active, .active])
        #expect(p.rows[0].text(measure: .count) == "8 times in 45 min (10.7 per hour)")
        // Baseline: 8 + 9 = 17 hits in 45 + 60 = 105 min: 17 × 60 ÷ 105 = 9.714 per hour.
        let baseline = try #require(p.baseline)
        #expect(baseline.days == 2 && abs(baseline.value - 17.0 * 60 / 105) < 1e-9 && baseline.how == "2 days joined")
    }

    @Test("durations are summed in minutes (3 + 1.5 = 4.5 min, 10 % of 45 min); intervals pooled (8 of 10 and 1 of 2 are 9 of 12, 75 %)")
    func durationAndIntervals() throws {
        let tantrum = try Self.progress("tantrum")
        #expect(tantrum.rows.count == 1 && tantrum.rows[0].value == 4.5 && tantrum.unit == "min")
        #expect(tantrum.rows[0].text(measure: .duration) == "4.5 min in all (10 % of 45 min)")
        // Minutes add up over a day: the baseline is the mean of its days (one day here).
        #expect(tantrum.baseline?.value == 4.5 && tantrum.baseline?.how == "mean of 1 day")
        let onTask = try Self.progress("on-task")
        #expect(onTask.rows[0].figure == .proportion(part: 9, whole: 12) && onTask.rows[0].value == 75)
        #expect(onTask.rows[0].text(measure: .interval) == "9 of 12 intervals scored (75 %)")
        // An interval goal's mastery: percent is its goal line.
        let hitting = try Self.progress("hitting")
        #expect(ChartSeries(behaviour: onTask).criterion == 80 && ChartSeries(behaviour: hitting).criterion == nil)
    }

    /// Active days 03-17, 03-24, 03-31, 04-07 at 8, 6, 5, 2 per hour (x = 0, 7, 14, 21 days):
    /// halves (0, 8), (7, 6) and (14, 5), (21, 2): medians (3.5, 7) and (17.5, 3.5); slope −3.5 ÷ 14
    /// = −0.25 a day, −1.75 a week; residuals 0.125, −0.125, 0.625, −0.625, median 0: the line
    /// runs from 7 + 3.5 × 0.25 = 7.875 to 7 − 17.5 × 0.25 = 2.625. Baseline has 2 days: no line.
    @Test("split-middle trend per phase, the path broken at the phase change, each point's words")
    func chart() throws {
        let series = ChartSeries(behaviour: try Self.progress("hitting"))
        #expect(series.scale == .linear(unit: "per hour") && series.title == "Rate per hour per session")
        #expect(series.segments.map(\.count) == [2, 4])
        let trend = try #require(series.trends.first)
        #expect(series.trends.count == 1 && trend.phase == .active && abs(trend.line.slope * 7 + 1.75) < 1e-9)
        #expect(series.facts.contains("Trend line (split-middle) in active, Mar 17, 2025 to Apr 7, 2025 (4 sessions): down 1.8 per hour a week, from 7.9 per hour to 2.6 per hour."), "\(series.facts)")
        #expect(series.facts.contains("Same-day sessions combined: their counts over their summed observed time."))
        #expect(series.points[0].label == "Mar 3, 2025: 8 times in 45 min (10.7 per hour), 2 sessions combined")
        let svg = try #require(ProgressChart(series: series, id: "c", subject: "Hitting").svg())
        #expect(svg.contains("data-value=\"10.7\"") && svg.contains("class=\"trend\" data-phase=\"active\""))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2, "one path a phase")
        // Every day counts and a count goal has no goal line: the legend names the axis's unit instead.
        #expect(svg.contains("axis: per hour") && !svg.contains("not counted") && !svg.contains(">goal</text>"))
    }

    /// On log₁₀: 8, 6, 5, 2 → 0.9031, 0.7782, 0.6990, 0.3010; halves' medians 0.8406 and 0.5000
    /// at days 3.5 and 17.5: slope −0.3406 ÷ 14 a day, ×10^(−0.3406 ÷ 2) = ÷1.5 a week (10^0.1703 = 1.480).
    @Test("--log-rate: the rate on a log scale, its trend a factor a week")
    func logRate() throws {
        let series = ChartSeries(behaviour: try Self.progress("hitting", logRate: true))
        #expect(series.scale == .logarithmic(unit: "per hour") && series.title == "Rate per hour per session (log scale)")
        #expect(series.facts.contains { $0.hasPrefix("Trend line (split-middle) in active, Mar 17, 2025 to Apr 7, 2025 (4 sessions): ÷1.5 a week") }, "\(series.facts)")
    }

    @Test("JSON and CSV carry the day's value, unit and parts")
    func jsonAndCSV() throws {
        let p = try Self.progress("hitting")
        let json = p.json(trend: nil).serialized()
        #expect(json.contains("\"measure\":\"count\"") && json.contains("\"unit\":\"per hour\""), "\(json)")
        #expect(json.contains("\"value\":10.7") && json.contains("\"count\":8") && json.contains("\"observed_minutes\":45"), "\(json)")
        // Baseline 17 × 60 ÷ 105 = 9.71 → 9.7.
        #expect(json.contains("\"baseline\":{\"days\":2,\"value\":9.7,\"unit\":\"per hour\",\"how\":\"2 days joined\"}"), "\(json)")
        let header = GoalProgress.csvHeader(cues: .standard)
        let row = try #require(p.csvRows(cues: .standard).first)
        #expect(row.count == header.count)
        func column(_ name: String) -> String? { header.firstIndex(of: name).map { row[$0] } }
        #expect(column("measure") == "count" && column("value") == "10.7" && column("unit") == "per hour")
        #expect(column("count") == "8" && column("observed_minutes") == "45" && column("trials") == "" && column("phase") == "baseline")
        let interval = try #require(try Self.progress("on-task").csvRows(cues: .standard).first)
        #expect(header.firstIndex(of: "part").map { interval[$0] } == "9" && header.firstIndex(of: "whole").map { interval[$0] } == "12")
    }

    @Test("the note's A line: the day against baseline, and the phase's trend")
    func assessment() throws {
        let day = try #require(LocalDate.parse("2025-04-07"))
        let text = try Self.progress("hitting", until: "2025-04-07").assessment(on: day)
        #expect(text == "Hitting: 2 per hour on this day, down from 9.7 per hour at baseline (2 days joined). "
            + "Trend line (split-middle) in active, Mar 17, 2025 to Apr 7, 2025 (4 sessions): down 1.8 per hour a week, from 7.9 per hour to 2.6 per hour.")
        let early = try Self.progress("hitting", until: "2025-03-10").assessment(on: try #require(LocalDate.parse("2025-03-10")))
        #expect(early?.hasPrefix("Hitting: 9 per hour on this day, in baseline (2 days so far).") == true, "\(String(describing: early))")
        let before = try Self.progress("hitting", until: "2025-03-10")
        #expect(before.assessment(on: day) == nil, "no row on Apr 7 before it")
    }
}
