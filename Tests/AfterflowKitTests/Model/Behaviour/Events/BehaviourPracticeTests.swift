@testable import AfterflowKit
import Foundation
import Testing

/// A goal of each measure, a session with a line of each, written through the store.
@Suite struct BehaviourPracticeTests {
    /// `Fixtures/behaviour/clean`: the practice fixture `clean` with a goal of each measure and a
    /// session holding a well-formed line of each.
    static func cleanVault() -> (entries: [VaultEntry], paths: [String]) {
        let root = Fixtures.directory.appendingPathComponent("behaviour/clean").path
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { paths.append(path) }
        }
        paths.sort()
        return (paths.map { VaultEntry(path: $0, bytes: Array(FileManager.default.contents(atPath: root + "/" + $0) ?? Data())) }, paths)
    }

    @Test func aGoalOfEachMeasureAndALineOfEachHaveNoProblems() {
        let (entries, paths) = Self.cleanVault()
        let found = entries.flatMap(\.diagnostics) + PracticeCheck(config: VaultConfig()).diagnostics(entries: entries, paths: paths)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func theCleanSessionReadsALineOfEachMeasure() {
        let (entries, _) = Self.cleanVault()
        let session = entries.compactMap { entry -> TrialSession? in if case .trials(let s) = entry.content { return s } else { return nil } }.first
        #expect(Set(session?.events.compactMap(\.measure) ?? []) == Set(GoalMeasure.allCases.filter { $0 != .trials }))
    }

    @Test func theGoalViewExposesTheKeysOfItsMeasure() {
        let goal = Goal(document: Document(TrialFixture.goal("on-task", ["measure: interval", "method: Whole", "interval: 1m30s"])))
        #expect([goal.measure.rawValue, goal.method?.rawValue ?? "", String(goal.intervalSeconds ?? 0)] == ["interval", "whole", "90"])
    }

    @Test func aTaskGoalsStepsAndChainingAreRead() {
        let goal = Goal(document: Document(TrialFixture.goal("wash", ["measure: task", "steps:", "  - wet hands", "  - soap", "chaining: backward"])))
        #expect(goal.steps == ["wet hands", "soap"] && goal.chaining == .backward)
    }

    @Test func aGoalWithoutMeasureIsOfTrials() {
        #expect(Goal(document: Document(TrialFixture.goal("s-initial", []))).measure == .trials)
    }

    @Test func theVaultsAbcListsReplaceTheStandardOnes() {
        let config = VaultConfig(bytes: Array("abc_antecedents: [Noise, demand]\n".utf8))
        #expect(config.abcAntecedents == ["noise", "demand"] && config.abcConsequences == AbcLists.standardConsequences)
    }

    @Test func aBadAbcListItemIsAnErrorAtTheItem() {
        let config = VaultConfig(bytes: Array("abc_consequences: [escape, got away]\n".utf8))
        #expect(config.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
            == ["1:28: each of abc_consequences must be one word of letters, digits, - and _ (as ABC lines write it, like denied-access), found \"got away\""])
    }

    @Test func eventsAreAppendedToTheEndOfTheFileAfterItsBytes() throws {
        let vault = try TemporaryVault()
        let path = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
        let text = BehaviourEventLineTests.session(["- 15:02:10 s-initial + independent"])
        try vault.write(path, text)
        let events = [BehaviourEvent(time: TimeOfDay(hour: 15, minute: 6, second: 0), goal: "tantrum", kind: .start),
                      BehaviourEvent(time: TimeOfDay(hour: 15, minute: 6, second: 0), goal: "hitting", kind: .occurrence, note: "a")]
        try DocumentStore(vault: vault.vault).append(events, to: path)
        #expect(try vault.read(path) == text + "- 15:06:00 tantrum start\n- 15:06:00 hitting count  a\n")
    }

    @Test func anEarlierEventGoesAfterTheLastLineAtOrBeforeItsTime() {
        let document = Document(BehaviourEventLineTests.session(["- 15:02:10 s-initial + independent", "- 15:09:00 tantrum start"]))
        let event = BehaviourEvent(time: TimeOfDay(hour: 15, minute: 5, second: 0), goal: "hitting", kind: .occurrence)
        guard case .replace(let result) = TrialAppend.plan([event], in: document) else { Issue.record("appended"); return }
        #expect(TrialSession(document: result).events.map(\.lineText) == ["- 15:05:00 hitting count", "- 15:09:00 tantrum start"])
    }
}
