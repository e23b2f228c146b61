@testable import AfterflowKit
import Foundation
import Testing

/// What the full screen shows of behaviour goals: a row a goal with its key and where it stands,
/// the picker, all within the window.
@Suite struct LiveBehaviourScreenTests {
    let temp: TemporaryVault

    init() throws { temp = try TemporaryVault() }

    func session(_ text: String = LiveBehaviourTests.head, trialGoals: [LiveGoal] = []) throws -> LiveTrialSession {
        try temp.write(LiveBehaviourTests.path, text)
        let store = DocumentStore(vault: try temp.vault)
        return LiveTrialSession(store: store, path: LiveBehaviourTests.path, goals: trialGoals, clientName: "Sam R.",
                                known: try store.read(LiveBehaviourTests.path).document, started: LiveBehaviourTests.start, neutral: false,
                                behaviours: LiveBehaviourTests.behaviours, launched: at(0))
    }

    func at(_ seconds: Double) -> LiveMoment {
        LiveMoment(wall: LiveBehaviourTests.start.addingTimeInterval(seconds), monotonic: 1000 + seconds)
    }

    func lines(_ live: LiveTrialSession, at seconds: Double, columns: Int = 80, rows: Int = 24) -> [String] {
        LiveScreenContent(session: live, moment: at(seconds), colors: false).lines(columns: columns, rows: rows, note: nil)
    }

    func row(_ lines: [String], _ goal: String) -> String? {
        lines.first { $0.contains(" \(goal) ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    @Test func eachGoalHasItsKeyAndWhereItStands() throws {
        // tantrum started 15:01:00; at 130 s (15:02:10) it has run 1:10. on-task's 10-s
        // intervals 1-13 (0-130 s) have ended, none scored: interval 1 is asked for.
        let screen = lines(try session(LiveBehaviourTests.head + "- 15:01:00 tantrum start\n- 15:01:05 hitting count\n"), at: 130)
        #expect(row(screen, "hitting") == "[t] hitting count 1 this session")
        #expect(row(screen, "tantrum") == "[r] tantrum duration ● running 1:10 · r stops it")
        #expect(row(screen, "on-task") == "+/- on-task interval ▶ interval 1 ended: + or - (13 unscored)")
        #expect(row(screen, "incidents") == "[c] incidents abc 0 incidents · c records one")
    }

    @Test func theIntervalsCountdown() throws {
        // At 4 s: interval 1 has 6 s left.
        #expect(row(lines(try session(), at: 4), "on-task") == "+/- on-task interval interval 1 · 0:06 left · 0 of 0 +")
    }

    @Test func thePickerShowsItsStageAndChoices() throws {
        var live = try session()
        var note: String?
        _ = live.press(.character("c"), note: &note, at: at(130)) { _ in }
        let screen = lines(live, at: 131)
        #expect(screen.contains { $0.contains("incidents · ?   antecedent?") })
        #expect(screen.contains { $0.contains("[1 demand]  2 transition") })
        #expect(screen.contains { $0.contains("Esc cancels") })
    }

    @Test(arguments: [(80, 24), (100, 30), (40, 12)])
    func theScreenFitsTheWindow(columns: Int, rows: Int) throws {
        var live = try session(trialGoals: LiveTrialSessionTests.goals)
        var note: String?
        _ = live.press(.character("w"), note: &note, at: at(130)) { _ in }
        let screen = lines(live, at: 131, columns: columns, rows: rows)
        #expect(screen.count == rows)
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= columns - 1 }, "\(screen)")
        if rows >= 24 {
            // Every goal's row and the step list are there at 80×24.
            for goal in ["hitting", "tantrum", "crying", "name-response", "on-task", "incidents", "handwash"] {
                #expect(row(screen, goal) != nil, "\(goal): \(screen.joined(separator: "\n"))")
            }
            #expect(screen.contains { $0.contains("handwash · step 1 of 3: wet") }, "\(screen.joined(separator: "\n"))")
        }
    }
}
