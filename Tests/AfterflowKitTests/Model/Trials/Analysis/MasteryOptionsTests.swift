import AfterflowKit
import Testing

/// The mastery options of behaviour.md section 2, each reached and not reached on small records.
/// Goal `g` always has `mastery` and `min_trials` given; the options are added per test.
@Suite struct MasteryOptionsTests {
    /// A session file at `date` with `keys` (observer, probe) in its front matter and the trial lines.
    static func session(_ date: String, _ trials: [String], keys: [String] = []) -> String {
        var lines = ["---", "type: trials", "client: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA", "date: \(date)"] + keys + ["---", "", "## Trials", ""]
        for (i, trial) in trials.enumerated() { lines.append(String(format: "- 15:%02d:%02d ", i / 60, i % 60) + trial) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `correct` successes (independent) then `wrong` failures, as trial lines of `g`.
    static func trials(_ correct: Int, of total: Int) -> [String] {
        TrialFixture.times(correct, "g + independent") + TrialFixture.times(total - correct, "g - independent")
    }

    static func progress(_ keys: [String], _ sessions: [String: String]) throws -> GoalProgress {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", keys)], sessions: sessions)
        return try #require(GoalProgress.make(record: record, cues: .standard, goal: "g").first)
    }

    // MARK: cold_probe

    /// behaviour.md's vector: + − + + in one session is 3 ÷ 4 = 75 % of all trials, but the cold
    /// probe (the first trial) is 1 ÷ 1 = 100 %. At 80% x 1 the cold probe is mastered, the whole
    /// session is not; with cold_probe, min_trials 5 is not applied to the 4-trial session.
    @Test func coldProbeCountsTheFirstTrialOnly() throws {
        let sessions = ["2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", ["g + independent", "g - independent", "g + independent", "g + independent"])]
        let cold = try Self.progress(["mastery: 80% x 1", "min_trials: 5", "cold_probe: true"], sessions)
        #expect(cold.rows.map(\.percentCorrect) == [75])
        #expect(cold.rows.map(\.firstTrials.trials) == [1] && cold.rows.map(\.firstTrials.correct) == [1])
        #expect(cold.rows.map(\.counts) == [true])
        #expect(cold.mastery.day?.dayString == "2025-03-03")
        #expect(cold.description == "mastered on 2025-03-03: 80 %+ in 1 session of any number of trials, cold probe: first trials only")

        let all = try Self.progress(["mastery: 80% x 1", "min_trials: 4"], sessions)
        #expect(!all.mastery.isMastered, "3 of 4 is 75 %, under 80 %")
    }

    /// − + + + + is 4 ÷ 5 = 80 % (mastered at 80% x 1 on all trials), but its first trial is
    /// wrong: the cold probe is 0 ÷ 1, not mastered. Two sessions that day: each session's first
    /// trial counts, 1 ÷ 2 = 50 %, still not.
    @Test func coldProbeNotReached() throws {
        let first = ["2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", ["g - independent"] + TrialFixture.times(4, "g + independent"))]
        #expect(try Self.progress(["mastery: 80% x 1", "min_trials: 5"], first).mastery.isMastered)
        let cold = try Self.progress(["mastery: 80% x 1", "min_trials: 5", "cold_probe: true"], first)
        #expect(!cold.mastery.isMastered)
        #expect(cold.description == "not mastered: 0 of 1 session at 80 %+ (sessions of any number of trials, cold probe: first trials only)")

        var two = first
        two["2025/2025-03-03-1700.md"] = Self.session("2025-03-03T17:00:00", ["g + independent", "g - independent"])
        let day = try Self.progress(["mastery: 80% x 1", "cold_probe: true"], two)
        #expect(day.rows.count == 1 && day.rows[0].firstTrials.trials == 2 && day.rows[0].firstTrials.correct == 1)
        #expect(!day.mastery.isMastered)
    }

    // MARK: first_trial_independent

    /// 80% x 2, min 5. Day 1: 10 of 10, its first a success at minimal (prompted): 100 %, but
    /// the check fails. Day 2: 9 of 10, the first independent. Day 3: 8 of 10, the first
    /// independent. Without the option: mastered on day 2 (days 1 and 2). With it: day 1 fails,
    /// the run is days 2 and 3, mastered on day 3.
    @Test func firstTrialIndependent() throws {
        let sessions = [
            "2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", ["g + minimal"] + TrialFixture.times(9, "g + independent")),
            "2025/2025-03-10-1500.md": Self.session("2025-03-10T15:00:00", Self.trials(9, of: 10)),
            "2025/2025-03-17-1500.md": Self.session("2025-03-17T15:00:00", Self.trials(8, of: 10)),
        ]
        let plain = try Self.progress(["mastery: 80% x 2", "min_trials: 5"], sessions)
        #expect(plain.mastery.day?.dayString == "2025-03-10")
        let option = try Self.progress(["mastery: 80% x 2", "min_trials: 5", "first_trial_independent: true"], sessions)
        #expect(option.rows.map(\.firstTrialsIndependent) == [false, true, true])
        #expect(option.mastery.day?.dayString == "2025-03-17")
        #expect(option.description == "mastered on 2025-03-17: 80 %+ in 2 consecutive sessions of 5+ trials, first trial independent")
    }

    /// The same, but day 3's first trial is wrong (7 of 10 after it would still be 8 of 10 =
    /// 80 %): not reached, the run is 0 at the end.
    @Test func firstTrialIndependentNotReached() throws {
        let sessions = [
            "2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", ["g + minimal"] + TrialFixture.times(9, "g + independent")),
            "2025/2025-03-10-1500.md": Self.session("2025-03-10T15:00:00", Self.trials(9, of: 10)),
            "2025/2025-03-17-1500.md": Self.session("2025-03-17T15:00:00", ["g - independent"] + TrialFixture.times(8, "g + independent") + ["g - independent"]),
        ]
        let option = try Self.progress(["mastery: 80% x 2", "min_trials: 5", "first_trial_independent: true"], sessions)
        #expect(option.rows.map(\.percentCorrect) == [100, 90, 80])
        #expect(option.mastery == .notYet(run: 0, needed: 2))
    }

    // MARK: min_observers

    /// behaviour.md's vector: 80 % in 3 consecutive sessions, at least 10 trials, 2 observers.
    /// S1 9/10 by T1 (90 %), S2 8/10 by T1 (80 %), S3 8/8 by T2 (under 10: neither passes nor
    /// breaks), S4 9/10 by T2 (90 %): mastered at S4, the run S1, S2, S4 with T1 and T2.
    static func observerSessions(s4: String) -> [String: String] {
        [
            "2025/2025-03-03-1500.md": session("2025-03-03T15:00:00", trials(9, of: 10), keys: ["observer: T1"]),
            "2025/2025-03-10-1500.md": session("2025-03-10T15:00:00", trials(8, of: 10), keys: ["observer: T1"]),
            "2025/2025-03-17-1500.md": session("2025-03-17T15:00:00", trials(8, of: 8), keys: ["observer: T2"]),
            "2025/2025-03-24-1500.md": session("2025-03-24T15:00:00", trials(9, of: 10), keys: ["observer: \(s4)"]),
        ]
    }

    @Test func minObserversReached() throws {
        let p = try Self.progress(["mastery: 80% x 3", "min_trials: 10", "min_observers: 2"], Self.observerSessions(s4: "T2"))
        #expect(p.rows.map(\.counts) == [true, true, false, true])
        #expect(p.mastery.day?.dayString == "2025-03-24")
        let run = MasteryRun(rule: p.rule, rows: p.rows)
        #expect(run.days.map(\.dayString) == ["2025-03-03", "2025-03-10", "2025-03-24"])
        #expect(run.observers == ["T1", "T2"])
    }

    /// S4 by T1 (t1, in another case, is the same observer): the run of 3 has one observer, not
    /// mastered; without the option it is mastered on S4. S5 8/10 by T2 then makes it (run of 4,
    /// observers T1 and T2).
    @Test func minObserversNotReached() throws {
        var sessions = Self.observerSessions(s4: "t1")
        let p = try Self.progress(["mastery: 80% x 3", "min_trials: 10", "min_observers: 2"], sessions)
        #expect(!p.mastery.isMastered)
        #expect(p.description == "not mastered: 3 of 3 consecutive sessions at 80 %+ (sessions of 10+ trials, 2+ observers)")
        #expect(try Self.progress(["mastery: 80% x 3", "min_trials: 10"], sessions).mastery.day?.dayString == "2025-03-24")

        sessions["2025/2025-03-31-1500.md"] = Self.session("2025-03-31T15:00:00", Self.trials(8, of: 10), keys: ["observer: T2"])
        #expect(try Self.progress(["mastery: 80% x 3", "min_trials: 10", "min_observers: 2"], sessions).mastery.day?.dayString == "2025-03-31")
    }

    // MARK: min_trials

    /// min_trials 10: a 9 of 9 day does not count (the run stays 1 after a 9 of 10 day); at
    /// min_trials 9 it does, and 80% x 2 is met on it.
    @Test func minTrials() throws {
        let sessions = [
            "2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", Self.trials(9, of: 10)),
            "2025/2025-03-10-1500.md": Self.session("2025-03-10T15:00:00", Self.trials(9, of: 9)),
        ]
        #expect(try Self.progress(["mastery: 80% x 2", "min_trials: 10"], sessions).mastery == .notYet(run: 1, needed: 2))
        #expect(try Self.progress(["mastery: 80% x 2", "min_trials: 9"], sessions).mastery.day?.dayString == "2025-03-10")
    }

    // MARK: probes

    /// A probe session and a teaching session on one day make two rows, probe apart; the JSON
    /// marks the probe row. 5/5 teaching at 15:00, 2/5 probe at 17:00.
    @Test func probeSessionsAreReportedApart() throws {
        let sessions = [
            "2025/2025-03-03-1500.md": Self.session("2025-03-03T15:00:00", Self.trials(5, of: 5)),
            "2025/2025-03-03-1700.md": Self.session("2025-03-03T17:00:00", Self.trials(2, of: 5), keys: ["probe: true"]),
        ]
        let p = try Self.progress(["mastery: 80% x 1", "min_trials: 5"], sessions)
        #expect(p.rows.map(\.probe) == [false, true])
        #expect(p.rows.map(\.percentCorrect) == [100, 40])
        #expect(p.probeRows.count == 1)
        let json = p.json.serialized()
        #expect(json.contains(#""counts":true,"cues":{"independent":5,"minimal":0,"moderate":0,"maximal":0},"probe":true}"#), "\(json)")
        // The CSV's probe column, after counts: the teaching row no, the probe row yes.
        let header = GoalProgress.csvHeader(cues: .standard)
        let column = try #require(header.firstIndex(of: "probe"))
        #expect(header[column - 1] == "counts")
        #expect(p.csvRows.map { $0[column] } == ["no", "yes"])
        #expect(p.csvRows.allSatisfy { $0.count == header.count })
    }

    /// Options that are not true or false, or out of range, are located errors.
    @Test func badOptionsAreErrors() {
        let goal = Goal(document: Document(TrialFixture.goal("g", ["cold_probe: maybe", "min_observers: 0", "maintenance: hourly x 2"])))
        let messages = goal.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(messages.contains("cold_probe must be true or false, found \"maybe\""), "\(messages)")
        #expect(messages.contains("min_observers must be a whole number from 1 to 100, found \"0\""), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("maintenance must be steps like 'weekly x 2, monthly x 2'") }, "\(messages)")
        #expect(goal.diagnostics.first { $0.message.hasPrefix("cold_probe") }?.location == SourceLocation(line: 5, column: 13))
    }
}
