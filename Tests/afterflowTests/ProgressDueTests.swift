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
            // Kai M. (line 1) has no schedule; Leo O. and Maya T. follow.
            #expect(list.stdoutLines[2].hasSuffix("due 2025-10-17") && list.stdoutLines[3].hasSuffix("late, due 2025-03-11"), "\(list)")
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
            // two-step: no baseline phase, so the first counting session is the baseline, Jan 7
            // 5 of 12 (41.6 %, shown 41 %); the last, Mar 25, 9 of 10 (90 %): +49, all 12 sessions
            // (10 to 15 trials, min 5) in the period. s-initial met 80% x 3 on Mar 18.
            #expect(html.contains("Progressing: from 41 % at baseline to 90 % on Mar 25, 2025, up 49 percentage points, over 12 sessions this period"), "\(html)")
            #expect(html.contains("<dd>+49 percentage points since baseline</dd>"))
            #expect(html.contains("Met: mastered on Mar 18, 2025 (80% x 3)."))
            #expect(!html.contains("Thompson") && !html.contains("2017-03-02"))

            let real = try sandbox.run(["export", "progress", "maya-t", "--period", "-o", sandbox.path("p.html")], directory: vault, environment: Self.now)
            expectStatus(real, 0)
            #expect(try sandbox.readText(client).contains("\nprogress_reports: [2025-10-20]\n"), "\(real)")
            let due = try sandbox.run(["progress", "--due", "maya-t"], directory: vault, environment: Self.now)
            expectStatus(due, 0)
            #expect(due.stdout == "No progress report is due on 2025-10-20.\n", "\(due)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            // Leo's period since his report of Jun 6 holds no session: the current level is still
            // his last, requests on Mar 13, 12 of 15 (80 %), 11 independent (73 %), and no empty
            // session table is drawn.
            let leo = try sandbox.run(["export", "progress", "leo-o", "--period", "--dry-run", "-o", sandbox.path("leo.html")], directory: vault, environment: Self.now)
            expectStatus(leo, 0)
            let leoHTML = try sandbox.readText(sandbox.path("leo.html"))
            #expect(leoHTML.contains("Jun 7, 2025 to Oct 20, 2025, since the report of Jun 6, 2025"))
            #expect(leoHTML.contains("<dd>80 % correct on Mar 13, 2025, 73 % independent</dd>"))
            #expect(leoHTML.contains("No session of this goal counted in this period") && !leoHTML.contains("<h3>Sessions</h3>"))

            // Misuse is refused with what to do.
            let mixed = try sandbox.run(["export", "progress", "maya-t", "--period", "--since", "2025-01-01"], directory: vault, environment: Self.now)
            expectStatus(mixed, 64)
            let noClient = try sandbox.run(["progress"], directory: vault, environment: Self.now)
            expectStatus(noClient, 64)
            #expect(noClient.stderr.contains("afterflow progress --due"), "\(noClient)")
        }
    }

    /// Sam's report of Mar 16 makes the period Mar 17 to Apr 1: his behaviour goals' baseline
    /// days (Mar 3 and 10) lie before it. Hitting, a count: baseline 14 + 11 = 25 in 45 + 45 =
    /// 90 min, 25 ÷ 1.5 h = 16.7 per hour (2 days joined); current Mar 31, 3 in its 45 observed
    /// minutes (a count's observed time is the session's, as its row says: "3 times in 45 min"),
    /// 3 ÷ 0.75 h = 4 per hour; change 4 − 16.667 = −12.7. In the period: Mar 17, 24 and 31, 3 days.
    @Test("export progress --period gives a behaviour goal its baseline from before the period, its change and a sentence")
    func periodReportOfBehaviourGoals() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let client = vault + "/clients/sam-r/client.md"
            try sandbox.write(client, try sandbox.readText(client).replacingOccurrences(of: "born: 2016-08-14\n", with: "born: 2016-08-14\nprogress_reports: [2025-03-16]\n"))
            let result = try sandbox.run(["export", "progress", "sam-r", "--goal", "hitting", "--period", "--dry-run", "-o", sandbox.path("sam.html")],
                                         directory: vault, environment: practiceAt("2025-04-01T12:00:00-07:00"))
            expectStatus(result, 0)
            let html = try sandbox.readText(sandbox.path("sam.html"))
            #expect(html.contains("Mar 17, 2025 to Apr 1, 2025, since the report of Mar 16, 2025"), "\(html)")
            #expect(html.contains("<dt>Baseline</dt><dd>16.7 per hour (baseline phase: 2 days joined)</dd>"), "\(html)")
            #expect(html.contains("<dt>Current</dt><dd>4 per hour on Mar 31, 2025: 3 times in 45 min"), "\(html)")
            #expect(html.contains("<dt>Change</dt><dd>−12.7 per hour since baseline</dd>"), "\(html)")
            #expect(html.contains("<dt>Progress</dt><dd>4 per hour on Mar 31, 2025, down from 16.7 per hour at baseline (2 days joined), over 3 days this period.</dd>"), "\(html)")
        }
    }
}
