@testable import AfterflowKit
import Foundation
import Testing

@Suite struct IndexSummaryJSONTests {
    @Test("the refresh's changes in words, the kinds it did not see left out")
    func changeWords() {
        var report = IndexStore.RefreshReport()
        report.added = 3
        report.removed = 1
        #expect(report.changeWords == "3 added, 1 removed")
    }

    @Test("a refresh that changed nothing has no words")
    func noChanges() {
        #expect(IndexStore.RefreshReport().changeWords == nil)
    }
}
