import Foundation
import Testing

/// `list --kind trials`, `search` and `progress --format csv` agree with the ExampleVault's files,
/// counted here without afterflow (#11).
@Suite("practice listing: list --kind trials, search, progress CSV")
struct PracticeListingTests {
    static let now = practiceAt("2025-04-02T10:00:00-07:00")

    /// A trial session file's figures, counted from its lines.
    struct SessionCount: Equatable, CustomStringConvertible {
        var path: String
        var trials: Int
        var successes: Int
        var date: String
        var description: String { "\(path): \(trials) trials, \(successes) successes, \(date)" }
    }

    /// Every trial session of `client` in the vault, counted from the files.
    func counted(_ sandbox: Sandbox, _ vault: String, client: String) throws -> [SessionCount] {
        let folder = "clients/\(client)/sessions"
        return try sandbox.files(under: vault + "/" + folder).filter { $0.hasSuffix(".md") }.map { name in
            let text = try sandbox.readText(vault + "/" + folder + "/" + name)
            let trials = trialFacts(text)
            return SessionCount(path: folder + "/" + name, trials: trials.count, successes: trials.filter(\.success).count,
                                date: frontMatterValue(text, "date") ?? "")
        }
    }

    @Test("list --kind trials --client maya-t --format json: one row per file, newest first, trials and successes as counted from the file")
    func listTrialsJSON() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let files = try counted(sandbox, vault, client: "maya-t")
            #expect(files.count == 12, "\(files)")
            #expect(files.allSatisfy { $0.trials > 0 })

            let result = try sandbox.run(["list", "--kind", "trials", "--client", "maya-t", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            #expect(rows.count == files.count)
            let listed = rows.map { row in
                SessionCount(path: row["path"] as? String ?? "", trials: row["trials"] as? Int ?? -1, successes: row["successes"] as? Int ?? -1, date: "")
            }
            let expected = files.sorted { (parseISODate($0.date) ?? .distantPast) > (parseISODate($1.date) ?? .distantPast) }
                .map { SessionCount(path: $0.path, trials: $0.trials, successes: $0.successes, date: "") }
            #expect(listed == expected)
            #expect(rows.allSatisfy { $0["client"] as? String == "maya-t" })
            #expect(rows.allSatisfy { ($0["goals"] as? String) == "s-initial two-step" }, "\(rows.map { $0["goals"] ?? "" })")
            #expect(rows.allSatisfy { $0["trials"] is NSNumber && $0["successes"] is NSNumber })

            // Another client's sessions are not listed, and all clients' are without --client.
            // (Sam's second observer's records, role: reliability, are not the client's sessions.)
            let leo = try counted(sandbox, vault, client: "leo-o")
            let sam = try counted(sandbox, vault, client: "sam-r").filter { !$0.path.hasSuffix("-jd.md") }
            let kai = try counted(sandbox, vault, client: "kai-m")
            let all = try sandbox.run(["list", "--kind", "trials", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(all, 0)
            let allRows = try #require(all.json as? [[String: Any]])
            #expect(allRows.count == files.count + leo.count + sam.count + kai.count)
            #expect(Set(allRows.compactMap { $0["path"] as? String }) == Set((files + leo + sam + kai).map(\.path)))

            // --since/--until are days in the vault's time zone, inclusive.
            let february = try sandbox.run(["list", "--kind", "trials", "--client", "maya-t", "--since", "2025-02-01", "--until", "2025-02-28", "--format", "json"],
                                           directory: vault, environment: Self.now)
            expectStatus(february, 0)
            let februaryRows = try #require(february.json as? [[String: Any]])
            #expect(Set(februaryRows.compactMap { $0["path"] as? String }) == Set(files.filter { $0.date.hasPrefix("2025-02") }.map(\.path)))
        }
    }

    @Test("list --kind trials counts behaviour events and their goals, and shows the day a note was signed (blank for a draft)")
    func listEventsAndSignatures() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--kind", "trials", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            // Sam's sessions hold only event lines: each "- HH:MM:SS GOAL …" line of ## Trials,
            // counted here from the file, the goal its second word.
            var samRows = 0
            for row in rows where row["client"] as? String == "sam-r" {
                samRows += 1
                let path = try #require(row["path"] as? String)
                let text = try sandbox.readText(vault + "/" + path)
                let section = text.components(separatedBy: "## Trials\n").last ?? ""
                let lines = section.split(separator: "\n").filter { $0.hasPrefix("- ") }
                #expect(row["trials"] as? Int == 0, "\(path)")
                #expect(row["events"] as? Int == lines.count, "\(path)")
                #expect(lines.count > 0)
                let goals = Set(lines.map { String($0.split(separator: " ")[2]) })
                #expect(row["goals"] as? String == goals.sorted().joined(separator: " "), "\(path)")
            }
            #expect(samRows == 5)
            // Signed sessions: those whose file has a signed: key, with that day.
            for row in rows {
                let path = try #require(row["path"] as? String)
                let signed = frontMatterValue(try sandbox.readText(vault + "/" + path), "signed")
                #expect((row["signed"] as? String) == signed.map { String($0.prefix(10)) }, "\(path)")
            }
            #expect(rows.filter { $0["signed"] is String }.map { $0["path"] as? String } == ["clients/leo-o/sessions/2025/2025-03-13-1030.md"])
        }
    }

    @Test("list --kind trials shows the same whole percent as summary (rounded down, as afterflow shows every percentage)")
    func listPercentAgreesWithSummary() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--kind", "trials", "--client", "maya-t", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            // 2025-03-18: 26 successes of 30 trials, 86.7 %: summary says 86 %.
            let row = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("2025-03-18-1500.md") == true })
            #expect(row["trials"] as? Int == 30 && row["successes"] as? Int == 26)
            let summary = try sandbox.run(["summary", "maya-t/2025-03-18"], directory: vault, environment: Self.now)
            expectStatus(summary, 0)
            #expect(summary.stdoutLines.contains("Trials      30: 26 successes, 4 failures, 86 % success rate"), "\(summary)")
            #expect(row["percent"] as? Int == 86, "\(row)")
        }
    }

    @Test("list --kind trials --format paths lists the files that exist, one a line")
    func listTrialsPaths() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--kind", "trials", "--client", "maya-t", "--format", "paths"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let paths = result.stdoutLines
            #expect(paths.count == 12)
            #expect(Set(paths) == Set(try counted(sandbox, vault, client: "maya-t").map(\.path)))
            for path in paths {
                #expect(sandbox.exists(vault + "/" + path), "\(path)")
            }
            #expect(paths == paths.sorted(by: >), "newest first")

            let goals = try sandbox.run(["list", "--kind", "goal", "--client", "leo-o", "--format", "paths"], directory: vault, environment: Self.now)
            expectStatus(goals, 0)
            #expect(goals.stdoutLines == ["clients/leo-o/goals/requests.md", "clients/leo-o/goals/turn-taking.md"])
            let clients = try sandbox.run(["list", "--kind", "client", "--format", "paths"], directory: vault, environment: Self.now)
            expectStatus(clients, 0)
            #expect(clients.stdoutLines == ["clients/kai-m/client.md", "clients/leo-o/client.md", "clients/maya-t/client.md", "clients/sam-r/client.md"])
        }
    }

    @Test("search finds a goal's definition, a session note and a trial's note, at their lines")
    func search() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            func hits(_ word: String) throws -> [(path: String, line: Int)] {
                let result = try sandbox.run(["search", word, "--format", "json"], directory: vault, environment: Self.now)
                expectStatus(result, 0)
                let rows = try #require(result.json as? [[String: Any]], "\(result)")
                return rows.map { ($0["path"] as? String ?? "", $0["line"] as? Int ?? 0) }
            }
            /// The 1-based lines of the vault's files that contain `word`, found by reading them.
            func lines(containing word: String) throws -> [String] {
                var found: [String] = []
                for file in sandbox.files(under: vault + "/clients") {
                    let text = try sandbox.readText(vault + "/clients/" + file)
                    for (i, line) in practiceLines(text).enumerated() where line.lowercased().contains(word.lowercased()) {
                        found.append("clients/\(file):\(i + 1)")
                    }
                }
                return found.sorted()
            }

            // "undistorted" is in s-initial's definition only.
            #expect(try lines(containing: "undistorted") == ["clients/maya-t/goals/s-initial.md:19"])
            #expect(try hits("undistorted").map { "\($0.path):\($0.line)" } == ["clients/maya-t/goals/s-initial.md:19"])
            // "picture" is there and in its materials: the goal file is found at one of its lines.
            let picture = try hits("picture")
            #expect(picture.map(\.path) == ["clients/maya-t/goals/s-initial.md"])
            #expect(try lines(containing: "picture").contains("clients/maya-t/goals/s-initial.md:\(picture.first?.line ?? 0)"))
            // A trial's note, in four sessions (twice in one of them: a hit a file, at one of its lines).
            let corrected = try hits("self-corrected")
            let correctedLines = try lines(containing: "self-corrected")
            #expect(correctedLines.count == 5)
            #expect(Set(corrected.map(\.path)) == Set(correctedLines.map { String($0.split(separator: ":")[0]) }), "\(corrected)")
            #expect(corrected.allSatisfy { correctedLines.contains("\($0.path):\($0.line)") }, "\(corrected)")
            // A session note.
            let cheerful = try hits("cheerful")
            #expect(!cheerful.isEmpty)
            let cheerfulLines = Set(try lines(containing: "cheerful"))
            #expect(cheerful.allSatisfy { cheerfulLines.contains("\($0.path):\($0.line)") }, "\(cheerful)")
        }
    }

    @Test("search finds what the day's commands wrote: a goal's --definition and a trial's --note")
    func searchFreshVault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            for arguments in [["client", "add", "Maya Thompson"],
                              ["goal", "add", "maya-t", "Follow two-step directions", "--short", "two-step", "--definition", "Carries out both steps within ten seconds."],
                              ["trials", "start", "maya-t"],
                              ["trial", "maya-t", "two-step", "-", "--note", "distracted by the window", "--at", "15:01:00"]] {
                expectStatus(try sandbox.run(arguments, directory: vault, environment: practiceAt("2025-04-01T15:00:00-07:00")), 0)
            }
            let definition = try sandbox.run(["search", "seconds", "--format", "json"], directory: vault)
            expectStatus(definition, 0)
            let found = try #require(definition.json as? [[String: Any]], "\(definition)")
            #expect(found.map { $0["path"] as? String } == ["clients/maya-t/goals/two-step.md"], "\(definition)")
            let goalText = try sandbox.readText(vault + "/clients/maya-t/goals/two-step.md")
            let line = try #require(found.first?["line"] as? Int)
            #expect(practiceLines(goalText)[line - 1] == "Carries out both steps within ten seconds.")

            let note = try sandbox.run(["search", "window", "--format", "json"], directory: vault)
            expectStatus(note, 0)
            let noted = try #require(note.json as? [[String: Any]], "\(note)")
            #expect(noted.map { $0["path"] as? String } == [PracticeCommandTests.session], "\(note)")
            let sessionText = try sandbox.readText(vault + "/" + PracticeCommandTests.session)
            let noteLine = try #require(noted.first?["line"] as? Int)
            #expect(practiceLines(sessionText)[noteLine - 1] == "- 15:01:00 two-step - independent  distracted by the window")
        }
    }

    @Test("progress --format csv is RFC 4180 CSV that Python reads: the header's columns, one row per session day per goal, figures from the files",
          .enabled(if: python3 != nil, "needs python3's csv module"))
    func progressCSV() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // A second session on 2025-03-25 (combined with the first into one row), and a goal
            // title that needs quoting.
            let at = practiceAt("2025-03-25T17:00:00-07:00")
            expectStatus(try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: at), 0)
            let second = "clients/maya-t/sessions/2025/2025-03-25-1700.md"
            #expect(sandbox.exists(vault + "/" + second))
            expectStatus(try sandbox.run(["trial", second, "s-initial", "+", "--at", "17:01:00"], directory: vault, environment: at), 0)
            expectStatus(try sandbox.run(["trial", second, "s-initial", "-", "--cue", "maximal", "--at", "17:02:00"], directory: vault, environment: at), 0)
            expectStatus(try sandbox.run(["goal", "set", "maya-t", "two-step", #"title=Follow "two-step", then three-step directions"#], directory: vault, environment: at), 0)

            let result = try sandbox.run(["progress", "maya-t", "--format", "csv"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let rows = try pythonCSVRows(result.stdout)
            let header = try #require(rows.first)
            #expect(header == ["client", "goal", "goal_title", "day", "sessions", "trials", "correct", "independent", "percent_correct",
                               "percent_independent", "band", "phase", "counts", "probe", "cue_independent", "cue_minimal", "cue_moderate", "cue_maximal", "cue_other",
                               "measure", "value", "unit", "count", "seconds", "part", "whole", "observed_minutes"])
            let body = Array(rows.dropFirst())
            #expect(body.allSatisfy { $0.count == header.count }, "every row has the header's columns")
            func column(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }

            // Count every (goal, day) from the files.
            struct Tally: Equatable { var trials = 0, correct = 0, independent = 0; var cues: [String: Int] = [:]; var sessions: [String] = [] }
            var tallies: [String: Tally] = [:]
            for session in try counted(sandbox, vault, client: "maya-t") {
                let text = try sandbox.readText(vault + "/" + session.path)
                let day = String(session.date.prefix(10))
                for trial in trialFacts(text) {
                    var tally = tallies["\(trial.goal) \(day)", default: Tally()]
                    tally.trials += 1
                    if trial.success { tally.correct += 1 }
                    if trial.success && trial.cue == "independent" { tally.independent += 1 }
                    tally.cues[trial.cue, default: 0] += 1
                    if !tally.sessions.contains(session.path) { tally.sessions.append(session.path) }
                    tallies["\(trial.goal) \(day)"] = tally
                }
            }
            #expect(tallies.count == 24, "2 goals, 12 days")
            #expect(body.count == tallies.count, "one row per session day per goal: \(body.count)")
            #expect(Set(body.map { column($0, "goal") + " " + column($0, "day") }).count == body.count, "no (goal, day) twice")
            for row in body {
                let key = column(row, "goal") + " " + column(row, "day")
                guard let tally = tallies[key] else {
                    Issue.record("a row for \(key), which has no trials")
                    continue
                }
                #expect(column(row, "client") == "maya-t")
                #expect(Int(column(row, "trials")) == tally.trials, "\(key)")
                #expect(Int(column(row, "correct")) == tally.correct, "\(key): counts_correct is every level")
                #expect(Int(column(row, "independent")) == tally.independent, "\(key)")
                for level in ["independent", "minimal", "moderate", "maximal"] {
                    #expect(Int(column(row, "cue_" + level)) == tally.cues[level, default: 0], "\(key) \(level)")
                }
                #expect(column(row, "cue_other") == "0")
                #expect(column(row, "sessions").split(separator: ";").map(String.init).sorted() == tally.sessions.sorted(), "\(key)")
                let percent = Double(column(row, "percent_correct"))
                let exact = Double(tally.correct) * 100 / Double(tally.trials)
                #expect(percent.map { abs($0 - (exact * 10).rounded() / 10) < 0.001 } == true, "\(key): \(column(row, "percent_correct")) for \(exact)")
                #expect(["yes", "no"].contains(column(row, "counts")))
            }
            // The combined day: 20 + 2 trials of s-initial in two sessions.
            let combined = try #require(body.first { column($0, "goal") == "s-initial" && column($0, "day") == "2025-03-25" })
            #expect(column(combined, "trials") == "22")
            #expect(column(combined, "sessions") == "clients/maya-t/sessions/2025/2025-03-25-1500.md;" + second)
            // The title with a quote and a comma comes back whole.
            #expect(body.filter { column($0, "goal") == "two-step" }.allSatisfy { column($0, "goal_title") == #"Follow "two-step", then three-step directions"# })
            // The phase of each day follows the goal's phases: baseline until 2025-01-21.
            #expect(body.filter { column($0, "goal") == "s-initial" }.map { column($0, "phase") }.prefix(3) == ["baseline", "baseline", "active"])
        }
    }
}
