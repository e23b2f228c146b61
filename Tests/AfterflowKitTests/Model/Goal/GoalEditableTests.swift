import AfterflowKit
import Foundation
import Testing

/// Which goal files `goal set` and `goal phase` edit: those without errors.
@Suite struct GoalEditableTests {
    func entry(mastery: String) -> VaultEntry {
        VaultEntry(path: "clients/maya-t/goals/s-initial.md", bytes: Array("""
            ---
            type: goal
            id: 07996C7F-C0DE-56DE-BC3A-643080567636
            client: 34AB4857-25A3-5531-8AE9-B66C4720C05A
            title: Produce /s/
            mastery: \(mastery)
            min_trials: 5
            phase: active
            started: 2025-01-07
            updated: 2025-01-21T09:00:00-08:00
            ---

            """.utf8))
    }

    @Test func aGoalWithoutErrorsIsEditable() throws {
        #expect(try GoalEditor.editable(entry(mastery: "80% x 3")).currentPhase == .active)
    }

    @Test func aGoalWithAnErrorIsRefusedNamingItsFile() {
        #expect(throws: VaultError.self) { try GoalEditor.editable(entry(mastery: "often")) }
    }
}
