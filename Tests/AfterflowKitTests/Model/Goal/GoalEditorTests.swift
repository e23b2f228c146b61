import AfterflowKit
import Foundation
import Testing

/// Goal editing in the library (#21, item 3): what `goal add`, `goal set` and `goal phase` do to a
/// goal file, each change touching only the lines of its keys.
@Suite struct GoalEditorTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-03-02 10:00 in Los Angeles.
    static let now = ISO8601DateFormatter().date(from: "2025-03-02T18:00:00Z")!

    let editor = GoalEditor(cues: .standard, categories: ["articulation", "language"], timeZone: GoalEditorTests.zone, now: GoalEditorTests.now)

    func goal(phases: String = "phases: [baseline 2025-01-07, active 2025-01-21]") -> Document {
        Document("""
            ---
            type: goal
            id: 07996C7F-C0DE-56DE-BC3A-643080567636
            client: 34AB4857-25A3-5531-8AE9-B66C4720C05A
            title: Produce /s/   # as the book says
            mastery: 80% x 3
            min_trials: 5
            phase: active
            \(phases)
            started: 2025-01-07
            updated: 2025-01-21T09:00:00-08:00
            ---

            ## Definition

            """ + "\n")
    }

    func lines(_ document: Document) -> [String] { String(decoding: document.bytes, as: UTF8.self).components(separatedBy: "\n") }

    @Test("set min_trials: that line and updated change, every other line stays")
    func setChangesOnlyItsLines() throws {
        let before = goal()
        let after = editor.applying(try editor.changes(["min_trials=10"]), to: before)
        let changed = zip(lines(before), lines(after)).filter { $0 != $1 }.map(\.1)
        #expect(changed == ["min_trials: 10", "updated: 2025-03-02T10:00:00-08:00"])
    }

    @Test("a change that leaves the values as they are does not touch updated")
    func unchangedKeepsUpdated() throws {
        let before = goal()
        #expect(editor.applying(try editor.changes(["min_trials=5"]), to: before).bytes == before.bytes)
    }

    @Test("counts_correct is checked against the cue levels and written as a flow list")
    func countsCorrect() throws {
        #expect(try editor.changes(["counts-correct=Independent,minimal"]) == [GoalEditor.Change(key: "counts_correct", lines: ["counts_correct: [independent, minimal]"])])
    }

    @Test("an empty value removes the key")
    func emptyRemoves() throws {
        #expect(try editor.changes(["cue="]) == [GoalEditor.Change(key: "cue", lines: nil)])
    }

    @Test("phase is refused by set: it changes with its day")
    func phaseKeyRefused() {
        #expect(throws: GoalEditor.Rejection.phaseKey) { try editor.changes(["min_trials=3", "phase=mastered"]) }
    }

    @Test("a category not in the vault's list is refused, naming the list")
    func unknownCategory() {
        #expect(throws: GoalEditor.Rejection.invalid("category must be one of articulation, language, found \"motor\"")) {
            try editor.changes(["category=motor"])
        }
    }

    @Test("phase: the change is added to a flow list")
    func phaseFlow() throws {
        let changes = try editor.phasing(Goal(document: goal()), to: .maintenance, on: LocalDate(year: 2025, month: 3, day: 2))
        #expect(changes.last == GoalEditor.Change(key: "phases", lines: ["phases: [baseline 2025-01-07, active 2025-01-21, maintenance 2025-03-02]"]))
    }

    @Test("phase: a block list keeps its indentation")
    func phaseBlockIndent() throws {
        let document = goal(phases: "phases:\n    - baseline 2025-01-07\n    - active 2025-01-21")
        let after = editor.applying(try editor.phasing(Goal(document: document), to: .mastered, on: LocalDate(year: 2025, month: 3, day: 2)), to: document)
        #expect(lines(after).contains("    - mastered 2025-03-02"))
    }

    @Test("phase: without a list, the phase held since started comes first")
    func phaseFromStarted() throws {
        let document = goal(phases: "")
        let changes = try editor.phasing(Goal(document: document), to: .mastered, on: LocalDate(year: 2025, month: 3, day: 2))
        #expect(changes.last?.lines == ["phases: [active 2025-01-07, mastered 2025-03-02]"])
    }

    @Test("phase: a day before the last change is refused")
    func phaseBeforeLast() {
        let day = LocalDate(year: 2025, month: 1, day: 10)
        #expect(throws: GoalEditor.Rejection.beforeLastChange(day: day, last: PhaseChange(phase: .active, day: LocalDate(year: 2025, month: 1, day: 21)))) {
            try editor.phasing(Goal(document: goal()), to: .mastered, on: day)
        }
    }

    @Test("a new goal starts today in the vault's zone")
    func newGoalStartsToday() throws {
        let values = try editor.values(GoalEditor.NewGoal(title: " Follow directions "), client: UUID()) { $0 }
        #expect(values.started == LocalDate(year: 2025, month: 3, day: 2))
    }

    @Test("a new goal's options are named as the front end names them")
    func newGoalLabel() {
        var new = GoalEditor.NewGoal(title: "Follow directions")
        new.minTrials = 0
        #expect(throws: GoalEditor.Rejection.invalid("--min-trials must be at least 1")) {
            try editor.values(new, client: UUID()) { "--" + $0.replacingOccurrences(of: "_", with: "-") }
        }
    }
}
