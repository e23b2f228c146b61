import AfterflowKit
import Foundation
import Testing

@Suite struct SessionDateRangeTests {
    @Test(arguments: [(1899, false), (1900, true), (2024, true), (9999, true), (1, false), (0, false)])
    func yearsFrom1900To9999(_ year: Int, _ accepted: Bool) {
        let date = LocalDate(year: year, month: 1, day: 1)
        #expect((date.yearProblem == nil) == accepted)
        if !accepted { #expect(date.yearProblem == "the year must be from 1900 to 9999, found \(year)") }
    }

    /// Monrovia kept local mean time, -00:44:30, until 1972: no `±HH:MM` offset holds it.
    @Test func anOffsetInSecondsIsNotCutToMinutes() throws {
        let zone = try #require(TimeZone(identifier: "Africa/Monrovia"))
        let local = try #require(LocalDate.parse("1960-06-01 10:00"))
        let resolved = local.resolved(in: zone)
        #expect(resolved.offset == -(44 * 60 + 30))
        let written = resolved.canonical(in: zone)
        #expect(written == "1960-06-01T10:00:00")
        let reread = try #require(LocalDate.parse(written))
        #expect(reread.epochSeconds(in: zone) == resolved.epochSeconds(in: zone))
        #expect(LocalDate(resolved.date(in: zone), in: zone).canonical(in: zone) == written)
        // A whole-minute offset is still written.
        let later = try #require(LocalDate.parse("1980-06-01 10:00")).resolved(in: zone)
        #expect(later.canonical(in: zone) == "1980-06-01T10:00:00+00:00")
    }

    @Test func aFileWithAYearOutOfRangeHasAnError() {
        let session = Session(parsing: "---\ndate: 1850-06-01T10:00:00-07:52\ntreatment: lsd\n---\n")
        #expect(session.date == nil)
        #expect(session.diagnostics.map(\.message).contains("date: the year must be from 1900 to 9999, found 1850"))
        #expect(session.diagnostics.first { $0.message.hasPrefix("date:") }?.location == SourceLocation(line: 2, column: 7))
    }
}
