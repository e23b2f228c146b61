import Foundation
import Testing

/// `export html --include moods,measures`: the check-ins on the mood chart and listed, only when
/// asked (or by the vault's `report_include`) and only when there are any; their notes escaped;
/// a vault's own older template still gets them on the chart.
@Suite("report: check-ins and measures")
struct ReportMoodsTests {
    static let hostile = "<script>alert(1)</script> & \"quotes\" <img src=x onerror=alert(2)>"

    /// ExampleVault with one more check-in whose notes are hostile.
    func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        expectStatus(try sandbox.run(["mood", "3", Self.hostile, "--date", "2025-09-25 21:00"], directory: vault), 0)
        return vault
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("without --include: the report is as before, no diamonds, no check-in section")
    func notAsked() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["export", "html", "--since", "2025-08-01"], directory: vault)
            expectStatus(result, 0)
            #expect(!result.stdout.contains("series checkins"))
            #expect(!result.stdout.contains("Check-ins between sessions"))
            #expect(!result.stdout.contains("alert(1)"))
        }
    }

    @Test("--include moods: 22 check-ins drawn and listed, oldest first; hostile notes escaped")
    func included() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["export", "html", "--since", "2025-08-01", "--include", "moods"], directory: vault)
            expectStatus(result, 0)
            let html = result.stdout
            // ExampleVault's 21 check-ins since August and ours, each a diamond, and one in the legend.
            #expect(count("<path d=\"M", in: html) == 23)
            #expect(html.contains("<h2>Check-ins between sessions</h2>"))
            #expect(count("<td class=\"when\">", in: html) == 22)
            #expect(html.contains("22 check-ins from Aug 11, 2025 to Oct 17, 2025"))
            #expect(html.contains("and check-ins between sessions, Aug 2025 to Oct 2025</title>"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;img src=x onerror=alert(2)&gt;"))
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img"))
            // Oldest first.
            let first = try #require(html.range(of: "Aug 11, 2025 8:16 PM")), last = try #require(html.range(of: "Oct 17, 2025 8:15 PM"))
            #expect(first.lowerBound < last.lowerBound)
            // --until bounds them too; without --until, up to the last session's day (Oct 18).
            let bounded = try sandbox.run(["export", "html", "--include", "moods", "--since", "2025-08-12", "--until", "2025-09-30"], directory: vault)
            expectStatus(bounded, 0)
            #expect(!bounded.stdout.contains("Oct 1, 2025 8:15 PM"))
            #expect(!bounded.stdout.contains("Aug 11, 2025 8:16 PM"))
            #expect(bounded.stdout.contains("Aug 13, 2025 8:19 PM"))
            let open = try sandbox.run(["export", "html", "--include", "moods", "--since", "2025-10-01"], directory: vault)
            expectStatus(open, 0)
            #expect(open.stdout.contains("Oct 17, 2025 8:15 PM"))
            #expect(open.stdout.contains("8 check-ins from Oct 1, 2025 to Oct 17, 2025"))
        }
    }

    @Test("report_include in the config is the default; --include none overrides it; a bad name is a usage error")
    func configDefault() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "report_include: [moods]\n")
            let byDefault = try sandbox.run(["export", "html", "--since", "2025-08-01"], directory: vault)
            expectStatus(byDefault, 0)
            #expect(byDefault.stdout.contains("Check-ins between sessions"))
            let none = try sandbox.run(["export", "html", "--since", "2025-08-01", "--include", "none"], directory: vault)
            expectStatus(none, 0)
            #expect(!none.stdout.contains("Check-ins between sessions"))
            let bad = try sandbox.run(["export", "html", "--include", "mood"], directory: vault)
            expectStatus(bad, 64)
            #expect(bad.stderr.contains("--include takes moods, measures or none, separated by commas, found \"mood\""))
        }
    }

    @Test("--include measures: each PHQ-9 and GAD-7 of the report's days with its total and band; none in the days, no section, and it says so")
    func measures() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            // ExampleVault's assessments: PHQ-9 and GAD-7 on Aug 14, Sep 18, Oct 2 and Oct 20, 2025;
            // its sessions run from Aug 16 to Oct 18, so Oct 20's are after the report's days.
            let result = try sandbox.run(["export", "html", "--include", "moods,measures", "--since", "2025-08-01"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout.contains("<h2>Measures</h2>"))
            #expect(result.stdout.contains("<tr><td>Aug 14, 2025</td><td>PHQ-9</td><td class=\"number\">13 of 27</td><td>moderate</td></tr>"))
            #expect(result.stdout.contains("<tr><td>Oct 2, 2025</td><td>GAD-7</td><td class=\"number\">7 of 21</td><td>mild</td></tr>"))
            #expect(count("<td>PHQ-9</td>", in: result.stdout) == 3)
            #expect(count("<td>GAD-7</td>", in: result.stdout) == 3)
            #expect(result.stdout.contains("Check-ins between sessions"))

            // A file with errors is left out of the section (check names it).
            let broken = vault + "/assessments/2025/2025-09-18-2005-phq9.md"
            let text = try String(contentsOfFile: broken, encoding: .utf8)
            try sandbox.write(broken, text.replacingOccurrences(of: "total: 10", with: "total: 11"))
            let withBroken = try sandbox.run(["export", "html", "--include", "measures", "--since", "2025-08-01", "--skip-invalid"], directory: vault)
            #expect(count("<td>PHQ-9</td>", in: withBroken.stdout) == 2)

            let none = try sandbox.run(["export", "html", "--include", "measures", "--since", "2025-10-05", "--until", "2025-10-19"], directory: vault)
            expectStatus(none, 0)
            #expect(!none.stdout.contains("<h2>Measures</h2>"))
            #expect(none.stderr.contains("No measures (PHQ-9, GAD-7) in the report's days, so it has no measures section."))
        }
    }

    @Test("a vault's own older template: the check-ins still on the chart, which is one of its values")
    func olderTemplate() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            try sandbox.write(vault + "/Templates/report.html", "<h1>{{title}}</h1>{{#chart}}{{{chart}}}{{/chart}}{{#sessions}}<p>{{title}}</p>{{/sessions}}")
            let result = try sandbox.run(["export", "html", "--since", "2025-08-01", "--include", "moods"], directory: vault)
            expectStatus(result, 0)
            #expect(count("<path d=\"M", in: result.stdout) == 23)
            #expect(!result.stdout.contains("Check-ins between sessions"))
        }
    }
}
