@testable import AfterflowKit
import Foundation
import Testing

/// The live logger's behaviour goals: keys become event lines on disk before the key returns,
/// running clocks, the interval clock on a fixed time source, the ABC picker's stages, the task's
/// step list.
@Suite struct LiveBehaviourTests {
    static let path = LiveTrialSessionTests.path
    static let head = LiveTrialSessionTests.head
    /// 2025-01-14 15:00:00 in Los Angeles, the session's start (`date:` in `head`).
    static let start = LiveTrialSessionTests.start

    let temp: TemporaryVault

    init() throws { temp = try TemporaryVault() }

    static func goal(_ short: String, _ keys: String, key: Character?) -> LiveBehaviour {
        let goal = Goal(document: Document("---\ntype: goal\ntitle: \(short)\n\(keys)\n---\n"))
        return LiveBehaviour(short: short, title: short, key: key, entry: EventEntry(goal: short, of: goal, config: VaultConfig()), steps: goal.steps)
    }

    /// sam-r's four goals and three more: a second duration, a latency, a task of three steps.
    static let behaviours = [
        goal("hitting", "measure: count", key: "t"), goal("tantrum", "measure: duration", key: "r"),
        goal("crying", "measure: duration", key: "y"), goal("name-response", "measure: latency", key: "e"),
        goal("on-task", "measure: interval\nmethod: partial\ninterval: 10s", key: nil), goal("incidents", "measure: abc", key: "c"),
        goal("handwash", "measure: task\nsteps: [wet, soap, rinse]", key: "w"),
    ]

    /// The logger begun `launched` seconds after the session's start (0: as it starts).
    func session(_ text: String = Self.head, trialGoals: [LiveGoal] = [], launched: Double = 0) throws -> LiveTrialSession {
        try temp.write(Self.path, text)
        let store = DocumentStore(vault: try temp.vault)
        return LiveTrialSession(store: store, path: Self.path, goals: trialGoals, clientName: "Sam R.", known: try store.read(Self.path).document,
                                started: Self.start, neutral: false, behaviours: Self.behaviours, launched: at(launched))
    }

    /// `seconds` after the start by both clocks (the monotonic one counting from 1000).
    func at(_ seconds: Double) -> LiveMoment {
        LiveMoment(wall: Self.start.addingTimeInterval(seconds), monotonic: 1000 + seconds)
    }

    @discardableResult
    func press(_ keys: String, on live: inout LiveTrialSession, at seconds: Double) -> LiveKeyOutcome? {
        press(keys.map { LiveKey.character($0) }, on: &live, at: seconds)
    }

    @discardableResult
    func press(_ keys: [LiveKey], on live: inout LiveTrialSession, at seconds: Double) -> LiveKeyOutcome? {
        var note: String?
        var outcome: LiveKeyOutcome?
        for key in keys { outcome = live.press(key, note: &note, at: at(seconds)) { _ in } }
        return outcome
    }

    func lines() throws -> [String] { LiveLogTrials.lines(try temp.read(Self.path)) }

    @Test func behaviourKeysAvoidTheLoggersKeysAndTheCueLetters() {
        // Standard cue letters: independent i, minimal m, moderate o, maximal a. hitting: h is the
        // logger's, i a cue's, t free; incidents: i, n taken, c; tantrum: t (hitting's), a, n taken, r.
        let keys = LiveLoggerKeys.behaviourKeys(for: ["hitting", "incidents", "tantrum"], avoiding: ["i", "m", "o", "a"])
        #expect(keys == ["hitting": "t", "incidents": "c", "tantrum": "r"])
        // A name of taken letters only gets the first free letter a-z: b.
        #expect(LiveLoggerKeys.behaviourKeys(for: ["hjkl"], avoiding: ["a"]) == ["hjkl": "b"])
    }

    @Test func aCountKeyIsOnDiskWhenItReturns() throws {
        var live = try session()
        press("t", on: &live, at: 130)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 hitting count\n")
        #expect(live.shownMessage(at: at(130).monotonic)?.text == "hitting: 1 this session")
    }

    @Test func twoDurationsRunAtOnceEachWithItsClock() throws {
        var live = try session()
        press("r", on: &live, at: 130)
        #expect(live.shownMessage(at: at(130).monotonic)?.text == "tantrum started: r stops it")
        press("y", on: &live, at: 135)
        // At 190 s: tantrum since 130 s, 60 s; crying since 135 s, 55 s.
        #expect(live.running(Self.behaviours[1], at: at(190)) == 60)
        #expect(live.running(Self.behaviours[2], at: at(190)) == 55)
        press("r", on: &live, at: 200)
        #expect(live.running(Self.behaviours[1], at: at(210)) == nil)
        #expect(try lines() == ["- 15:02:10 tantrum start", "- 15:02:15 crying start", "- 15:03:20 tantrum stop"])
    }

    @Test func aResumedSessionShowsItsOpenDurationRunning() throws {
        let live = try session(Self.head + "- 15:01:00 tantrum start\n")
        // Started at 15:01:00; at 130 s (15:02:10) it has run 70 s.
        #expect(live.running(Self.behaviours[1], at: at(130)) == 70)
    }

    @Test func latencyCueThenResponseAndItsCapitalForNoResponse() throws {
        var live = try session()
        press("E", on: &live, at: 120)  // no cue waiting: refused, nothing written
        #expect(try temp.read(Self.path) == Self.head)
        #expect(live.shownMessage(at: at(120).monotonic)?.problem == true)
        press("e", on: &live, at: 130)
        #expect(live.running(Self.behaviours[3], at: at(134)) == 4)
        press("e", on: &live, at: 134)
        press("e", on: &live, at: 140)
        press("E", on: &live, at: 150)
        #expect(try lines() == ["- 15:02:10 name-response cue", "- 15:02:14 name-response response",
                                "- 15:02:20 name-response cue", "- 15:02:30 name-response no-response"])
    }

    @Test func theIntervalClockCountsDownFromTheSessionsStart() throws {
        let live = try session()
        let onTask = Self.behaviours[4]
        // 10-s intervals from 15:00:00. At 5 s: interval 1, 5 s left. At 25 s: intervals 1 and 2
        // have ended unscored, 3 runs.
        #expect(live.intervalState(of: onTask, at: at(5)) == .init(number: 1, secondsLeft: 5, behind: 0, scored: 0, total: 0))
        #expect(live.intervalState(of: onTask, at: at(25)) == .init(number: 1, secondsLeft: 0, behind: 2, scored: 0, total: 0))
    }

    @Test func plusAndMinusScoreTheIntervalsInOrder() throws {
        var live = try session()
        let onTask = Self.behaviours[4]
        // Scored late, an interval's line has its end's time: 15:00:10 and 15:00:20.
        press("+-", on: &live, at: 25)
        #expect(live.intervalState(of: onTask, at: at(25)) == .init(number: 3, secondsLeft: 5, behind: 0, scored: 1, total: 2))
        // Scored before its end (30 s), interval 3's line has the time it was scored: 15:00:27.
        press("+", on: &live, at: 27)
        #expect(try lines() == ["- 15:00:10 on-task interval 1 +", "- 15:00:20 on-task interval 2 -", "- 15:00:27 on-task interval 3 +"])
    }

    @Test func intervalsThatEndedWhileNoLoggerRanAreSkippedAndMarked() throws {
        // Interval 1 scored, then the logger killed; resumed at 95 s: intervals 2-9 (ending at
        // 20 … 90 s) ended unscored meanwhile. Interval 10 (90-100 s) is the next asked for.
        var live = try session(Self.head + "- 15:00:10 on-task interval 1 +\n", launched: 95)
        let onTask = Self.behaviours[4]
        #expect(live.intervalState(of: onTask, at: at(95)) == .init(number: 10, secondsLeft: 5, behind: 0, scored: 1, total: 1, skipped: 2...9))
        // At 103 s interval 10 has ended (at 100 s, 15:01:40): + scores it at its end, marked.
        #expect(live.intervalState(of: onTask, at: at(103)).behind == 1)
        press("+", on: &live, at: 103)
        press("-", on: &live, at: 111)
        #expect(try lines() == ["- 15:00:10 on-task interval 1 +", "- 15:01:40 on-task interval 10 +  intervals 2-9 not observed",
                                "- 15:01:50 on-task interval 11 -"])
        #expect(live.intervalState(of: onTask, at: at(111)) == .init(number: 12, secondsLeft: 9, behind: 0, scored: 2, total: 3))
        // The file as check reads it: the gap is marked, no warning.
        let session = TrialSession(document: Document(try temp.read(Self.path)))
        #expect(BehaviourEvent.sequenceProblems(session.events, text: { _ in "" }).isEmpty)
    }

    @Test func theIntervalClockStopsDuringThePauses() throws {
        // Paused from 15:00:15 to 15:00:45 (15 to 45 s): interval 2 runs over observed seconds
        // 10-20, so it ends at 20 + 30 = 50 s; at 48 s it has 2 s left.
        let paused = Self.head.replacingOccurrences(of: "date: 2025-01-14T15:00:00\n", with: "date: 2025-01-14T15:00:00\npauses: [15:00:15-15:00:45]\n")
        var live = try session(paused)
        let onTask = Self.behaviours[4]
        press("+", on: &live, at: 12)
        #expect(live.intervalState(of: onTask, at: at(30)) == .init(number: 2, secondsLeft: 5, behind: 0, scored: 1, total: 1))
        #expect(live.intervalState(of: onTask, at: at(48)) == .init(number: 2, secondsLeft: 2, behind: 0, scored: 1, total: 1))
        // Scored at 55 s, after its end: the line has the end's time, 15:00:50.
        press("-", on: &live, at: 55)
        #expect(try lines() == ["- 15:00:10 on-task interval 1 +", "- 15:00:50 on-task interval 2 -"])
    }

    @Test func undoRemovesTheLastEventOrTrialWhicheverCameLast() throws {
        var live = try session(trialGoals: LiveTrialSessionTests.goals)
        press("t", on: &live, at: 130)
        live.log(success: true, at: at(131))
        press("r", on: &live, at: 132)
        // u: the tantrum's start (the last line) goes; the trial stays; then the trial; then the count.
        press("u", on: &live, at: 140)
        #expect(try lines() == ["- 15:02:10 hitting count", "- 15:02:11 s-initial + independent"])
        #expect(live.running(Self.behaviours[1], at: at(141)) == nil)
        #expect(live.shownMessage(at: at(140).monotonic)?.text == "undone: 15:02:12 tantrum start")
        press("u", on: &live, at: 141)
        #expect(try lines() == ["- 15:02:10 hitting count"])
        press("u", on: &live, at: 142)
        #expect(try lines() == [])
        #expect(live.events.isEmpty && live.trials.isEmpty)
        press("u", on: &live, at: 143)
        #expect(live.shownMessage(at: at(143).monotonic)?.text == "nothing to undo")
    }

    @Test func anIntervalsEndIsSignalledOnce() throws {
        var live = try session()
        // The first call takes note; then true once each time an interval has ended since.
        #expect([5, 9.9, 10.1, 15, 31, 31.5].map { live.intervalEnded(at: at($0)) } == [false, false, true, false, true, false])
    }

    @Test func theABCPickerGoesAntecedentBehaviourConsequence() throws {
        var live = try session()
        press("c", on: &live, at: 130)
        #expect(live.picker?.stage == .antecedent)
        press("2", on: &live, at: 131)  // transition, the second standard antecedent
        #expect(live.picker?.stage == .behaviour && live.picker?.chosen == ["transition"])
        // The behaviours offered: the count and duration goals, in order.
        #expect(live.picker.map { live.options(of: $0) } == ["hitting", "tantrum", "crying"])
        press([.down, .enter], on: &live, at: 132)  // the highlight moves to tantrum
        #expect(live.picker?.stage == .consequence)
        #expect(try temp.read(Self.path) == Self.head, "nothing is written before the consequence")
        press("1", on: &live, at: 140)  // attention
        #expect(live.picker == nil)
        // The incident's time is when the picker was opened: 130 s, 15:02:10.
        #expect(try lines() == ["- 15:02:10 incidents abc transition tantrum attention"])
    }

    @Test func escCancelsTheIncidentAndBackspaceGoesBackAStage() throws {
        var live = try session()
        press("c1", on: &live, at: 130)
        press([.backspace], on: &live, at: 131)
        #expect(live.picker?.stage == .antecedent && live.picker?.chosen == [])
        press("1", on: &live, at: 131)
        press([.escape], on: &live, at: 132)
        #expect(live.picker == nil)
        #expect(try temp.read(Self.path) == Self.head)
        // A key of another goal works again once the picker is closed.
        press("t", on: &live, at: 133)
        #expect(try lines() == ["- 15:02:13 hitting count"])
    }

    @Test func aBehaviourMayBeTyped() throws {
        var live = try session()
        press("c1spit", on: &live, at: 130)
        press([.enter], on: &live, at: 131)
        press("9", on: &live, at: 132)  // other, the ninth standard consequence
        #expect(try lines() == ["- 15:02:10 incidents abc demand spit other"])
    }

    @Test func theStepListWritesEachStepAsItIsChosen() throws {
        var live = try session()
        press("w", on: &live, at: 130)
        press("2", on: &live, at: 131)  // step 1 done at the second level, minimal
        #expect(try lines() == ["- 15:02:11 handwash step 1 + minimal"], "written before step 2 is asked")
        #expect(live.picker?.stage == .step(2))
        press("-", on: &live, at: 132)  // not done, at the goal's cue: none given, so independent
        press("n", on: &live, at: 133)
        #expect(live.picker == nil, "the run ends after the last step")
        #expect(try lines() == ["- 15:02:11 handwash step 1 + minimal", "- 15:02:12 handwash step 2 - independent", "- 15:02:13 handwash step 3 n/a"])
    }

    @Test func aBehaviourKeySettlesATrialsCueAndTrialKeysStillLog() throws {
        var live = try session(trialGoals: LiveTrialSessionTests.goals)
        press("k", on: &live, at: 130)
        #expect(live.pending != nil)
        press("t", on: &live, at: 131)
        #expect(live.pending == nil)
        #expect(try lines() == ["- 15:02:10 s-initial + independent", "- 15:02:11 hitting count"])
    }

    @Test func withoutTrialGoalsATrialKeyWritesNothing() throws {
        var live = try session()
        press("kj", on: &live, at: 130)
        #expect(try temp.read(Self.path) == Self.head)
        // q first asks of hitting, tantrum, crying and incidents (no line yet): n to each ends it.
        #expect(press("q", on: &live, at: 131) == nil)
        #expect(press("nnn", on: &live, at: 131) == nil)
        #expect(press("n", on: &live, at: 131) == .end)
        #expect(try temp.read(Self.path) == Self.head, "n writes nothing")
    }

    /// The goals that take none are the count, duration and abc ones (not name-response, on-task
    /// or handwash), those with no line yet, in the logger's order.
    @Test func zeroMarksAGoalNoneAtAnyTime() throws {
        var live = try session()
        press("t", on: &live, at: 130)
        press("0", on: &live, at: 131)
        let picker = try #require(live.picker)
        #expect(picker.stage == .noneGoal && live.options(of: picker) == ["tantrum", "crying", "incidents"])
        press("1", on: &live, at: 131)
        #expect(live.picker == nil)
        #expect(try lines() == ["- 15:02:10 hitting count", "- 15:02:11 tantrum none"])
        // Esc closes the choice and writes nothing.
        press([.character("0"), .escape], on: &live, at: 132)
        let after = try lines()
        #expect(live.picker == nil && after.count == 2)
    }

    /// hitting has a count and tantrum its none: q asks of crying, then incidents. y writes
    /// crying's none at the moment of q's answer; Esc goes back to the session without ending
    /// it; q again asks of incidents only, and n ends.
    @Test func qAsksOfEachGoalWithNoLineBeforeItEnds() throws {
        var live = try session()
        press("t", on: &live, at: 130)
        press("01", on: &live, at: 131)
        #expect(press("q", on: &live, at: 140) == nil)
        #expect(live.picker?.stage == .endNone && live.picker?.goal == "crying")
        #expect(press("y", on: &live, at: 141) == nil)
        #expect(live.picker?.goal == "incidents")
        #expect(press([.escape], on: &live, at: 142) == nil)
        #expect(live.picker == nil)
        #expect(press("q", on: &live, at: 150) == nil)
        #expect(live.picker?.goal == "incidents")
        #expect(press("x", on: &live, at: 151) == nil, "only y or n answers")
        #expect(press("n", on: &live, at: 152) == .end)
        #expect(try lines() == ["- 15:02:10 hitting count", "- 15:02:11 tantrum none", "- 15:02:21 crying none"])
    }
}

/// The list-item lines of a session's `## Trials`.
enum LiveLogTrials {
    static func lines(_ text: String) -> [String] {
        guard let range = text.range(of: "## Trials\n") else { return [] }
        return text[range.upperBound...].split(separator: "\n").filter { $0.hasPrefix("- ") }.map(String.init)
    }
}

/// The keys `log` gives a client's behaviour goals.
@Suite struct LiveBehaviourKeyTests {
    static func record(_ short: String, _ measure: String) -> GoalRecord {
        GoalRecord(short: short, path: "clients/sam-r/goals/\(short).md",
                   goal: Goal(document: Document("---\ntype: goal\nmeasure: \(measure)\n---\n")))
    }

    @Test func aGoalKeepsItsKeyWhicheverOrderTheGoalsAreChosenIn() {
        let goals = [Self.record("tantrum", "duration"), Self.record("on-task", "interval"), Self.record("hitting", "count")]
        // By name: hitting takes t (h is the logger's, i a cue's), then tantrum takes r (t, a, n taken).
        // on-task, an interval goal, has no key: + and - score it.
        for order in [goals, goals.reversed()] {
            let keys = Dictionary(uniqueKeysWithValues: LiveBehaviour.of(Array(order), config: VaultConfig()).map { ($0.short, $0.key) })
            #expect(keys == ["hitting": "t", "tantrum": "r", "on-task": nil])
        }
    }
}
