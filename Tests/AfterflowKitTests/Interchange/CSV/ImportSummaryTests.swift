@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ImportSummaryTests {
    @Test("the refusal counts the rows with problems and offers the others with --skip-invalid")
    func refusal() {
        #expect(ImportSummary.refusal(rejected: 2, ready: 3) == "nothing was imported: 2 rows have problems; fix them and import again, or import the other 3 rows with --skip-invalid")
    }

    @Test("the refusal with one row and no good rows offers nothing more")
    func refusalOne() {
        #expect(ImportSummary.refusal(rejected: 1, ready: 0) == "nothing was imported: 1 row has problems; fix it and import again")
    }

    @Test("rejected rows: the first ten, then an ellipsis")
    func rejectedList() {
        #expect(ImportSummary.rejected(Array(2...13), unit: "row") == "12 rejected (rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …)")
    }

    @Test("one rejected line is singular")
    func rejectedOne() {
        #expect(ImportSummary.rejected([4], unit: "line") == "1 rejected (line 4)")
    }

    @Test("an empty trial import with problems still needs --skip-invalid")
    func emptyImportWithProblems() {
        var plan = TrialImport.Plan()
        plan.problems = [TrialCSV.Problem(row: 1, message: "expected the header")]
        #expect(plan.needsSkipInvalid)
    }

    @Test("selecting by days keeps only the sessions within them")
    func selectingDays() {
        let records = TrialCSV.selecting(TrialPracticeFixture.records, since: "2025-01-15", until: "2025-01-21", goal: nil)
        #expect(records.map { $0.sessions.count } == [1, 1])
    }

    @Test("selecting a goal keeps only its trials and drops the sessions left empty")
    func selectingGoal() {
        let records = TrialCSV.selecting(TrialPracticeFixture.records, since: nil, until: nil, goal: "Two-Step")
        #expect(records[0].sessions.count == 2 && TrialCSV.trialCount(records) == 4)
    }
}
