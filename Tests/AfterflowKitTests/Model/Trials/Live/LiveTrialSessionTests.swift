@testable import AfterflowKit
import Foundation
import Testing

/// The live logger's state and rules, as every front end drives them: keys, the file written
/// before a key returns, the cue's countdown, the timer.
@Suite struct LiveTrialSessionTests {
    static let path = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let head = "---\ntype: trials\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2025-01-14T15:00:00\n---\n\n## Notes\n\n## Trials\n\n"
    /// 2025-01-14 15:00:00 in Los Angeles, the session's start.
    static let start = Date(timeIntervalSince1970: 1_736_895_600)
    static let goals = [LiveGoal(short: "s-initial", title: "Initial /s/", defaultCue: "independent"),
                        LiveGoal(short: "two-step", title: "Two-step directions", defaultCue: "minimal")]

    /// The vault, kept for the whole test.
    let temp: TemporaryVault

    init() throws { temp = try TemporaryVault() }

    /// A session over the file at `path`, made of `text`.
    func session(_ text: String = Self.head, neutral: Bool = false) throws -> LiveTrialSession {
        try temp.write(Self.path, text)
        let store = DocumentStore(vault: try temp.vault)
        let known = try store.read(Self.path).document
        return LiveTrialSession(store: store, path: Self.path, goals: Self.goals, clientName: "Maya T.", known: known, started: Self.start, neutral: neutral)
    }

    /// `seconds` after the start, by both clocks (the monotonic one counting from 1000).
    func at(_ seconds: Double) -> LiveMoment {
        LiveMoment(wall: Self.start.addingTimeInterval(seconds), monotonic: 1000 + seconds)
    }

    func press(_ keys: [LiveKey], on live: inout LiveTrialSession, at seconds: Double = 130) -> LiveKeyOutcome? {
        var note: String?
        var outcome: LiveKeyOutcome?
        for key in keys { outcome = live.press(key, note: &note, at: at(seconds)) { _ in } }
        return outcome
    }

    @Test func aTrialIsOnDiskWhenItsKeyReturns() throws {
        var live = try session()
        _ = press([.character("k")], on: &live, at: 130)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent\n")
    }

    @Test func undoAfterTwoTrialsRemovesTheLast() throws {
        var live = try session()
        _ = press([.up, .right, .down, .character("u")], on: &live)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent\n")
    }

    @Test func undoMakesTheUndoneTrialsGoalCurrent() throws {
        var live = try session()
        _ = press([.right, .down, .left, .character("u")], on: &live)
        #expect(live.current == 1)
    }

    @Test func aCueKeyWithNoTrialPendingWritesNothing() throws {
        var live = try session()
        _ = press([.character("2")], on: &live)
        #expect(try temp.read(Self.path) == Self.head)
    }

    @Test func aCueChosenInTimeRewritesTheLine() throws {
        var live = try session()
        _ = press([.down, .character("3")], on: &live)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial - moderate\n")
    }

    @Test func aCueLetterChoosesItsLevel() throws {
        var live = try session()
        _ = press([.down, .character("I")], on: &live)
        _ = press([.right, .up, .character("i")], on: &live, at: 131)
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial - independent\n- 15:02:11 two-step + independent\n")
    }

    @Test func theCueCountsDownFromThree() throws {
        var live = try session()
        _ = press([.up], on: &live, at: 130)
        #expect([0, 0.5, 2.2, 3].map { live.countdown(at: at(130 + $0).monotonic) } == [3, 3, 1, 0])
    }

    @Test func theCueSettlesOnItsDefaultAfterItsTime() throws {
        var live = try session()
        _ = press([.up], on: &live, at: 130)
        #expect([live.tick(at: at(133.2)), live.tick(at: at(133.4))] == [false, true])
    }

    @Test func aNoteWithNoTrialIsRefused() throws {
        var live = try session()
        _ = press([.character("n")], on: &live)
        #expect(live.shownMessage(at: at(130).monotonic)?.problem == true)
    }

    @Test func aNoteTypedIsWrittenOnEnter() throws {
        var live = try session()
        _ = press([.up], on: &live)
        var note: String?
        for key: LiveKey in [.character("n"), .character("s"), .character("x"), .backspace, .character("h"), .enter] {
            _ = live.press(key, note: &note, at: at(131)) { _ in }
        }
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent  sh\n")
    }

    @Test func escapeLeavesTheNoteAsItWas() throws {
        var live = try session()
        _ = press([.up], on: &live)
        var note: String?
        for key: LiveKey in [.character("n"), .character("s"), .escape] {
            _ = live.press(key, note: &note, at: at(131)) { _ in }
        }
        #expect(try temp.read(Self.path) == Self.head + "- 15:02:10 s-initial + independent\n")
    }

    @Test func qEndsAndCtrlCLeaves() throws {
        var live = try session()
        #expect([press([.character("q")], on: &live), press([.interrupt], on: &live), press([.up], on: &live)] == [.end, .interrupt, nil])
    }

    @Test func goalsGoRound() throws {
        var live = try session()
        _ = press([.left], on: &live)
        #expect(live.goal.short == "two-step")
    }

    @Test func aFlashLastsASecondAndAHalf() throws {
        var live = try session()
        _ = press([.up], on: &live, at: 130)
        #expect([131.4, 131.5].map { live.shownMessage(at: at($0).monotonic)?.text } == ["+1 Success", nil])
    }

    @Test func theTimerShowsMinutesThenHours() throws {
        let live = try session()
        #expect([59, 61 * 60].map { live.timer(at: Self.start.addingTimeInterval($0)) } == ["00:59", "1:01:00"])
    }

    @Test func theClockIsTheVaultsTimeOfDay() throws {
        let live = try session()
        #expect(live.clock(at: Self.start.addingTimeInterval(130)) == "15:02")
    }

    @Test func theLoggedLineCountsTheGoalToday() throws {
        var live = try session(Self.head + "- 15:01:00 s-initial - independent\n", neutral: true)
        _ = press([.up], on: &live)
        #expect(live.loggedLine(for: live.trials.last!) == "+1 ▲  15:02:10 s-initial independent   s-initial: 1 of 2 (50 %)")
    }

    @Test func anotherFrontEndsTrialIsFollowed() throws {
        var live = try session()
        try live.store.append(Trial(time: TimeOfDay(hour: 15, minute: 1, second: 0), goal: "s-initial", success: false, cue: "independent"), to: Self.path)
        #expect(live.follow(at: 1001) && live.trials.count == 1)
    }
}
