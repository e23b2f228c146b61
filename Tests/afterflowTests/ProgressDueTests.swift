import Foundation
import Testing

/// `progress --due`, `client list` and `export progress --period` on the ExampleVault at the
/// README's clock (2025-10-20 09:00) and on other fixed clocks (#23).
@Suite("progress --due")
struct ProgressDueTests {
    static let now = practiceAt("2025-10-20T09:00:00-07:00")

    /// Maya: `progress_every: 10 visits`, no report yet; 12 weekly visits from 01-07, the 10th on
    /// 03-11 and two more after it: late. Leo: reporting periods ending 03-14, 06-06, 10-17, …,
    /// reports on 03-14 and 06-06: 10-17 is 3 days past, within the 7-day grace: due. Sam has no
    /// schedule and is not listed.
    @Test("the ExampleVault's due list: Maya late, Leo due, each with the command that writes it")
    func exampleVault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let json = try sandbox.run(["progress", "--due", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let items = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(items.map { $0["client"] as? String } == ["leo-o", "maya-t"])
            #expect(items.map { $0["status"] as? String } == ["due", "late"])
            #expect(items.map { $0["due"] as? String } == ["2025-10-17", "2025-03-11"])
            #expect(items.map { $0["visits_since"] as? Int } == [0, 12])
            #expect(items.map { $0["command"] as? String } == ["afterflow export progress leo-o --period", "afterflow export progress maya-t --period"])

            let table = try sandbox.run(["progress", "--due"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdoutLines.count == 4, "a header, a line a client and the command: \(table)")
            #expect(table.stdoutLines[2].hasPrefix("maya-t  Maya T.  late    2025-03-11  every 10 visits; 12 since the first visit"), "\(table)")
            #expect(table.stdout.contains("Leo O.") && !table.stdout.contains("Ortiz") && !table.stdout.contains("Thompson"))

            // client list shows the next report of each client with a schedule.
            let list = try sandbox.run(["client", "list"], directory: vault, environment: Self.now)
            expectStatus(list, 0)
            #expect(list.stdoutLines[0].hasSuffix("PROGRESS REPORT"), "\(list)")
            #expect(list.stdoutLines[1].hasSuffix("due 2025-10-17") && list.stdoutLines[2].hasSuffix("late, due 2025-03-11"), "\(list)")
        }
    }

    /// Writing Maya's report records 2025-10-20; the count restarts after it, so nothing is due
    /// for her on that day. `--dry-run` writes the report and leaves client.md as it was. The
    /// report covers the period since the first visit (Jan 7, 2025) to the day.
    @Test("export progress --period records the day; --dry-run does not; the due list follows")
    func periodReportIsRecorded() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let client = vault + "/clients/maya-t/client.md"
            let before = try sandbox.readText(client)
            let dry = try sandbox.run(["export", "progress", "maya-t", "--period", "--dry-run", "-o", sandbox.path("dry.html")], directory: vault, environment: Self.now)
            expectStatus(dry, 0)
            #expect(try sandbox.readText(client) == before)
            #expect(dry.stderr.contains("Not recorded (--dry-run)"), "\(dry)")
            let html = try sandbox.readText(sandbox.path("dry.html"))
            #expect(html.contains("Jan 7, 2025 to Oct 20, 2025, the first report"))
            #expect(html.contains("Progressing: from") || html.contains("Met: mastered on"))

            let real = try sandbox.run(["export", "progress", "maya-t", "--period", "-o", sandbox.path("p.html")], directory: vault, environment: Self.now)
            expectStatus(real, 0)
            #expect(try sandbox.readText(client).contains("\nprogress_reports: [2025-10-20]\n"), "\(real)")
            let due = try sandbox.run(["progress", "--due", "maya-t"], directory: vault, environment: Self.now)
            expectStatus(due, 0)
            #expect(due.stdout == "No progress report is due on 2025-10-20.\n", "\(due)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            // Misuse is refused with what to do.
            let mixed = try sandbox.run(["export", "progress", "maya-t", "--period", "--since", "2025-01-01"], directory: vault, environment: Self.now)
            expectStatus(mixed, 64)
            let noClient = try sandbox.run(["progress"], directory: vault, environment: Self.now)
            expectStatus(noClient, 64)
            #expect(noClient.stderr.contains("afterflow progress --due"), "\(noClient)")
        }
    }
}
