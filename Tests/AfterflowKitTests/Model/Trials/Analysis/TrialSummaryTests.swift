import AfterflowKit
import Testing

@Suite struct TrialSummaryTests {
    /// 2025-02-18, 15:00 to 15:45, 68 trials of four goals, in order of first trial:
    ///
    /// | goal         | trials | +  | by cue                              | correct        | independent |
    /// |--------------|--------|----|-------------------------------------|----------------|-------------|
    /// | two-step     | 25     | 22 | +15 ind, +6 min, +1 max, -3 min     | 21 (no max)    | 15          |
    /// | s-initial    | 20     | 17 | +14 ind, +3 min, -2 ind, -1 mod     | 17             | 14          |
    /// | turn-taking  | 13     | 9  | +5 ind, +4 mod, -4 ind              | 9              | 5           |
    /// | wh-questions | 10     | 7  | +7 ind, -3 ind                      | 7              | 7           |
    ///
    /// two-step counts only independent and minimal as correct: 21 of 25 = 84 % (Good); s-initial
    /// 17 of 20 = 85 % (Excellent); wh-questions 7 of 10 = 70 % (Good); turn-taking 9 of 13 =
    /// 69.2 % (Needs Work). The session: 55 successes of 68 = 80.9 %, the maximal success
    /// included. Cues: independent 50 trials (41 +), minimal 12 (9 +), moderate 5 (4 +), maximal
    /// 1 (1 +).
    @Test func theSessionOfFebruary18() throws {
        let record = TrialFixture.maya()
        let session = try #require(TrialFixture.session(record, "2025-02-18-1500"))
        let summary = TrialSummary(session: session.session, record: record, cues: .standard)
        #expect(summary.clientDisplayName == "Maya T.")
        #expect(summary.minutes == 45)
        #expect(summary.total == 68 && summary.successes == 55 && summary.failures == 13)
        #expect(Percent.text(summary.successes, of: summary.total) == "80 %")
        #expect(abs((summary.successRate ?? 0) - 5500.0 / 68) < 1e-9)
        #expect(summary.cueLevels == [CueCount(level: "independent", trials: 50, successes: 41), CueCount(level: "minimal", trials: 12, successes: 9),
                                      CueCount(level: "moderate", trials: 5, successes: 4), CueCount(level: "maximal", trials: 1, successes: 1)])
        #expect(summary.goals.map(\.short) == ["two-step", "s-initial", "turn-taking", "wh-questions"])
        let figures = summary.goals.map { [$0.trials, $0.successes, $0.correct, $0.independent] }
        #expect(figures == [[25, 22, 21, 15], [20, 17, 17, 14], [13, 9, 9, 5], [10, 7, 7, 7]])
        #expect(summary.goals.map(\.band) == [.good, .excellent, .needsWork, .good])
        #expect(summary.goals.map { Int($0.percentCorrect * 10) } == [840, 850, 692, 700])
        #expect(summary.goals.map { Int($0.percentIndependent * 10) } == [600, 700, 384, 700])
        #expect(summary.goals[0].title == "Follow two-step directions")

        let json = summary.json.serialized()
        #expect(json.hasPrefix(#"{"client":"Maya T.","date":"2025-02-18T15:00:00","end":"2025-02-18T15:45:00","minutes":45,"successes":55,"failures":13,"total":68,"success_rate":80.9,"cue_levels":[{"level":"independent","trials":50,"successes":41},"#))
        #expect(json.contains(#"{"goal":"two-step","title":"Follow two-step directions","trials":25,"successes":22,"failures":3,"correct":21,"independent":15,"percent_correct":84,"percent_independent":60,"band":"Good"}"#))
        #expect(json.contains(#""percent_correct":69.2,"percent_independent":38.5,"band":"Needs Work""#))
        #expect(!json.contains("Thompson") && !json.contains("2018"))
    }

    /// counts_correct with and without prompted levels: the same six successes (2 independent,
    /// 2 minimal, 2 maximal) and four failures, for three goals.
    @Test func countsCorrectDecidesWhichSuccessesAreCorrect() {
        let trials = ["+ independent", "+ independent", "+ minimal", "+ minimal", "+ maximal", "+ maximal", "- independent", "- independent", "- minimal", "- maximal"]
        let lines = ["all", "unprompted", "independent"].flatMap { goal in trials.map { "\(goal) \($0)" } }
        let record = TrialFixture.record(
            client: TrialFixture.clientText,
            goals: ["all": TrialFixture.goal("all", []),
                    "unprompted": TrialFixture.goal("unprompted", ["counts_correct: [independent, minimal]"]),
                    "independent": TrialFixture.goal("independent", ["counts_correct: [Independent]"])],
            sessions: ["2025/a.md": TrialFixture.session("2025-03-03T15:00:00", lines)])
        let summary = TrialSummary(session: record.sessions[0].session, record: record, cues: .standard)
        #expect(summary.goals.map(\.successes) == [6, 6, 6])
        #expect(summary.goals.map(\.correct) == [6, 4, 2])
        #expect(summary.goals.map(\.independent) == [2, 2, 2])
        #expect(summary.goals.map(\.band) == [.needsWork, .needsWork, .needsWork])
        #expect(summary.successes == 18 && summary.total == 30, "the session's rate counts every success")
        #expect(summary.minutes == nil, "no end yet")
    }

    /// A goal or cue the folder does not know is a line check rejects (#20): counted nowhere, and
    /// its place kept for the commands to tell. The session's lines 11 and 12 (10 lines of head).
    @Test func aGoalOrCueTheFolderDoesNotKnowIsLeftOut() {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: [:],
                                         sessions: ["2025/a.md": TrialFixture.session("2025-03-03T15:00:00", ["s-medial + gestural", "s-medial - independent"])])
        let summary = TrialSummary(session: record.sessions[0].session, record: record, cues: .standard, path: record.sessions[0].path)
        #expect(summary.total == 0 && summary.goals.isEmpty && summary.cueLevels.map(\.trials) == [0, 0, 0, 0])
        #expect(summary.leftOut.places.map(\.line) == [11, 12])
    }
}
