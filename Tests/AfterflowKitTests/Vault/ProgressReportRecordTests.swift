@testable import AfterflowKit
import Foundation
import Testing

/// `recordProgressReport`: the day added to `client.md`'s `progress_reports:`, in order, once,
/// through the store's update; refused while the file has errors.
@Suite struct ProgressReportRecordTests {
    static let now = Date(timeIntervalSince1970: 1_760_976_000)  // 2025-10-20 09:00 in Los Angeles

    func vault(_ keys: [String]) throws -> TemporaryVault {
        let temp = try TemporaryVault()
        try temp.write("clients/maya-t/client.md", (["---", "type: client", "id: 0E4B6A52-8F1D-4C3B-9A7E-5D2C1B0A9F88", "name: Maya Thompson"]
            + keys + ["updated: 2025-01-06T09:00:00-08:00", "---", "", "## Notes", "", "Keep this line.", ""]).joined(separator: "\n"))
        return temp
    }

    @Test func theDayIsAddedInOrderOnce() throws {
        let temp = try vault(["progress_every: 10 visits", "progress_reports: [2025-03-11, 2025-11-01]"])
        let store = DocumentStore(vault: try temp.vault)
        #expect(try store.recordProgressReport(client: "maya-t", on: LocalDate(year: 2025, month: 10, day: 20), now: Self.now))
        let text = try temp.read("clients/maya-t/client.md")
        #expect(text.contains("\nprogress_reports: [2025-03-11, 2025-10-20, 2025-11-01]\n"))
        #expect(text.contains("\nupdated: 2025-10-20T09:00:00-07:00\n"))
        #expect(text.contains("progress_every: 10 visits\n") && text.hasSuffix("Keep this line.\n"))
        // The same day again changes nothing.
        #expect(try !store.recordProgressReport(client: "maya-t", on: LocalDate(year: 2025, month: 10, day: 20), now: Self.now))
        #expect(try temp.read("clients/maya-t/client.md") == text)
    }

    @Test func aNewKeyGoesBeforeCreatedAndUpdated() throws {
        let temp = try vault([])
        let store = DocumentStore(vault: try temp.vault)
        try store.recordProgressReport(client: "maya-t", on: LocalDate(year: 2025, month: 10, day: 20), now: Self.now)
        let text = try temp.read("clients/maya-t/client.md")
        #expect(text.contains("name: Maya Thompson\nprogress_reports: [2025-10-20]\nupdated: "))
        #expect(Client(document: Document(text)).progressReports.map(\.dayString) == ["2025-10-20"])
    }

    @Test func aFileWithErrorsIsNotRewritten() throws {
        let temp = try vault(["progress_reports: [2025-03-11, March]"])
        let before = try temp.read("clients/maya-t/client.md")
        let store = DocumentStore(vault: try temp.vault)
        #expect(throws: VaultError.self) { try store.recordProgressReport(client: "maya-t", on: LocalDate(year: 2025, month: 10, day: 20), now: Self.now) }
        #expect(try temp.read("clients/maya-t/client.md") == before)
    }
}
