import AfterflowKit
import Testing

/// `goal due`'s items on a fixed clock: goals whose data met their criterion unmarked, and
/// maintenance checks due, failed and all passed. Figures worked out in each test's comment.
@Suite struct GoalDueTests {
    static func day(_ text: String) throws -> LocalDate { try #require(LocalDate.parse(text)) }

    static func session(_ day: String, _ correct: Int, of total: Int) -> (String, String) {
        ("2025/\(day)-1500.md", MasteryOptionsTests.session("\(day)T15:00:00", MasteryOptionsTests.trials(correct, of: total)))
    }

    static func items(_ keys: [String], _ sessions: [(String, String)], today: String) throws -> [GoalDue] {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", keys)],
                                         sessions: Dictionary(uniqueKeysWithValues: sessions))
        return GoalDue.items(of: record, cues: .standard, today: try Self.day(today))
    }

    // MARK: mastery

    /// 80% x 2, min 5; baseline from 01-06, active from 01-13. 01-06 5/5 (100 %, run 1), 01-13
    /// 4/5 (80 %, run 2): met on 01-13, the run spanning baseline and active. On 01-12 the data
    /// of 01-13 are not read yet: nothing is due.
    @Test func criterionMetIsDueWithTheDayOfTheData() throws {
        let keys = ["mastery: 80% x 2", "min_trials: 5", "phase: active", "phases: [baseline 2025-01-06, active 2025-01-13]"]
        let sessions = [Self.session("2025-01-06", 5, of: 5), Self.session("2025-01-13", 4, of: 5)]
        let items = try Self.items(keys, sessions, today: "2025-10-20")
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.phase == .mastered && item.day.dayString == "2025-01-13" && item.kind == "mastery")
        #expect(item.arguments == ["goal", "phase", "maya-t", "g", "mastered", "--date", "2025-01-13"])
        #expect(item.text == "met 80% x 2 on 2025-01-13")
        #expect(try Self.items(keys, sessions, today: "2025-01-12").isEmpty)
        // Marked mastered already: nothing to propose.
        let marked = ["mastery: 80% x 2", "min_trials: 5", "phase: mastered", "phases: [baseline 2025-01-06, active 2025-01-13, mastered 2025-01-13]"]
        #expect(try Self.items(marked, sessions, today: "2025-10-20").isEmpty)
    }

    /// Back to active on 02-10 after a failed check: the old run (01-13, 01-20 at 100 %) does not
    /// count. 02-17 5/5 is a run of 1 (not met at 80% x 2); 02-24 5/5 makes 2: met on 02-24.
    @Test func aGoalBackInActiveStartsAFreshRun() throws {
        let keys = ["mastery: 80% x 2", "min_trials: 5", "phase: active",
                    "phases: [active 2025-01-06, mastered 2025-01-20, maintenance 2025-01-20, active 2025-02-10]"]
        var sessions = [Self.session("2025-01-13", 5, of: 5), Self.session("2025-01-20", 5, of: 5), Self.session("2025-02-17", 5, of: 5)]
        #expect(try Self.items(keys, sessions, today: "2025-02-20").isEmpty)
        sessions.append(Self.session("2025-02-24", 5, of: 5))
        #expect(try Self.items(keys, sessions, today: "2025-02-24").map(\.day.dayString) == ["2025-02-24"])
    }

    /// Met in baseline on 01-13 (01-06 and 01-13 at 100 %), but moved to active on 01-20: the
    /// change cannot be dated before 01-20, so the item waits for a passing day on or after it
    /// (01-20 5/5: run 3, met on 01-20).
    @Test func neverDatedBeforeTheLastChange() throws {
        let keys = ["mastery: 80% x 2", "min_trials: 5", "phase: active", "phases: [baseline 2025-01-06, active 2025-01-20]"]
        var sessions = [Self.session("2025-01-06", 5, of: 5), Self.session("2025-01-13", 5, of: 5)]
        #expect(try Self.items(keys, sessions, today: "2025-01-19").isEmpty)
        sessions.append(Self.session("2025-01-20", 5, of: 5))
        #expect(try Self.items(keys, sessions, today: "2025-01-20").map(\.day.dayString) == ["2025-01-20"])
    }

    // MARK: maintenance

    /// In maintenance from 02-03 with `weekly x 2, monthly x 1`: checks due 02-10, 02-17 and
    /// 03-17; 80% x 3, min 5. 02-05 (3/5) is before the first check: not a check. 02-11 5/5
    /// serves check 1 (passed). 02-12 (2/5) is before check 2's day: not a check.
    static let maintenance = ["mastery: 80% x 3", "min_trials: 5", "maintenance: weekly x 2, monthly x 1", "phase: maintenance",
                              "phases: [active 2025-01-06, mastered 2025-02-03, maintenance 2025-02-03]"]
    static let firstWeeks = [session("2025-02-05", 3, of: 5), session("2025-02-11", 5, of: 5), session("2025-02-12", 2, of: 5)]

    @Test func aCheckIsDueOnItsDay() throws {
        #expect(try Self.items(Self.maintenance, Self.firstWeeks, today: "2025-02-16").isEmpty, "check 2 is not due before 02-17")
        let item = try #require(try Self.items(Self.maintenance, Self.firstWeeks, today: "2025-02-17").first)
        #expect(item.reason == .checkDue(number: 2, of: 3, since: try Self.day("2025-02-17")))
        #expect(item.phase == nil && item.arguments == ["trials", "start", "maya-t", "--probe"])
        #expect(item.text == "maintenance check 2 of 3 due since 2025-02-17")
    }

    /// 02-18 4/5 = 80 %: check 2 passed. On 03-20 check 3 (03-17) is due; a 4-trial day on
    /// 03-18 (under min_trials 5) does not serve it; 03-19 5/5 does, and every check has passed:
    /// propose closed on 03-19.
    @Test func checksPassedThenClosed() throws {
        var sessions = Self.firstWeeks + [Self.session("2025-02-18", 4, of: 5), Self.session("2025-03-18", 0, of: 4)]
        let due = try #require(try Self.items(Self.maintenance, sessions, today: "2025-03-20").first)
        #expect(due.reason == .checkDue(number: 3, of: 3, since: try Self.day("2025-03-17")))
        sessions.append(Self.session("2025-03-19", 5, of: 5))
        let done = try #require(try Self.items(Self.maintenance, sessions, today: "2025-03-20").first)
        #expect(done.reason == .maintained(checks: 3, day: try Self.day("2025-03-19")))
        #expect(done.arguments == ["goal", "phase", "maya-t", "g", "closed", "--date", "2025-03-19"])
        #expect(done.text == "all 3 maintenance checks passed, the last on 2025-03-19")

        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", Self.maintenance)],
                                         sessions: Dictionary(uniqueKeysWithValues: sessions))
        let progress = try #require(GoalProgress.make(record: record, cues: .standard).first)
        let checks = try #require(MaintenanceChecks(goal: progress.goal.goal, rows: progress.rows, rule: progress.rule, today: try Self.day("2025-03-20")))
        #expect(checks.checks.map { $0.day?.dayString } == ["2025-02-11", "2025-02-18", "2025-03-19"])
        #expect(checks.checks.map(\.passed) == [true, true, true])
    }

    /// 02-18 3/5 = 60 %, under 80 %: check 2 failed, propose active dated 02-18; the later
    /// passing day (03-19) does not undo it.
    @Test func aFailedCheckSendsTheGoalBackToActive() throws {
        let sessions = Self.firstWeeks + [Self.session("2025-02-18", 3, of: 5), Self.session("2025-03-19", 5, of: 5)]
        let item = try #require(try Self.items(Self.maintenance, sessions, today: "2025-03-20").first)
        #expect(item.reason == .checkFailed(number: 2, of: 3, day: try Self.day("2025-02-18"), tally: {
            var t = TrialCounts(); t.trials = 5; t.successes = 3; t.correct = 3; t.independent = 3; return t
        }()))
        #expect(item.arguments == ["goal", "phase", "maya-t", "g", "active", "--date", "2025-02-18"])
        #expect(item.text == "maintenance check 2 of 3 on 2025-02-18: 3 of 5 (60 %), under 80 %")
    }

    /// Marked mastered on 02-03 with a schedule: propose maintenance dated 02-03, so its checks
    /// fall on 02-10, 02-17 and 03-17 as if it had entered maintenance that day. Not before the
    /// day it was marked; nothing without a schedule; nothing once in maintenance.
    @Test func aMasteredGoalWithAScheduleMovesOnToMaintenance() throws {
        let keys = ["mastery: 80% x 3", "min_trials: 5", "maintenance: weekly x 2, monthly x 1", "phase: mastered",
                    "phases: [active 2025-01-06, mastered 2025-02-03]"]
        let item = try #require(try Self.items(keys, Self.firstWeeks, today: "2025-02-20").first)
        #expect(item.reason == .startMaintenance(mastered: try Self.day("2025-02-03")))
        #expect(item.phase == .maintenance && item.kind == "start maintenance")
        #expect(item.arguments == ["goal", "phase", "maya-t", "g", "maintenance", "--date", "2025-02-03"])
        #expect(item.text == "mastered on 2025-02-03; its maintenance checks (weekly x 2, monthly x 1) start when it enters maintenance")
        #expect(try Self.items(keys, Self.firstWeeks, today: "2025-02-02").isEmpty, "marked after today")
        #expect(try Self.items(keys.filter { !$0.hasPrefix("maintenance:") }, Self.firstWeeks, today: "2025-02-20").isEmpty)
        // Following the proposal gives the checks of `maintenance` above: check 2 due on 02-17.
        let moved = keys.map { $0 == "phase: mastered" ? "phase: maintenance" : $0 == "phases: [active 2025-01-06, mastered 2025-02-03]" ? "phases: [active 2025-01-06, mastered 2025-02-03, maintenance 2025-02-03]" : $0 }
        #expect(try Self.items(moved, Self.firstWeeks, today: "2025-02-17").first?.reason == .checkDue(number: 2, of: 3, since: try Self.day("2025-02-17")))
    }

    /// A goal in maintenance without a schedule, or whose maintenance change has no day, has no
    /// checks to list.
    @Test func noScheduleNoChecks() throws {
        let keys = ["mastery: 80% x 3", "phase: maintenance", "phases: [active 2025-01-06, maintenance 2025-02-03]"]
        #expect(try Self.items(keys, Self.firstWeeks, today: "2025-10-20").isEmpty)
        #expect(try Self.items(["maintenance: weekly", "phase: maintenance"], Self.firstWeeks, today: "2025-10-20").isEmpty)
    }

    /// The JSON item carries the command as printed.
    @Test func json() throws {
        let item = try #require(try Self.items(Self.maintenance, Self.firstWeeks, today: "2025-02-17").first)
        #expect(item.json(command: "afterflow trials start maya-t --probe").serialized() ==
                #"{"client":"maya-t","goal":"g","kind":"maintenance check","day":"2025-02-17","phase":null,"criterion":"80% x 3","maintenance":"weekly x 2, monthly x 1","text":"maintenance check 2 of 3 due since 2025-02-17","command":"afterflow trials start maya-t --probe"}"#)
    }
}
