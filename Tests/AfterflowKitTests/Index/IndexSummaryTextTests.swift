@testable import AfterflowKit
import Testing

/// `index`'s summary for people: a line for what there is, none for what there is not.
@Suite struct IndexSummaryTextTests {
    @Test func anEmptyVaultHasOnlyItsSessionCount() {
        #expect(IndexSummary().textLines == ["Sessions     0"])
    }

    @Test func everyPartHasItsLine() {
        var summary = IndexSummary()
        summary.sessions = 2
        summary.byStatus = [(.complete, 2)]
        summary.drafts = 1
        summary.first = "2024-12-10"
        summary.last = "2025-01-05"
        summary.averageMoodBefore = 4.25
        summary.averageMoodAfter = 7
        summary.byTreatment = [(.psilocybin, 2)]
        summary.notes = 1
        #expect(summary.textLines == [
            "Sessions     2  (\(SessionStatus.complete.counted(2)))", "Drafts       1  (in .afterflow/drafts/)", "Dates        2024-12-10 to 2025-01-05",
            "Mood         4.2 before, 7.0 after, on average", "Treatments   Psilocybin 2", "Plain notes  1 Markdown file without front matter, left alone",
        ])
    }
}
