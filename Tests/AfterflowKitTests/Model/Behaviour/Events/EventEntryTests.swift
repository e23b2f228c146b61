@testable import AfterflowKit
import Foundation
import Testing

/// What the words after a goal mean for its measure (`record`'s rules).
@Suite struct EventEntryTests {
    static let at = TimeOfDay(hour: 15, minute: 10, second: 30)

    static func entry(_ goal: String, _ keys: [String], config: VaultConfig = VaultConfig()) -> EventEntry {
        let text = (["---", "type: goal", "client: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", "title: G"] + keys + ["---", ""]).joined(separator: "\n")
        return EventEntry(goal: goal, of: Goal(document: Document(text)), config: config)
    }

    static func lines(_ result: Result<[BehaviourEvent], EventEntry.Problem>) -> [String] {
        (try? result.get())?.map(\.lineText) ?? []
    }

    @Test func aCountIsOneOccurrenceOrHowManyAreGiven() {
        let entry = Self.entry("hitting", ["measure: count"])
        #expect(Self.lines(entry.events(["2"], at: Self.at, after: [])) == ["- 15:10:30 hitting count", "- 15:10:30 hitting count"])
    }

    @Test func aDurationWithoutAWordStopsTheOneRunning() {
        let entry = Self.entry("tantrum", ["measure: duration"])
        let running = [BehaviourEvent(time: TimeOfDay(hour: 15, minute: 6, second: 0), goal: "tantrum", kind: .start)]
        #expect(Self.lines(entry.events([], at: Self.at, after: running)) == ["- 15:10:30 tantrum stop"])
    }

    @Test func aStopWithNothingRunningIsRefused() {
        let entry = Self.entry("tantrum", ["measure: duration"])
        #expect(throws: EventEntry.Problem.self) { try entry.events(["stop"], at: Self.at, after: []).get() }
    }

    @Test func aLatencyGivenInSecondsIsACueThatManySecondsBeforeAndTheResponse() {
        let entry = Self.entry("name", ["measure: latency"])
        #expect(Self.lines(entry.events(["4s"], at: Self.at, after: [])) == ["- 15:10:26 name cue", "- 15:10:30 name response"])
    }

    @Test func intervalsAreNumberedOnFromTheSessionsLastEachAnIntervalApart() {
        let entry = Self.entry("on-task", ["measure: interval", "method: partial", "interval: 10s"])
        let before = [BehaviourEvent(time: TimeOfDay(hour: 15, minute: 10, second: 0), goal: "on-task", kind: .interval(number: 2, scored: true))]
        #expect(Self.lines(entry.events(["+", "-", "+"], at: Self.at, note: "n", after: before))
            == ["- 15:10:10 on-task interval 3 +", "- 15:10:20 on-task interval 4 -", "- 15:10:30 on-task interval 5 +  n"])
    }

    @Test func aNumberBeforeTheScoresSkipsToThatIntervalAndMarksTheOnesSkipped() {
        let entry = Self.entry("on-task", ["measure: interval", "method: partial", "interval: 10s"])
        let before = [BehaviourEvent(time: TimeOfDay(hour: 15, minute: 10, second: 0), goal: "on-task", kind: .interval(number: 2, scored: true))]
        // After interval 2: 12 skips 3-11; two scores are 12 and 13, ten seconds apart.
        #expect(Self.lines(entry.events(["12", "+", "-"], at: Self.at, note: "n", after: before))
            == ["- 15:10:20 on-task interval 12 +  intervals 3-11 not observed", "- 15:10:30 on-task interval 13 -  n"])
        // One skipped: its own words; the note follows the mark.
        #expect(Self.lines(entry.events(["4", "-"], at: Self.at, note: "n", after: before)) == ["- 15:10:30 on-task interval 4 -  interval 3 not observed; n"])
        // The next number itself skips nothing; one scored already is refused.
        #expect(Self.lines(entry.events(["3", "+"], at: Self.at, after: before)) == ["- 15:10:30 on-task interval 3 +"])
        #expect(throws: EventEntry.Problem.self) { try entry.events(["2", "+"], at: Self.at, after: before).get() }
        #expect(throws: EventEntry.Problem.self) { try entry.events(["7"], at: Self.at, after: before).get() }
    }

    @Test func anAntecedentTheVaultDoesNotListIsRefused() {
        let entry = Self.entry("incidents", ["measure: abc"])
        #expect(throws: EventEntry.Problem.self) { try entry.events(["noise", "hitting", "escape"], at: Self.at, after: []).get() }
    }

    @Test func anAbcIncidentIsOneLine() {
        let entry = Self.entry("incidents", ["measure: abc"])
        #expect(Self.lines(entry.events(["Demand", "hitting", "escape"], at: Self.at, after: [])) == ["- 15:10:30 incidents abc demand hitting escape"])
    }

    @Test func aTaskStepTakesItsCueOrTheGoals() {
        let entry = Self.entry("wash", ["measure: task", "steps: [a, b, c]", "chaining: total", "cue: moderate"])
        #expect(Self.lines(entry.events(["3", "-"], at: Self.at, after: [])) == ["- 15:10:30 wash step 3 - moderate"])
    }

    @Test func aTasksFullListIsALineAStep() {
        let entry = Self.entry("wash", ["measure: task", "steps: [a, b, c]", "chaining: total"])
        #expect(Self.lines(entry.events(["i", "n/a", "max"], at: Self.at, after: []))
            == ["- 15:10:30 wash step 1 + independent", "- 15:10:30 wash step 2 n/a", "- 15:10:30 wash step 3 + maximal"])
    }

    @Test func aStepBeyondTheTasksStepsIsRefused() {
        let entry = Self.entry("wash", ["measure: task", "steps: [a, b, c]", "chaining: total"])
        #expect(throws: EventEntry.Problem.self) { try entry.events(["4", "+"], at: Self.at, after: []).get() }
    }

    @Test func aTrialsGoalIsRefusedWithTheTrialCommand() {
        let entry = Self.entry("s-initial", [])
        #expect(throws: EventEntry.Problem(message: "s-initial is a goal of discrete trials; log a trial with 'afterflow trial CLIENT s-initial +' (or set a behaviour measure: in its file)")) {
            try entry.events([], at: Self.at, after: []).get()
        }
    }
}
