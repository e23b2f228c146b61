import AfterflowKit
import Testing

/// A period report's figures for one goal: baseline, current, change, the verdict and whether
/// the trend reaches the criterion by the goal's end. Worked out by hand in each comment.
@Suite struct PeriodProgressTests {
    /// Baseline from 01-06: 01-06 2/10, 01-13 4/10. Active from 01-20: 01-20 5/10, 01-27 6/10,
    /// 02-03 7/10, 02-10 7/10. Criterion 80% x 3, min 10: never reached.
    static func progress(target: String? = nil) throws -> GoalProgress {
        let keys = ["mastery: 80% x 3", "min_trials: 10", "phase: active", "phases: [baseline 2025-01-06, active 2025-01-20]"]
            + (target.map { ["target_date: \($0)"] } ?? [])
        let days = [("2025-01-06", 2), ("2025-01-13", 4), ("2025-01-20", 5), ("2025-01-27", 6), ("2025-02-03", 7), ("2025-02-10", 7)]
        var sessions: [String: String] = [:]
        for (day, correct) in days {
            sessions["2025/\(day)-1500.md"] = MasteryOptionsTests.session("\(day)T15:00:00", MasteryOptionsTests.trials(correct, of: 10))
        }
        return try MasteryOptionsTests.progress(keys, sessions)
    }

    static func day(_ text: String) throws -> LocalDate { try #require(LocalDate.parse(text)) }

    /// Baseline: (2 + 4) of 20 = 30 %. Current: 02-10, 70 %. Change 70 − 30 = +40: progressing.
    /// The period from 02-01 holds 02-03 and 02-10: 2 sessions. The run at 80 % is 0 of 3.
    @Test func baselineCurrentAndChange() throws {
        let period = PeriodProgress(progress: try Self.progress(), start: try Self.day("2025-02-01"), yearEnd: nil)
        #expect(period.baseline?.percent == 30)
        #expect(period.current?.day.dayString == "2025-02-10")
        #expect(period.change == 40)
        #expect(period.verdict == .progressing && period.sessionsInPeriod == 2)
        #expect(period.sentence == "Progressing: from 30 % at baseline to 70 % on Feb 10, 2025, up 40 percentage points, over 2 sessions this period; the criterion is 80 % (0 of 3 consecutive sessions at 80 % so far).")
        // No end day: no judgement of the year.
        #expect(period.onTrack == nil)
        // A period after the last session: nothing to judge.
        let empty = PeriodProgress(progress: try Self.progress(), start: try Self.day("2025-02-11"), yearEnd: nil)
        #expect(empty.verdict == .noData)
    }

    /// The active phase's split-middle line: halves (01-20 50 %, 01-27 60 %) and (02-03 70 %,
    /// 02-10 70 %), medians 55 % on 01-23.5 and 70 % on 02-06.5, 14 days apart: 15/14 points a
    /// day; the residuals −1.25, +1.25, +3.75, −3.75 have median 0. By 02-20 (27.5 days after
    /// 01-23.5) it reaches 55 + 27.5 × 15/14 = 84.5 %: on track. By 02-15 (22.5 days) 79.1 %: not.
    /// By 03-10 (45.5 days) 103.75 %, shown as 100 %.
    @Test func onTrackByTheTrendAtTheEnd() throws {
        let start = try Self.day("2025-02-01")
        let on = PeriodProgress(progress: try Self.progress(target: "2025-02-20"), start: start, yearEnd: nil)
        #expect(on.onTrack?.onTrack == true)
        #expect(on.onTrack?.text == "On track to meet 80 % by Feb 20, 2025: the split-middle trend of active (Jan 20, 2025 to Feb 10, 2025) reaches 84.5 % on that day.")
        let off = PeriodProgress(progress: try Self.progress(target: "2025-02-15"), start: start, yearEnd: nil)
        #expect(off.onTrack?.onTrack == false)
        #expect(off.onTrack?.text.hasPrefix("Not on track to meet 80 % by Feb 15, 2025") == true)
        #expect(off.onTrack?.text.contains("reaches 79.1 %") == true)
        // Without a target date the year's end is used.
        let year = PeriodProgress(progress: try Self.progress(), start: start, yearEnd: try Self.day("2025-03-10"))
        #expect(year.onTrack?.text.contains("by Mar 10, 2025") == true && year.onTrack?.text.contains("reaches 100 %") == true)
    }
}
