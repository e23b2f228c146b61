@testable import AfterflowKit
import Foundation
import Testing

/// A client's `progress_every:`, `report_periods:` and `progress_reports:`, and the vault's
/// default: read, and each problem located at its value.
@Suite struct ClientReportKeysTests {
    static func client(_ keys: [String]) -> Client {
        Client(document: Document((["---", "type: client", "id: 0E4B6A52-8F1D-4C3B-9A7E-5D2C1B0A9F88", "name: Maya Thompson"] + keys + ["---", ""]).joined(separator: "\n")))
    }

    @Test func theKeysAreRead() {
        let visits = Self.client(["progress_every: 10 visits", "progress_reports: [2025-02-04, 2025-03-11]"])
        #expect(visits.diagnostics.isEmpty)
        #expect(visits.progressEvery == .visits(10))
        #expect(visits.progressReports.map(\.dayString) == ["2025-02-04", "2025-03-11"])
        let periods = Self.client(["report_periods:", "  - 2025-09-01..2025-11-14", "  - 2026-01-30"])
        #expect(periods.diagnostics.isEmpty)
        #expect(periods.progressEvery == .periods([ReportPeriod(start: LocalDate(year: 2025, month: 9, day: 1), end: LocalDate(year: 2025, month: 11, day: 14)),
                                                   ReportPeriod(start: nil, end: LocalDate(year: 2026, month: 1, day: 30))]))
        #expect(Self.client(["progress_every: none"]).progressEvery == .never)
        #expect(Self.client([]).progressEvery == nil)
    }

    /// Line 5 is the first key after type, id and name (the fence is line 1). Columns count from
    /// 1: `progress_every: ` is 16 bytes, so its value starts at 17; `progress_reports: [` is 19,
    /// so the first item starts at 20 and the second after `2025-03-11, ` at 32.
    @Test func problemsAreLocated() throws {
        let bad = Self.client(["progress_every: 10 weeks"])
        let problem = try #require(bad.diagnostics.first)
        #expect(problem.message == "progress_every must be \(ReportCadence.expected), found \"10 weeks\"")
        #expect(problem.location.line == 5 && problem.location.column == 17)
        let order = Self.client(["progress_reports: [2025-03-11, 2025-02-04]"])
        let late = try #require(order.diagnostics.first)
        #expect(late.message == "progress_reports must be in order: 2025-02-04 comes after 2025-03-11")
        #expect(late.location.line == 5 && late.location.column == 32)
        let notDay = Self.client(["progress_reports: [March]"])
        #expect(notDay.diagnostics.first?.message == "each of progress_reports must be the day a report was given, like 2025-03-11, found \"March\"")
        #expect(notDay.diagnostics.first?.location.column == 20)
        let both = Self.client(["progress_every: 10 visits", "report_periods: [2025-11-14]"])
        #expect(both.diagnostics.map(\.message) == ["progress_every and report_periods both say when reports are due; keep one"])
        #expect(both.diagnostics.first?.location.line == 6)
        let backwards = Self.client(["report_periods: [2025-11-14, 2025-09-01]"])
        #expect(backwards.diagnostics.first?.message == "report_periods must be in order: 2025-09-01 ends on or before 2025-11-14, the end of the one before")
    }

    @Test func theVaultsDefault() {
        let config = VaultConfig(bytes: Array("version: 1\nprogress_every: 30 days\n".utf8))
        #expect(config.progressEvery == .days(30) && config.diagnostics.isEmpty)
        let periods = VaultConfig(bytes: Array("report_periods: [2025-11-14, 2026-01-30]\n".utf8))
        #expect(periods.progressEvery?.yearEnd?.dayString == "2026-01-30")
        let both = VaultConfig(bytes: Array("progress_every: 30 days\nreport_periods: [2025-11-14]\n".utf8))
        #expect(both.diagnostics.map(\.message) == ["progress_every and report_periods both say when reports are due; keep one"])
        let bad = VaultConfig(bytes: Array("progress_every: monthly\n".utf8))
        #expect(bad.progressEvery == nil && bad.diagnostics.first?.location.line == 1)
    }
}
