import AfterflowKit
import Testing

@Suite struct GoalProgressTests {
    static func progress(_ goal: String, since: String? = nil, until: String? = nil) throws -> GoalProgress {
        try #require(GoalProgress.make(record: TrialFixture.maya(), cues: .standard, goal: goal,
                                       since: since.flatMap(LocalDate.parse), until: until.flatMap(LocalDate.parse)).first)
    }

    @Test func oneProgressPerGoalSortedByShortName() {
        let all = GoalProgress.make(record: TrialFixture.maya(), cues: .standard)
        #expect(all.map(\.goal.short) == ["s-initial", "turn-taking", "two-step", "wh-questions"])
        #expect(GoalProgress.make(record: TrialFixture.maya(), cues: .standard, goal: "nope").isEmpty)
    }

    /// s-initial (80 % x 3, min_trials 10; baseline from 2025-01-07, active from 2025-01-14):
    ///
    /// | day        | trials | correct | indep. | %     | band       | counts | run |
    /// |------------|--------|---------|--------|-------|------------|--------|-----|
    /// | 2025-01-07 | 10     | 5       | 4      | 50    | Needs Work | yes    | 0   |
    /// | 2025-01-14 | 20     | 13      | 10     | 65    | Needs Work | yes    | 0   |
    /// | 2025-01-21 | 20     | 17      | 15     | 85    | Excellent  | yes    | 1   |
    /// | 2025-01-28 | 6 + 4  | 5 + 3   | 5 + 2  | 80    | Good       | yes    | 2   |  two sessions combined
    /// | 2025-02-04 | 8      | 2       | 2      | 25    | Needs Work | no     | 2   |  under 10: skipped
    /// | 2025-02-11 | 20     | 16      | 12     | 80    | Good       | yes    | 3   |  mastered
    /// | 2025-02-18 | 20     | 17      | 14     | 85    | Excellent  | yes    |     |
    @Test func sInitialIsMasteredOnFebruary11() throws {
        let p = try Self.progress("s-initial")
        #expect(p.rows.map(\.day.dayString) == ["2025-01-07", "2025-01-14", "2025-01-21", "2025-01-28", "2025-02-04", "2025-02-11", "2025-02-18"])
        #expect(p.rows.map(\.trials) == [10, 20, 20, 10, 8, 20, 20])
        #expect(p.rows.map(\.correct) == [5, 13, 17, 8, 2, 16, 17])
        #expect(p.rows.map(\.independent) == [4, 10, 15, 7, 2, 12, 14])
        #expect(p.rows.map(\.percentCorrect) == [50, 65, 85, 80, 25, 80, 85])
        #expect(p.rows.map(\.percentIndependent) == [40, 50, 75, 70, 25, 60, 70])
        #expect(p.rows.map(\.band) == [.needsWork, .needsWork, .excellent, .good, .needsWork, .good, .excellent])
        #expect(p.rows.map(\.counts) == [true, true, true, true, false, true, true])
        #expect(p.rows.map(\.phase) == [.baseline, .active, .active, .active, .active, .active, .active])
        #expect(p.rows[3].sessions == ["clients/maya-t/sessions/2025/2025-01-28-1000.md", "clients/maya-t/sessions/2025/2025-01-28-1600.md"])
        #expect(p.rows[3].cues == [CueCount(level: "independent", trials: 9, successes: 7), CueCount(level: "minimal", trials: 1, successes: 1),
                                   CueCount(level: "moderate", trials: 0, successes: 0), CueCount(level: "maximal", trials: 0, successes: 0)])
        #expect(p.mastery == .mastered(on: try #require(LocalDate.parse("2025-02-11"))))
        #expect(p.criterionMet?.dayString == "2025-02-11" && p.markedMastered == nil)
        #expect(p.description == "mastered on 2025-02-11: 80 %+ in 3 consecutive sessions of 10+ trials")
        // 50, 65, 85, 80, 80, 85 % of the counting days, in eighths rounded down: 4, 5, 6, 6, 6, 6.
        #expect(p.sparkline == "▅▆▇▇▇▇")
    }

    @Test func notYetMasteredBeforeTheThirdSession() throws {
        let p = try Self.progress("s-initial", until: "2025-02-10")
        #expect(p.rows.count == 5)
        #expect(p.mastery == .notYet(run: 2, needed: 3), "the short day of Feb 4 neither counts nor breaks the run")
        #expect(p.description == "not mastered: 2 of 3 consecutive sessions at 80 %+ (sessions of 10+ trials)")
    }

    @Test func aWindowShowsFewerRowsButKeepsTheRunThatBeganBeforeIt() throws {
        let p = try Self.progress("s-initial", since: "2025-02-01", until: "2025-02-11")
        #expect(p.rows.map(\.day.dayString) == ["2025-02-04", "2025-02-11"])
        #expect(p.mastery.day?.dayString == "2025-02-11")
        #expect(p.sparkline == "▇")
    }

    /// two-step (80 % x 2, min 5, counts_correct independent and minimal): Jan 7 has 4 trials
    /// (does not count); Jan 14 8 successes but 2 at moderate, so 6 of 10 = 60 %; Jan 21 9
    /// successes, one at maximal, so 8 of 10 = 80 % (run 1); Jan 28 5 of 5 (run 2: mastered);
    /// Feb 18 21 of 25 = 84 %.
    @Test func twoStepCountsOnlyUnpromptedSuccesses() throws {
        let p = try Self.progress("two-step")
        #expect(p.rows.map(\.trials) == [4, 10, 10, 5, 25])
        #expect(p.rows.map(\.successes) == [3, 8, 9, 5, 22])
        #expect(p.rows.map(\.correct) == [3, 6, 8, 5, 21])
        #expect(p.rows.map(\.counts) == [false, true, true, true, true])
        #expect(p.rows.map(\.band) == [.good, .needsWork, .good, .excellent, .good])
        #expect(p.description == "mastered on 2025-01-28: 80 %+ in 2 consecutive sessions of 5+ trials")
        #expect(p.sparkline == "▅▇█▇")
    }

    /// wh-questions (90 % x 2; phases active 2025-01-07, mastered 2025-02-11): 80 %, 90 %, 70 %:
    /// the data never meet the criterion, the clinician marked it mastered on Feb 11.
    @Test func aGoalMarkedMasteredInItsPhases() throws {
        let p = try Self.progress("wh-questions")
        #expect(p.rows.map(\.percentCorrect) == [80, 90, 70])
        #expect(p.rows.map(\.phase) == [.active, .mastered, .mastered], "the phase changes on Feb 11")
        #expect(p.criterionMet == nil)
        #expect(p.mastery.day?.dayString == "2025-02-11")
        #expect(p.description == "mastered on 2025-02-11 (marked in its phases; the data show 0 of 2 consecutive sessions at 90 %+)")
        let before = try Self.progress("wh-questions", until: "2025-02-10")
        #expect(before.mastery == .notYet(run: 0, needed: 2))
        #expect(before.description == "not mastered: 0 of 2 consecutive sessions at 90 %+ (sessions of 5+ trials)")
    }

    @Test func defaultsWhenAGoalStatesNoCriterion() throws {
        let p = try Self.progress("turn-taking")
        #expect(p.minTrials == 5 && p.criterion == .standard)
        #expect(p.rows.count == 1 && p.rows[0].correct == 9 && p.rows[0].trials == 13 && p.rows[0].band == .needsWork)
        #expect(p.description == "not mastered: 0 of 3 consecutive sessions at 80 %+ (sessions of 5+ trials)")
    }

    @Test func aMasteredGoalMovedBackToActiveIsNotMarkedMastered() {
        let record = TrialFixture.record(
            client: TrialFixture.clientText,
            goals: ["g": TrialFixture.goal("g", ["phases: [active 2025-01-01, mastered 2025-02-01, active 2025-03-01]"])],
            sessions: ["2025/a.md": TrialFixture.session("2025-03-03T15:00:00", TrialFixture.times(5, "g - independent"))])
        let p = GoalProgress.make(record: record, cues: .standard)[0]
        #expect(p.markedMastered == nil && !p.mastery.isMastered)
        let then = GoalProgress.make(record: record, cues: .standard, until: LocalDate.parse("2025-02-15"))[0]
        #expect(then.mastery.day?.dayString == "2025-02-01")
    }

    @Test func mastersInOneSessionWhenTheCriterionSaysSo() {
        let record = TrialFixture.record(
            client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", ["mastery: 90% x 1"])],
            sessions: ["2025/a.md": TrialFixture.session("2025-03-03T15:00:00", TrialFixture.times(9, "g + minimal") + ["g - independent"])])
        #expect(GoalProgress.make(record: record, cues: .standard)[0].description == "mastered on 2025-03-03: 90 %+ in 1 session of 5+ trials")
    }

    @Test func jsonAndCSV() throws {
        let p = try Self.progress("s-initial")
        let json = p.json.serialized()
        #expect(json.hasPrefix(#"{"goal":"s-initial","title":"Produce /s/ in word-initial position","category":"articulation","phase":"active","phases":[{"phase":"baseline","day":"2025-01-07"},{"phase":"active","day":"2025-01-14"}],"mastery":{"criterion":"80% x 3","percent":80,"sessions":3,"min_trials":10,"mastered":true,"on":"2025-02-11","criterion_met":"2025-02-11","marked_mastered":null,"description":"mastered on 2025-02-11: 80 %+ in 3 consecutive sessions of 10+ trials"},"sparkline":"▅▆▇▇▇▇","rows":[{"day":"2025-01-07","sessions":["clients/maya-t/sessions/2025/2025-01-07-1500.md"],"trials":10,"correct":5,"independent":4,"percent_correct":50,"percent_independent":40,"band":"Needs Work","phase":"baseline","counts":true,"cues":{"independent":7,"minimal":3,"moderate":0,"maximal":0}}"#))
        #expect(GoalProgress.csvHeader(cues: .standard) == ["client", "goal", "goal_title", "day", "sessions", "trials", "correct", "independent",
                                                          "percent_correct", "percent_independent", "band", "phase", "counts", "probe",
                                                          "cue_independent", "cue_minimal", "cue_moderate", "cue_maximal", "cue_other",
                                                          "measure", "value", "unit", "count", "seconds", "part", "whole", "observed_minutes"])
        #expect(p.csvRows[3] == ["maya-t", "s-initial", "Produce /s/ in word-initial position", "2025-01-28",
                                 "clients/maya-t/sessions/2025/2025-01-28-1000.md;clients/maya-t/sessions/2025/2025-01-28-1600.md",
                                 "10", "8", "7", "80", "70", "Good", "active", "yes", "no", "9", "1", "0", "0", "0",
                                 // Every measure's columns: a trial day's value is its percent correct, 8 of 10.
                                 "trials", "80", "%", "", "", "8", "10", ""])
        #expect(p.csvRows[4][12] == "no")
    }
}
