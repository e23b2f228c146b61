import AfterflowKit
import Testing

/// When a progress report is due, on a fixed clock: `progress_every: N visits`, `N days` and
/// `report_periods:`, with the days worked out by hand in each test's comment.
@Suite struct ReportScheduleTests {
    static func day(_ text: String) throws -> LocalDate { try #require(LocalDate.parse(text)) }

    /// Tuesdays from 2025-01-07, weekly: 01-07, 01-14, 01-21, 01-28, 02-04, 02-11, 02-18, 02-25,
    /// 03-04, 03-11 (the 10th), 03-18, 03-25 (12 in all), as Maya's in the ExampleVault.
    static let tuesdays = ["2025-01-07", "2025-01-14", "2025-01-21", "2025-01-28", "2025-02-04", "2025-02-11",
                           "2025-02-18", "2025-02-25", "2025-03-04", "2025-03-11", "2025-03-18", "2025-03-25"]

    static func schedule(_ cadence: ReportCadence, visits: [String] = tuesdays, reports: [String] = [], today: String) throws -> ReportSchedule? {
        ReportSchedule(cadence: cadence, visits: try visits.map(day), reports: try reports.map(day), today: try day(today))
    }

    @Test(arguments: [
        ("10 visits", ReportCadence.visits(10)), ("1 visit", .visits(1)), ("30 Days", .days(30)), ("  30   days ", .days(30)),
        ("none", .never), ("NONE", .never),
    ])
    func cadenceParses(_ text: String, _ expected: ReportCadence) {
        #expect(ReportCadence.parse(every: text) == expected)
    }

    @Test(arguments: ["0 visits", "367 days", "10 weeks", "ten visits", "10", "visits", "10 visits please", ""])
    func cadenceRefuses(_ text: String) {
        #expect(ReportCadence.parse(every: text) == nil)
    }

    @Test func periodsParse() throws {
        let range = try #require(ReportPeriod.parse("2025-09-01..2025-11-14"))
        #expect(range.start?.dayString == "2025-09-01" && range.end.dayString == "2025-11-14" && range.text == "2025-09-01..2025-11-14")
        let end = try #require(ReportPeriod.parse("2025-11-14"))
        #expect(end.start == nil && end.end.dayString == "2025-11-14")
        // A period that ends before it starts, a time, and words are refused.
        #expect(ReportPeriod.parse("2025-11-14..2025-09-01") == nil)
        #expect(ReportPeriod.parse("2025-11-14T09:00") == nil)
        #expect(ReportPeriod.parse("end of term") == nil)
    }

    /// Every 10 visits, no report yet: the 10th visit is 03-11. On 03-04 (9 visits) one is left;
    /// on 03-11 it is due; on 03-17 (6 days after, within the 7-day grace) still due; on 03-19
    /// with the visits only up to 03-11, 8 days after: late; on 03-18, the 11th visit came
    /// without a report: late at once.
    @Test func visitsAreCountedToTheTenth() throws {
        let before = try #require(try Self.schedule(.visits(10), today: "2025-03-04"))
        #expect(before.status == .upcoming && before.dueDay == nil && before.visitsLeft == 1 && before.visitsSince == 9)
        #expect(before.shortText == "in 1 visit")
        let due = try #require(try Self.schedule(.visits(10), today: "2025-03-11"))
        #expect(due.status == .due && due.dueDay?.dayString == "2025-03-11" && due.visitsSince == 10)
        let grace = try #require(try Self.schedule(.visits(10), visits: Array(Self.tuesdays.prefix(10)), today: "2025-03-17"))
        #expect(grace.status == .due)
        let pastGrace = try #require(try Self.schedule(.visits(10), visits: Array(Self.tuesdays.prefix(10)), today: "2025-03-19"))
        #expect(pastGrace.status == .late)
        let treatedOn = try #require(try Self.schedule(.visits(10), today: "2025-03-18"))
        #expect(treatedOn.status == .late && treatedOn.visitsSince == 11 && treatedOn.dueDay?.dayString == "2025-03-11")
        // On the README's clock: 12 visits, late since the 10th.
        let readme = try #require(try Self.schedule(.visits(10), today: "2025-10-20"))
        #expect(readme.text == "late: due 2025-03-11 (every 10 visits; 12 since the first visit)")
        #expect(readme.shortText == "late, due 2025-03-11")
    }

    /// A report on 03-11 restarts the count: 03-18 and 03-25 are 2 of the next 10, so 8 are left
    /// and nothing is due. A report dated after today (a typo, or planned) is not counted yet.
    @Test func aReportRestartsTheCount() throws {
        let after = try #require(try Self.schedule(.visits(10), reports: ["2025-03-11"], today: "2025-10-20"))
        #expect(after.status == .upcoming && after.visitsSince == 2 && after.visitsLeft == 8 && after.lastReport?.dayString == "2025-03-11")
        #expect(after.periodStart.dayString == "2025-03-12")
        let future = try #require(try Self.schedule(.visits(10), reports: ["2025-12-01"], today: "2025-10-20"))
        #expect(future.lastReport == nil && future.status == .late)
    }

    /// Every 30 days from the first visit, 01-07: Jan 7 + 30 = Feb 6 (24 days to Jan 31, 6 more).
    /// 02-05 upcoming, 02-06 due, 02-13 (7 after) due, 02-14 late. After a report on 02-10, the
    /// next is Feb 10 + 30 = Mar 12 (18 days to Feb 28, 12 more).
    @Test func daysAreCountedFromTheLastReport() throws {
        let cases: [(String, ReportSchedule.Status)] = [("2025-02-05", .upcoming), ("2025-02-06", .due), ("2025-02-13", .due), ("2025-02-14", .late)]
        for (today, status) in cases {
            let s = try #require(try Self.schedule(.days(30), today: today))
            #expect(s.dueDay?.dayString == "2025-02-06" && s.status == status, "\(today)")
        }
        let after = try #require(try Self.schedule(.days(30), reports: ["2025-02-10"], today: "2025-03-01"))
        #expect(after.dueDay?.dayString == "2025-03-12" && after.status == .upcoming)
        #expect(after.reason == "every 30 days; since the report of 2025-02-10")
    }

    /// Leo's periods in the ExampleVault: ends 03-14, 06-06, 10-17; reports on 03-14 and 06-06.
    /// The first end after 06-06 is 10-17: on 10-20, 3 days after, due; on 10-25, 8 after, late.
    /// A report on 03-13, the day before the end, counts for no period: 03-14 stays due. Periods
    /// that all ended before the first visit (01-09) leave nothing due, as does a year reported.
    @Test func periodsAreDueAtTheirEnd() throws {
        let periods = ReportCadence.periods(try ["2025-03-14", "2025-06-06", "2025-10-17"].map { try #require(ReportPeriod.parse($0)) })
        let visits = ["2025-01-09", "2025-03-13"]
        let due = try #require(try Self.schedule(periods, visits: visits, reports: ["2025-03-14", "2025-06-06"], today: "2025-10-20"))
        #expect(due.status == .due && due.dueDay?.dayString == "2025-10-17")
        #expect(due.reason == "reporting period 2025-10-17")
        let late = try #require(try Self.schedule(periods, visits: visits, reports: ["2025-03-14", "2025-06-06"], today: "2025-10-25"))
        #expect(late.status == .late)
        let early = try #require(try Self.schedule(periods, visits: visits, reports: ["2025-03-13"], today: "2025-03-20"))
        #expect(early.dueDay?.dayString == "2025-03-14" && early.status == .due)
        #expect(try Self.schedule(periods, visits: ["2025-11-01"], today: "2025-11-20") == nil)
        #expect(try Self.schedule(periods, visits: visits, reports: ["2025-10-17"], today: "2025-10-20") == nil)
        #expect(try Self.schedule(.visits(10), visits: [], today: "2025-10-20") == nil)
        #expect(try Self.schedule(.never, today: "2025-10-20") == nil)
    }

    /// A visit is a day of the client's own sessions: two sessions on 01-07 are one visit, a
    /// second observer's record on 01-14 is none, and a session dated after today is not
    /// counted. Visits 01-07 and 01-21 make 2 of 3: one left. The vault's cadence applies when
    /// the client's file says none.
    @Test func aVisitIsADayOfTheClientsOwnSessions() throws {
        let sessions = [
            "2025/2025-01-07-0900.md": MasteryOptionsTests.session("2025-01-07T09:00:00", MasteryOptionsTests.trials(1, of: 2)),
            "2025/2025-01-07-1500.md": MasteryOptionsTests.session("2025-01-07T15:00:00", MasteryOptionsTests.trials(1, of: 2)),
            "2025/2025-01-14-1500-jd.md": MasteryOptionsTests.session("2025-01-14T15:00:00", MasteryOptionsTests.trials(1, of: 2),
                                                                      keys: ["role: reliability", "primary: 7D3C2B1A-0000-4000-8000-000000000001"]),
            "2025/2025-01-21-1500.md": MasteryOptionsTests.session("2025-01-21T15:00:00", MasteryOptionsTests.trials(1, of: 2)),
            "2025/2025-11-04-1500.md": MasteryOptionsTests.session("2025-11-04T15:00:00", MasteryOptionsTests.trials(1, of: 2)),
        ]
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", [])], sessions: sessions)
        let s = try #require(ReportSchedule.of(record, fallback: .visits(3), today: try Self.day("2025-10-20")))
        #expect(s.visitsSince == 2 && s.visitsLeft == 1 && s.status == .upcoming)
        #expect(ReportSchedule.of(record, fallback: nil, today: try Self.day("2025-10-20")) == nil)
    }
}
