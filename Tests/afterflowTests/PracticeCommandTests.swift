import Foundation
import Testing

/// The therapist's day on the command line (#11): clients, goals, a trial session logged with
/// `trial`, its summary and its note, read back from the files with independent readers.
@Suite("the therapist's day: client, goal, trials, trial, summary, note")
struct PracticeCommandTests {
    static let session = "clients/maya-t/sessions/2025/2025-04-01-1500.md"

    /// A fresh vault (`init`) in Los Angeles time, while the tests' processes run in UTC.
    func freshVault(_ sandbox: Sandbox) throws -> String {
        try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
    }

    /// Maya with two goals: s-initial (default cue), two-step (cue minimal).
    func mayaWithGoals(_ sandbox: Sandbox, _ vault: String) throws {
        let morning = practiceAt("2025-04-01T14:00:00-07:00")
        expectStatus(try sandbox.run(["client", "add", "Maya Thompson", "--born", "2017-03-02"], directory: vault, environment: morning), 0)
        expectStatus(try sandbox.run(["goal", "add", "maya-t", "Produce /s/ in word-initial position", "--short", "s-initial",
                                      "--category", "Articulation",
                                      "--definition", "An undistorted /s/ at the start of a word named from a picture card."],
                                     directory: vault, environment: morning), 0)
        expectStatus(try sandbox.run(["goal", "add", "maya-t", "Follow two-step directions", "--short", "two-step", "--cue", "minimal"],
                                     directory: vault, environment: morning), 0)
    }

    // MARK: - Clients

    @Test("client add: the short name is the first name and last initial; a taken one is refused with a hint to use --short",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func clientAdd() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            let now = practiceAt("2025-04-01T14:00:00-07:00")
            let added = try sandbox.run(["client", "add", "Maya Thompson", "--born", "2017-03-02"], directory: vault, environment: now)
            expectStatus(added, 0)
            #expect(added.stdout == "Added Maya T. as maya-t: clients/maya-t/client.md\n", "\(added)")
            #expect(!added.stdout.contains("Thompson"))

            let yaml = try yamlFrontMatter(vault + "/clients/maya-t/client.md")
            #expect(yaml["type"] as? String == "client")
            #expect(yaml["name"] as? String == "Maya Thompson")
            #expect(yaml["born"] as? String == "2017-03-02", "born must be a YAML date: \(yaml)")
            #expect(UUID(uuidString: yaml["id"] as? String ?? "") != nil, "\(yaml)")
            #expect(yaml["created"] as? String == "2025-04-01T14:00:00-07:00", "\(yaml)")

            // A second Maya T. is refused, says why and how, and writes nothing.
            let clash = try sandbox.run(["client", "add", "Maya Torres"], directory: vault, environment: now)
            expectStatus(clash, 1)
            #expect(clash.stderr.contains("already a client maya-t"), "\(clash)")
            #expect(clash.stderr.contains("--short"), "\(clash)")
            #expect(clash.stdout == "")
            #expect(try FileManager.default.contentsOfDirectory(atPath: vault + "/clients").sorted() == ["maya-t"])
            let maya = try sandbox.readText(vault + "/clients/maya-t/client.md")
            #expect(maya.contains("name: Maya Thompson\n"))

            // Any case of a taken name is taken too.
            let upper = try sandbox.run(["client", "add", "Maya Torres", "--short", "MAYA-T"], directory: vault, environment: now)
            expectStatus(upper, 1)

            let short = try sandbox.run(["client", "add", "Maya Torres", "--short", "maya-to"], directory: vault, environment: now)
            expectStatus(short, 0)
            #expect(short.stdout == "Added Maya T. as maya-to: clients/maya-to/client.md\n", "\(short)")
            let torres = try yamlFrontMatter(vault + "/clients/maya-to/client.md")
            #expect(torres["name"] as? String == "Maya Torres")
            #expect(torres["born"] == nil)
            #expect(torres["id"] as? String != yaml["id"] as? String)

            // A short name that is not one, and a bad date of birth, are refused before anything is written.
            expectStatus(try sandbox.run(["client", "add", "Sam Kim", "--short", "sam k"], directory: vault, environment: now), 1)
            expectStatus(try sandbox.run(["client", "add", "Sam Kim", "--born", "2017-13-01"], directory: vault, environment: now), 64)
            #expect(try FileManager.default.contentsOfDirectory(atPath: vault + "/clients").sorted() == ["maya-t", "maya-to"])

            let list = try sandbox.run(["client", "list", "--format", "json"], directory: vault, environment: now)
            expectStatus(list, 0)
            let clients = try #require(list.json as? [[String: Any]], "\(list)")
            #expect(clients.map { $0["short"] as? String } == ["maya-t", "maya-to"])
            #expect(clients.map { $0["name"] as? String } == ["Maya T.", "Maya T."])
            #expect(clients.map { $0["age"] as? Int } == [8, nil])
        }
    }

    // MARK: - Goals

    @Test("goal add: min_trials 5, mastery 80% x 3, phase active since today, the default cue independent; --cue and --category kept",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func goalAdd() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try mayaWithGoals(sandbox, vault)
            let client = try yamlFrontMatter(vault + "/clients/maya-t/client.md")
            let paths = ["s-initial", "two-step"].map { vault + "/clients/maya-t/goals/\($0).md" }
            let yaml = try yamlFrontMatters(paths)
            let s = try #require(yaml[paths[0]]), two = try #require(yaml[paths[1]])
            #expect(s["type"] as? String == "goal")
            #expect(s["client"] as? String == client["id"] as? String, "a goal names its client by id: \(s)")
            #expect(s["title"] as? String == "Produce /s/ in word-initial position")
            #expect(s["category"] as? String == "articulation", "the category in the vault's spelling: \(s)")
            #expect(s["min_trials"] as? Int == 5, "\(s)")
            #expect(s["mastery"] as? String == "80% x 3", "\(s)")
            #expect(s["phase"] as? String == "active", "\(s)")
            #expect(s["phases"] as? [String] == ["active 2025-04-01"], "\(s)")
            #expect(s["started"] as? String == "2025-04-01", "\(s)")
            #expect(two["cue"] as? String == "minimal", "\(two)")
            #expect(two["category"] == nil)

            // The definition is the body's, where search finds it.
            let text = try sandbox.readText(paths[0])
            #expect(practiceSectionLines(text, "Definition").map(\.text).contains("An undistorted /s/ at the start of a word named from a picture card."), "\(text)")

            let list = try sandbox.run(["goal", "list", "maya-t", "--format", "json"], directory: vault)
            expectStatus(list, 0)
            let goals = try #require(list.json as? [[String: Any]], "\(list)")
            #expect(goals.map { $0["short"] as? String } == ["s-initial", "two-step"])
            #expect(goals.map { $0["cue"] as? String } == ["independent", "minimal"], "the default cue is the first level")
            #expect(goals.map { $0["min_trials"] as? Int } == [5, 5])
            #expect(goals.map { $0["mastery"] as? String } == ["80% x 3", "80% x 3"])

            // A goal of the same short name is refused; so are values that are not values.
            let now = practiceAt("2025-04-01T14:00:00-07:00")
            expectStatus(try sandbox.run(["goal", "add", "maya-t", "Again", "--short", "s-initial"], directory: vault, environment: now), 1)
            #expect(try sandbox.readText(paths[0]) == text)
            for bad in [["--category", "cooking"], ["--cue", "m"], ["--mastery", "lots"], ["--min-trials", "0"], ["--phase", "done"]] {
                let refused = try sandbox.run(["goal", "add", "maya-t", "Name animals", "--short", "animals"] + bad, directory: vault, environment: now)
                expectStatus(refused, 64)
                #expect(!sandbox.exists(vault + "/clients/maya-t/goals/animals.md"), "\(bad)")
            }
            let unknown = try sandbox.run(["goal", "add", "maya-x", "Name animals"], directory: vault, environment: now)
            expectStatus(unknown, 1)
            #expect(unknown.stderr.contains("did you mean \"maya-t\""), "\(unknown)")
        }
    }

    // MARK: - The session

    @Test("trials start, trial, trials end: the file holds the canonical lines in order, and valid YAML",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func logASession() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try mayaWithGoals(sandbox, vault)
            let three = practiceAt("2025-04-01T15:00:00-07:00")
            let start = try sandbox.run(["trials", "start", "maya-t", "--location", "Room 2", "--observer", "JR"], directory: vault, environment: three)
            expectStatus(start, 0)
            #expect(start.stdout == Self.session + "\n", "trials start prints the session's path: \(start)")
            let file = vault + "/" + Self.session
            let started = try yamlFrontMatter(file)
            let client = try yamlFrontMatter(vault + "/clients/maya-t/client.md")
            #expect(started["type"] as? String == "trials")
            #expect(started["client"] as? String == client["id"] as? String)
            #expect(started["date"] as? String == "2025-04-01T15:00:00-07:00", "\(started)")
            #expect(started["location"] as? String == "Room 2")
            #expect(started["observer"] as? String == "JR")
            #expect(started["recorded_on"] as? String == "script")
            #expect(started["end"] == nil)
            #expect(UUID(uuidString: started["id"] as? String ?? "") != nil)
            #expect(trialFacts(try sandbox.readText(file)).isEmpty)

            // Each run appends one line: the session by path, by client, by client/day.
            let runs: [([String], String, String)] = [
                ([Self.session, "s-initial", "success", "--at", "15:02:10"], "- 15:02:10 s-initial + independent", "the goal's default cue: the first level"),
                (["maya-t", "s-initial", "failure", "--cue", "minimal", "--note", "said /th/ for /s/", "--at", "15:02:31"],
                 "- 15:02:31 s-initial - minimal  said /th/ for /s/", "the note after two spaces"),
                (["maya-t/2025-04-01", "two-step", "+", "--at", "15:03:40"], "- 15:03:40 two-step + minimal", "this goal's own default cue"),
                (["maya-t", "s-initial", "+", "--cue", "3", "--at", "15:04:00"], "- 15:04:00 s-initial + moderate", "a cue by number"),
                (["maya-t", "S-Initial", "f", "--cue", "I", "--at", "15:05:00"], "- 15:05:00 s-initial - independent", "a cue by first letter, any case; the goal in any case"),
                (["maya-t", "two-step", "-", "--cue", "MAXIMAL", "--note", "needed a repeat", "--at", "15:06:00"],
                 "- 15:06:00 two-step - maximal  needed a repeat", "a cue by name, any case"),
            ]
            var expected: [String] = []
            for (arguments, line, why) in runs {
                let result = try sandbox.run(["trial"] + arguments, directory: vault, environment: three)
                expectStatus(result, 0)
                expected.append(line)
                let trials = practiceSectionLines(try sandbox.readText(file), "Trials").map(\.text).filter { !$0.isEmpty }
                #expect(trials == expected, "\(why): \(result)")
            }
            // Without --at the time is now, in the vault's time zone (the process runs in UTC).
            let clock = try sandbox.run(["trial", "maya-t", "s-initial", "y", "--format", "json"], directory: vault,
                                        environment: practiceAt("2025-04-01T22:07:30Z"))
            expectStatus(clock, 0)
            expected.append("- 15:07:30 s-initial + independent")
            let reply = try #require(clock.json as? [String: Any], "\(clock)")
            #expect(reply["line"] as? String == "- 15:07:30 s-initial + independent", "\(clock)")
            #expect(reply["path"] as? String == Self.session)
            #expect(reply["trials"] as? Int == 5 && reply["successes"] as? Int == 3, "s-initial so far: 5 trials, 3 successes: \(clock)")
            #expect(practiceSectionLines(try sandbox.readText(file), "Trials").map(\.text).filter { !$0.isEmpty } == expected)
            // The file ends with the last trial: the next one is a pure append.
            #expect(try sandbox.readText(file).hasSuffix("## Trials\n\n" + expected.joined(separator: "\n") + "\n"))

            // Refusals leave the file as it was.
            let before = try sandbox.read(file)
            let typo = try sandbox.run(["trial", "maya-t", "s-intial", "+", "--at", "15:08:00"], directory: vault, environment: three)
            expectStatus(typo, 1)
            #expect(typo.stderr.contains("did you mean \"s-initial\""), "\(typo)")
            #expect(typo.stderr.contains("s-initial, two-step"), "the client's goals are named: \(typo)")
            let ambiguous = try sandbox.run(["trial", "maya-t", "s-initial", "+", "--cue", "m", "--at", "15:08:00"], directory: vault, environment: three)
            expectStatus(ambiguous, 64)
            #expect(ambiguous.stderr.contains("independent, minimal, moderate, maximal"), "\(ambiguous)")
            for bad in [["--cue", "5"], ["--cue", "prompted"], ["--at", "3pm"], ["--at", "15:61:00"]] {
                expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", "+"] + bad, directory: vault, environment: three), 64)
            }
            expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", "maybe"], directory: vault, environment: three), 64)
            expectStatus(try sandbox.run(["trial", "leo-o", "s-initial", "+"], directory: vault, environment: three), 1)
            #expect(try sandbox.read(file) == before)

            // trials end writes end (after date), and says how long and how many.
            let end = try sandbox.run(["trials", "end", "maya-t"], directory: vault, environment: practiceAt("2025-04-01T15:45:00-07:00"))
            expectStatus(end, 0)
            #expect(end.stdout == "Ended \(Self.session) at 3:45 PM: 45 min, 7 trials.\n", "\(end)")
            let ended = try yamlFrontMatter(file)
            #expect(ended["end"] as? String == "2025-04-01T15:45:00-07:00", "\(ended)")
            #expect(ended["date"] as? String == "2025-04-01T15:00:00-07:00")
            #expect(ended["updated"] as? String == "2025-04-01T15:45:00-07:00")
            let keys = frontMatterKeys(try sandbox.readText(file))
            #expect(keys.firstIndex(of: "end") == keys.firstIndex(of: "date").map { $0 + 1 }, "end follows date: \(keys)")
            #expect(practiceSectionLines(try sandbox.readText(file), "Trials").map(\.text).filter { !$0.isEmpty } == expected)
            let early = try sandbox.run(["trials", "end", "maya-t", "--at", "14:00"], directory: vault, environment: three)
            expectStatus(early, 64)

            // Independent readers agree on every line.
            let facts = trialFacts(try sandbox.readText(file))
            #expect(facts.map(\.goal) == ["s-initial", "s-initial", "two-step", "s-initial", "s-initial", "two-step", "s-initial"])
            #expect(facts.map(\.note) == ["", "said /th/ for /s/", "", "", "", "needed a repeat", ""])
            let check = try sandbox.run(["check"], directory: vault)
            expectStatus(check, 0)
            #expect(check.stdout.hasSuffix("no problems.\n"), "\(check)")
        }
    }

    /// The session of `logASession`, written through the commands.
    func loggedSession(_ sandbox: Sandbox, _ vault: String) throws {
        try mayaWithGoals(sandbox, vault)
        let three = practiceAt("2025-04-01T15:00:00-07:00")
        expectStatus(try sandbox.run(["trials", "start", "maya-t", "--location", "Room 2"], directory: vault, environment: three), 0)
        for arguments in [["s-initial", "+", "--at", "15:02:10"], ["s-initial", "-", "--cue", "minimal", "--at", "15:02:31"],
                          ["two-step", "+", "--at", "15:03:40"], ["s-initial", "+", "--cue", "moderate", "--at", "15:04:00"],
                          ["s-initial", "-", "--cue", "independent", "--at", "15:05:00"],
                          ["two-step", "-", "--cue", "maximal", "--note", "needed a repeat", "--at", "15:06:00"],
                          ["s-initial", "+", "--at", "15:07:30"]] {
            expectStatus(try sandbox.run(["trial", "maya-t"] + arguments, directory: vault, environment: three), 0)
        }
        expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:45"], directory: vault, environment: three), 0)
    }

    @Test("summary: the figures counted by hand, in text and JSON; the client is Maya T.")
    func summary() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try loggedSession(sandbox, vault)
            // By hand: 7 trials, 4 successes (15:02:10, 15:03:40, 15:04:00, 15:07:30), 3 failures.
            // Cue levels: independent 3 (15:02:10 +, 15:05:00 -, 15:07:30 +), minimal 2 (15:02:31 -,
            // 15:03:40 +), moderate 1 (+), maximal 1 (-).
            // s-initial: 5 trials, 3 correct (60 %: Needs Work), 2 independent successes (40 %).
            // two-step: 2 trials, 1 correct (50 %: Needs Work), none independent.
            let json = try sandbox.run(["summary", Self.session, "--format", "json"], directory: vault)
            expectStatus(json, 0)
            let s = try #require(json.json as? [String: Any], "\(json)")
            #expect(s["client"] as? String == "Maya T.")
            #expect(s["minutes"] as? Int == 45)
            #expect(s["total"] as? Int == 7)
            #expect(s["successes"] as? Int == 4)
            #expect(s["failures"] as? Int == 3)
            #expect((s["success_rate"] as? Double).map { abs($0 - 57.1) < 0.001 } == true, "4 of 7 is 57.1 %: \(s)")
            let cues = try #require(s["cue_levels"] as? [[String: Any]])
            #expect(cues.map { $0["level"] as? String ?? "" } == ["independent", "minimal", "moderate", "maximal"])
            #expect(cues.map { $0["trials"] as? Int ?? -1 } == [3, 2, 1, 1])
            #expect(cues.map { $0["successes"] as? Int ?? -1 } == [2, 1, 1, 0])
            let goals = try #require(s["goals"] as? [[String: Any]])
            #expect(goals.map { $0["goal"] as? String ?? "" } == ["s-initial", "two-step"], "in the order of each goal's first trial")
            #expect(goals.map { $0["trials"] as? Int ?? -1 } == [5, 2])
            #expect(goals.map { $0["correct"] as? Int ?? -1 } == [3, 1])
            #expect(goals.map { $0["independent"] as? Int ?? -1 } == [2, 0])
            #expect(goals.map { $0["percent_correct"] as? Double ?? -1 } == [60, 50])
            #expect(goals.map { $0["percent_independent"] as? Double ?? -1 } == [40, 0])
            #expect(goals.map { $0["band"] as? String ?? "" } == ["Needs Work", "Needs Work"])

            let text = try sandbox.run(["summary", "maya-t"], directory: vault)
            expectStatus(text, 0)
            #expect(text.stdoutLines.first == "Maya T.  Tue Apr 1, 2025, 3:00 PM  45 min", "\(text)")
            #expect(text.stdoutLines.contains("Trials      7: 4 successes, 3 failures, 57 % success rate"), "\(text)")
            #expect(text.stdoutLines.contains("Cue levels  independent 3, minimal 2, moderate 1, maximal 1"), "\(text)")
            func row(_ goal: String) -> [String] {
                (text.stdoutLines.first { $0.hasPrefix(goal + " ") } ?? "").split(separator: " ").map(String.init)
            }
            #expect(row("s-initial").prefix(9) == ["s-initial", "5", "3", "60", "%", "40", "%", "Needs", "Work"], "\(text)")
            #expect(row("two-step").prefix(9) == ["two-step", "2", "1", "50", "%", "0", "%", "Needs", "Work"], "\(text)")
            #expect(!text.stdout.contains("Thompson"))
        }
    }

    @Test("note writes the SOAP draft into ## Notes, refuses a second time leaving the file byte for byte, and --print writes nothing")
    func note() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try loggedSession(sandbox, vault)
            let file = vault + "/" + Self.session
            let logged = try sandbox.read(file)

            let printed = try sandbox.run(["note", "maya-t", "--print"], directory: vault)
            expectStatus(printed, 0)
            #expect(try sandbox.read(file) == logged, "--print writes nothing")
            // The draft, without the line ends at its end (the file keeps a blank line before ## Trials).
            var draft = printed.stdout
            while draft.hasSuffix("\n") { draft.removeLast() }
            #expect(draft.hasPrefix("**S:**\n\n**O:**\n\n"), "\(printed)")
            #expect(draft.contains("\n**A:**\n"), "\(printed)")
            #expect(draft.hasSuffix("\n**P:**"), "\(printed)")
            // O: one sentence a goal, from the data (3 of 5 at 60 %; 1 of 2 at 50 %).
            #expect(draft.contains("- Produced /s/ in word-initial position in 3 of 5 trials (60 %)"), "\(printed)")
            #expect(draft.contains("- Followed two-step directions in 1 of 2 trials (50 %)"), "\(printed)")
            #expect(!draft.contains("Thompson"))

            let written = try sandbox.run(["note", "maya-t"], directory: vault)
            expectStatus(written, 0)
            let text = try sandbox.readText(file)
            let notes = practiceSectionLines(text, "Notes").map(\.text)
            let expectedNotes = practiceLines(draft)
            #expect(Array(notes.drop { $0.isEmpty }.prefix(expectedNotes.count)) == expectedNotes, "\(text)")
            // Only ## Notes changed: the front matter and the trials are as they were.
            let before = String(decoding: logged, as: UTF8.self)
            #expect(frontMatterLines(text).filter { !$0.hasPrefix("updated:") } == frontMatterLines(before).filter { !$0.hasPrefix("updated:") })
            #expect(practiceSectionLines(text, "Trials").map(\.text) == practiceSectionLines(before, "Trials").map(\.text))
            #expect(trialFacts(text).count == 7)

            // The clinician's text is never replaced.
            let withNote = try sandbox.read(file)
            let again = try sandbox.run(["note", "maya-t"], directory: vault)
            expectStatus(again, 1)
            #expect(again.stderr.contains("--print"), "says how to see the draft: \(again)")
            #expect(try sandbox.read(file) == withNote, "a refused note leaves the file byte for byte")

            // The clinician fills in S; a new draft still refuses, and --print still prints.
            let filled = String(decoding: withNote, as: UTF8.self).replacingOccurrences(of: "**S:**\n", with: "**S:**\nTired after school.\n")
            try sandbox.write(file, filled)
            expectStatus(try sandbox.run(["note", Self.session], directory: vault), 1)
            #expect(try sandbox.readText(file) == filled)
            let reprint = try sandbox.run(["note", Self.session, "--print"], directory: vault)
            expectStatus(reprint, 0)
            #expect(reprint.stdout == printed.stdout)
            #expect(try sandbox.readText(file) == filled)

            // A trial after the note still lands in ## Trials, as a pure append.
            let grown = try sandbox.run(["trial", "maya-t", "two-step", "+", "--at", "15:08:00", "--session", Self.session], directory: vault)
            expectStatus(grown, 0)
            #expect(try sandbox.readText(file) == filled + "- 15:08:00 two-step + minimal\n")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("the session's files are valid YAML after the whole day", .enabled(if: pythonHasYAML, "needs python3 with PyYAML"))
    func wholeDayYAML() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try loggedSession(sandbox, vault)
            expectStatus(try sandbox.run(["note", "maya-t"], directory: vault), 0)
            expectStatus(try sandbox.run(["goal", "set", "maya-t", "s-initial", "min_trials=10", "mastery=90% x 2", "counts_correct=independent,minimal"],
                                         directory: vault, environment: practiceAt("2025-04-02T09:00:00-07:00")), 0)
            expectStatus(try sandbox.run(["goal", "phase", "maya-t", "two-step", "on-hold", "--date", "2025-04-02"], directory: vault), 0)
            let files = sandbox.files(under: vault + "/clients").map { vault + "/clients/" + $0 }
            #expect(files.count == 4)
            let yaml = try yamlFrontMatters(files)
            let session = try #require(yaml[vault + "/" + Self.session])
            #expect(session["end"] as? String == "2025-04-01T15:45:00-07:00")
            let s = try #require(yaml[vault + "/clients/maya-t/goals/s-initial.md"])
            #expect(s["min_trials"] as? Int == 10)
            #expect(s["mastery"] as? String == "90% x 2")
            #expect(s["counts_correct"] as? [String] == ["independent", "minimal"])
            #expect(s["updated"] as? String == "2025-04-02T09:00:00-07:00")
            let two = try #require(yaml[vault + "/clients/maya-t/goals/two-step.md"])
            #expect(two["phase"] as? String == "on-hold")
            #expect(two["phases"] as? [String] == ["active 2025-04-01", "on-hold 2025-04-02"])
        }
    }

    @Test("the example in trial's help works: --cue mod")
    func helpExample() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/clients/maya-t/sessions/2025/2025-01-14-1500.md"
            let before = try sandbox.readText(file)
            let help = try sandbox.run(["trial", "--help"], directory: vault)
            #expect(help.stdout.contains("afterflow trial maya-t two-step + --cue mod --session maya-t/2025-01-14"), "\(help)")
            let result = try sandbox.run(["trial", "maya-t", "two-step", "+", "--cue", "mod", "--session", "maya-t/2025-01-14", "--at", "15:03:40"],
                                         directory: vault)
            let after = try sandbox.readText(file)
            expectStatus(result, 0)
            // 15:03:40 is earlier than the session's last trial: the line goes in time order, and
            // is the only change.
            let line = "- 15:03:40 two-step + moderate\n"
            let at = try #require(after.range(of: line), "\(after)")
            #expect(after.replacingCharacters(in: at, with: "") == before)
            let times = after.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { $0.split(separator: " ")[1] }
            #expect(times == times.sorted(), "\(times)")
        }
    }

    @Test("trial reports the goal's running percent as summary does (rounded down: 2 of 3 is 66 %)")
    func trialPercentAgreesWithSummary() throws {
        try withSandbox { sandbox in
            let vault = try freshVault(sandbox)
            try mayaWithGoals(sandbox, vault)
            let at = practiceAt("2025-04-01T15:00:00-07:00")
            expectStatus(try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: at), 0)
            expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", "+", "--at", "15:01:00"], directory: vault, environment: at), 0)
            expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", "-", "--at", "15:02:00"], directory: vault, environment: at), 0)
            let third = try sandbox.run(["trial", "maya-t", "s-initial", "+", "--at", "15:03:00"], directory: vault, environment: at)
            expectStatus(third, 0)
            let summary = try sandbox.run(["summary", "maya-t"], directory: vault, environment: at)
            expectStatus(summary, 0)
            #expect(summary.stdoutLines.contains("Trials      3: 2 successes, 1 failures, 66 % success rate") ||
                    summary.stdoutLines.contains { $0.hasPrefix("Trials      3: 2 successes") && $0.contains("66 %") }, "\(summary)")
            #expect(third.stdout.hasPrefix("15:03:00 s-initial + independent"), "\(third)")
            #expect(third.stdout.hasSuffix("s-initial: 2 of 3 (66 %)\n"), "\(third)")
        }
    }

    // MARK: - Files are the owner's

    @Test("files the practice commands create are 0600 and their folders 0700 under umask 022")
    func ownerOnly() throws {
        try withSandbox { sandbox in
            func ok(_ arguments: [String]) throws {
                let result = try OwnerOnlyTests.run(sandbox, umask: "022", arguments, environment: ["AFTERFLOW_NOW": "2025-04-01T15:00:00-07:00"])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            try FileManager.default.createDirectory(atPath: sandbox.path("out/reports"), withIntermediateDirectories: true)
            let v = sandbox.path("vault")
            try ok(["init", v, "--no-git", "--time-zone", "America/Los_Angeles"])
            try ok(["client", "add", "--vault", v, "Maya Thompson", "--born", "2017-03-02"])
            try ok(["goal", "add", "--vault", v, "maya-t", "Produce /s/ in word-initial position", "--short", "s-initial"])
            try ok(["trials", "start", "--vault", v, "maya-t"])
            try ok(["trial", "--vault", v, "maya-t", "s-initial", "+", "--at", "15:01:00"])
            try ok(["trials", "end", "--vault", v, "maya-t", "--at", "15:30"])
            try ok(["note", "--vault", v, "maya-t"])
            try ok(["goal", "set", "--vault", v, "maya-t", "s-initial", "min_trials=10"])
            try ok(["goal", "phase", "--vault", v, "maya-t", "s-initial", "maintenance"])
            try ok(["export", "progress", "--vault", v, "maya-t", "-o", sandbox.path("out/maya.html")])
            try ok(["export", "progress", "--vault", v, "maya-t", "-o", sandbox.path("out/reports/")])

            #expect(OwnerOnlyTests.opened(under: v) == [], "group or others can read these")
            for folder in ["clients", "clients/maya-t", "clients/maya-t/goals", "clients/maya-t/sessions", "clients/maya-t/sessions/2025"] {
                #expect(try sandbox.mode(v + "/" + folder) == 0o700, "\(folder)")
            }
            for file in ["clients/maya-t/client.md", "clients/maya-t/goals/s-initial.md", Self.session] {
                #expect(try sandbox.mode(v + "/" + file) == 0o600, "\(file)")
            }
            #expect(try sandbox.mode("out/maya.html") == 0o600)
            let reports = sandbox.files(under: "out/reports")
            #expect(reports.count == 1)
            for report in reports { #expect(try sandbox.mode("out/reports/" + report) == 0o600, "\(report)") }
        }
    }
}
