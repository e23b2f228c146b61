import Foundation
import Testing

/// `progress`, `export progress`, `note` and `record --reliability-of` on Sam R.'s behaviour goals
/// in the ExampleVault. His five sessions (09:00 to 09:45, 45 minutes each) hold 14, 11, 7, 5 and 3
/// hits (`grep -c ' hitting count'`) on Mar 3, 10, 17, 24 and 31; baseline from Mar 3, active from
/// Mar 17; second observers' records on Mar 10 and Mar 24.
@Suite("progress of behaviour goals")
struct ProgressBehaviourTests {
    static let at = RecordTests.at

    static func json(_ arguments: [String]) throws -> [[String: Any]] {
        var out: [[String: Any]] = []
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(arguments, directory: vault, environment: at)
            expectStatus(result, 0)
            out = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        }
        return out
    }

    @Test("--format json: hits per hour 14 × 60 ÷ 45 = 18.7, 14.7, 9.3, 6.7, 4; baseline 25 in 90 min = 16.7; reliability per goal")
    func json() throws {
        let goal = try #require(try Self.json(["progress", "sam-r", "--goal", "hitting", "--format", "json"]).first)
        #expect(goal["measure"] as? String == "count" && goal["unit"] as? String == "per hour")
        let rows = goal["rows"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["value"] as? Double } == [18.7, 14.7, 9.3, 6.7, 4], "\(rows)")
        #expect(rows.compactMap { $0["count"] as? Int } == [14, 11, 7, 5, 3])
        #expect(rows.compactMap { $0["phase"] as? String } == ["baseline", "baseline", "active", "active", "active"])
        #expect((goal["baseline"] as? [String: Any])?["value"] as? Double == 16.7)
        // Each row keeps the session's own figures (summary's JSON): Mar 3's 14 hits.
        #expect(((rows.first?["figures"] as? [[String: Any]])?.first)?["count"] as? Int == 14)
        // Two of the five sessions with hitting lines have a second observer's record: 40 %.
        let reliability = try #require(goal["reliability"] as? [String: Any])
        #expect(reliability["sessions"] as? Int == 5 && reliability["checked"] as? Int == 2 && reliability["share"] as? Double == 40)
        // Hitting's lowest figure on Mar 10 is its total count, JD's 10 of JR's 11 hits: 90.9 %; on Mar 24
        // all three algorithms give 100 %: mean (90.9 + 100) ÷ 2 = 95.45, rounded half up 95.5 %.
        #expect(reliability["lowest"] as? Double == 90.9 && reliability["mean_agreement"] as? Double == 95.5)
        #expect(reliability["meets_convention"] as? Bool == true && (reliability["under_80"] as? [Any])?.isEmpty == true)
    }

    @Test("--format csv: a duration's day in minutes, with its parts: Mar 3's tantrums 3:00 + 2:00 = 5 min, 300 s, 2 occurrences")
    func csv() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["progress", "sam-r", "--format", "csv"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let header = try #require(lines.first).split(separator: ",").map(String.init)
            #expect(header.suffix(8) == ["measure", "value", "unit", "count", "seconds", "part", "whole", "observed_minutes"])
            let tantrum = try #require(lines.first { $0.hasPrefix("sam-r,tantrum,") && $0.contains(",2025-03-03,") })
            #expect(tantrum.hasSuffix(",duration,5,min,2,300,\"\",\"\",45"), "\(tantrum)")
            // On-task on Mar 3: 11 of 30 intervals scored (`grep -c 'on-task interval .* +'`), 36.7 %.
            let onTask = try #require(lines.first { $0.hasPrefix("sam-r,on-task,") && $0.contains(",2025-03-03,") })
            #expect(onTask.hasSuffix(",interval,36.7,%,\"\",\"\",11,30,45"), "\(onTask)")
        }
    }

    @Test("export progress: a chart per behaviour goal in its unit with its text alternative, its days, and the reliability on the cover")
    func report() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "progress", "sam-r", "-o", "sam.html"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let html = try sandbox.readText(vault + "/sam.html")
            #expect(html.contains("Rate per hour per session: Hitting others at the table"), "the chart's title")
            #expect(html.contains("data-day=\"2025-03-03\" data-value=\"18.7\""))
            #expect(html.contains("Minutes per session: Tantrums") && html.contains("Percent of intervals scored per session: On task"))
            #expect(html.contains("<title>Mar 3, 2025: 14 times in 45 min (18.7 per hour)</title>"))
            #expect(html.contains("No trend line in baseline, Mar 3, 2025 to Mar 10, 2025: 2 sessions, 4 needed."))
            #expect(html.contains("<td>14 times in 45 min (18.7 per hour)</td>"), "the table of days")
            #expect(html.contains("<dt>Trend</dt><dd>No trend line in active, Mar 17, 2025 to Mar 31, 2025: 3 sessions, 4 needed.</dd>"), "the phase the goal is in")
            #expect(html.contains("2 of 5 sessions checked (40 %), mean 79.1 %: below the convention"))
            #expect(html.contains("under 80 %: 2025-03-24 (71.4 %)"))
            #expect(!html.contains("No trial data") && !html.contains("criterion: 80 % correct"))
            #expect(result.stderr.contains("5 sessions"), "\(result.stderr)")
            let log = try sandbox.run(["export", "progress", "sam-r", "--goal", "hitting", "--log-rate", "-o", "log.html"], directory: vault, environment: Self.at)
            expectStatus(log, 0)
            let logHTML = try sandbox.readText(vault + "/log.html")
            #expect(logHTML.contains("Rate per hour per session (log scale)") && logHTML.contains("axis: per hour (log scale)"))
        }
    }

    @Test("progress: a row a day in words, the baseline joined, the reliability of the range")
    func table() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["progress", "sam-r", "--goal", "hitting"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            #expect(result.stdout.contains("2025-03-03  14 times in 45 min (18.7 per hour)  baseline"), "\(result.stdout)")
            #expect(result.stdout.contains("baseline 16.7 per hour (2 days joined)"))
            // From Mar 17: 3 sessions, none checked.
            let since = try sandbox.run(["progress", "sam-r", "--since", "2025-03-17"], directory: vault, environment: Self.at)
            #expect(since.stdout.contains("Reliability  1 of 3 sessions checked (33 %)"), "Mar 24 only: \(since.stdout)")
        }
    }

    @Test("note: the A section gives a behaviour goal's level against its baseline: 6.7 per hour on Mar 24, 16.7 at baseline")
    func assessment() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["note", "sam-r/2025-03-24", "--print"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let a = try #require(result.stdout.components(separatedBy: "**A:**").last)
            #expect(a.contains("- Hitting others at the table: 6.7 per hour on this day, down from 16.7 per hour at baseline (2 days joined). No trend line in active, Mar 17, 2025 to Mar 24, 2025: 2 sessions, 4 needed.\n"), "\(a)")
            // Tantrums: 1:30 = 1.5 min; baseline Mar 3 3:00 + 2:00 = 5 min, Mar 10 2:30 + 1:40 = 4.17 min,
            // minutes add up over a day so the level is their mean: (5 + 4.17) ÷ 2 = 4.58 → 4.6 min.
            #expect(a.contains("- Tantrums: 1.5 min on this day, down from 4.6 min at baseline (mean of 2 days)."), "\(a)")
            #expect(!a.contains("No data to assess."))
        }
    }

    @Test("record --observer --reliability-of: the second observer's record made beside the session, then added to; agreement compares them")
    func secondObserver() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let first = try sandbox.run(["record", "hitting", "--observer", "KL", "--reliability-of", "sam-r/2025-03-17", "--at", "09:05:00"],
                                        directory: vault, environment: Self.at)
            expectStatus(first, 0)
            let path = "clients/sam-r/sessions/2025/2025-03-17-0900-kl.md"
            #expect(first.stderr.contains(path), "\(first.stderr)")
            let second = try sandbox.run(["record", "hitting", "--observer", "kl", "--reliability-of", "sam-r/2025-03-17", "--at", "09:06:00"],
                                         directory: vault, environment: Self.at)
            expectStatus(second, 0)
            #expect(!second.stderr.contains("Made"), "the same record, observer in any case")
            let text = try sandbox.readText(vault + "/" + path)
            #expect(text.contains("observer: KL\nrole: reliability\nprimary: 0DE930A1-7E51-52C8-8EC4-C69160B71275\n"), "\(text)")
            #expect(text.contains("date: 2025-03-17T09:00:00-07:00\nend: 2025-03-17T09:45:00-07:00\n"))
            #expect(text.hasSuffix("- 09:05:00 hitting count\n- 09:06:00 hitting count\n"), "\(text)")
            // The session's own file is untouched: still 7 hits.
            let own = try sandbox.readText(vault + "/clients/sam-r/sessions/2025/2025-03-17-0900.md")
            #expect(own.components(separatedBy: " hitting count").count - 1 == 7)
            let check = try sandbox.run(["check"], directory: vault, environment: Self.at)
            expectStatus(check, 0)
            // KL's 2 hits against the session's 7: total count 2 ÷ 7 = 28.6 %.
            let agreement = try sandbox.run(["agreement", "sam-r/2025-03-17"], directory: vault, environment: Self.at)
            #expect(agreement.stdout.contains("28.6 %  (2 ÷ 7"), "\(agreement.stdout)")
            let lonely = try sandbox.run(["record", "hitting", "--observer", "KL"], directory: vault, environment: Self.at)
            #expect(lonely.status == 64 && lonely.stderr.contains("--observer and --reliability-of go together"), "\(lonely)")
        }
    }

    @Test("summary --format json lists the session's event lines: Mar 10 has 48 (3 ABC incidents, 4 starts and stops, 11 hits, 30 intervals)")
    func summaryEvents() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["summary", "clients/sam-r/sessions/2025/2025-03-10-0900.md", "--format", "json"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let events = object?["events"] as? [[String: Any]] ?? []
            #expect(events.count == 48)
            let first = try #require(events.first)
            #expect(first["line"] as? String == "09:05:00 incidents abc demand hitting escape" && first["antecedent"] as? String == "demand", "\(first)")
            let interval = try #require(events.first { $0["what"] as? String == "interval" })
            #expect(interval["interval"] as? Int == 1 && interval["scored"] as? Bool == true && interval["measure"] as? String == "interval")
        }
    }
}
