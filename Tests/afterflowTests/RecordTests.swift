import Foundation
import Testing

/// `afterflow record`: one entry point whose words follow the goal's measure, each event's line
/// appended to the open session and on disk before the command returns.
@Suite("record")
struct RecordTests {
    static let at = practiceAt("2025-04-01T15:30:00-07:00")

    /// A vault with Maya, a goal of each behaviour measure and an open session started at 15:00;
    /// the body gets the vault and the session's path.
    static func withSession(_ body: (Sandbox, String, String) throws -> Void) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let start = practiceAt("2025-04-01T15:00:00-07:00")
            expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: vault, environment: start), 0)
            expectStatus(try sandbox.run(["goal", "add", "maya-t", "Produce /s/", "--short", "s-initial"], directory: vault, environment: start), 0)
            let client = try sandbox.readText(vault + "/clients/maya-t/client.md")
            let id = client.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) } ?? ""
            let goals: [(String, [String])] = [
                ("hitting", ["measure: count"]), ("tantrum", ["measure: duration"]), ("name-response", ["measure: latency"]),
                ("on-task", ["measure: interval", "method: partial", "interval: 10s"]), ("incidents", ["measure: abc"]),
                ("handwash", ["measure: task", "steps: [turn on water, wet hands, soap, rinse, dry]", "chaining: total"]),
            ]
            for (short, keys) in goals {
                try sandbox.write(vault + "/clients/maya-t/goals/\(short).md",
                                  (["---", "type: goal", "id: \(UUID().uuidString)", "client: \(id)", "title: \(short)"] + keys + ["---", ""]).joined(separator: "\n"))
            }
            let session = try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: start)
            expectStatus(session, 0)
            try body(sandbox, vault, vault + "/" + session.stdout.trimmingCharacters(in: .newlines))
        }
    }

    /// Runs `record maya-t WORDS…` at 15:30 and returns the lines it added to the session.
    static func added(_ sandbox: Sandbox, _ vault: String, _ file: String, _ words: [String]) throws -> [String] {
        let before = try sandbox.readText(file)
        let result = try sandbox.run(["record", "maya-t"] + words, directory: vault, environment: at)
        expectStatus(result, 0)
        let after = try sandbox.readText(file)
        guard after.hasPrefix(before) else { return ["(the file changed before its end)"] }
        return after.dropFirst(before.count).split(separator: "\n").map(String.init)
    }

    @Test("a count goal's record is one occurrence at the time given")
    func count() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try Self.added(sandbox, vault, file, ["hitting", "--at", "15:04:10", "--note", "hit his brother"]) == ["- 15:04:10 hitting count  hit his brother"])
        }
    }

    @Test("a duration's start is on disk before its stop is given, and the stop closes it")
    func duration() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let start = try Self.added(sandbox, vault, file, ["tantrum", "start", "--at", "15:06:00"])
            let stop = try Self.added(sandbox, vault, file, ["tantrum", "--at", "15:07:32"])
            #expect(start + stop == ["- 15:06:00 tantrum start", "- 15:07:32 tantrum stop"])
        }
    }

    @Test("a stop with nothing running writes nothing and says to record the start")
    func stopWithoutStart() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let before = try sandbox.readText(file)
            let result = try sandbox.run(["record", "maya-t", "tantrum", "stop"], directory: vault, environment: Self.at)
            let after = try sandbox.readText(file)
            #expect(result.status == 64 && result.stderr.contains("tantrum is not running; record its start first") && after == before, "\(result)")
        }
    }

    @Test("a latency is a cue and a response")
    func latency() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let cue = try Self.added(sandbox, vault, file, ["name-response", "cue", "--at", "15:08:00"])
            let response = try Self.added(sandbox, vault, file, ["name-response", "--at", "15:08:04"])
            #expect(cue + response == ["- 15:08:00 name-response cue", "- 15:08:04 name-response response"])
        }
    }

    @Test("interval scores are numbered in order, each ending an interval before the next")
    func intervals() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try Self.added(sandbox, vault, file, ["on-task", "+", "-", "+", "--at", "15:10:30"])
                == ["- 15:10:10 on-task interval 1 +", "- 15:10:20 on-task interval 2 -", "- 15:10:30 on-task interval 3 +"])
        }
    }

    @Test("a number before the scores skips to that interval; the first line marks the ones skipped, and check says nothing of the gap")
    func skippedIntervals() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            _ = try Self.added(sandbox, vault, file, ["on-task", "+", "--at", "15:10:10"])
            // After interval 1: 5 skips 2-4; 5 and 6 end 10 s apart, 6 at 15:11:00.
            #expect(try Self.added(sandbox, vault, file, ["on-task", "5", "-", "+", "--at", "15:11:00"])
                == ["- 15:10:50 on-task interval 5 -  intervals 2-4 not observed", "- 15:11:00 on-task interval 6 +"])
            let check = try sandbox.run(["check", "--vault", vault, file])
            #expect(!check.stdout.contains("missing before interval") && !check.stderr.contains("missing before interval"), "\(check)")
            // A number already scored writes nothing and says which is next.
            let again = try sandbox.run(["record", "maya-t", "on-task", "3", "+"], directory: vault, environment: Self.at)
            #expect(again.status != 0 && again.stderr.contains("interval 3 of on-task is scored already (the last is 6); the next is 7"), "\(again)")
        }
    }

    @Test("--abc writes an incident of the client's one abc goal")
    func abc() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try Self.added(sandbox, vault, file, ["--abc", "demand", "hitting", "escape", "--at", "15:12:40"]) == ["- 15:12:40 incidents abc demand hitting escape"])
        }
    }

    @Test("an antecedent the vault does not list writes nothing and names the list")
    func unknownAntecedent() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let before = try sandbox.readText(file)
            let result = try sandbox.run(["record", "maya-t", "--abc", "demnd", "hitting", "escape"], directory: vault, environment: Self.at)
            let after = try sandbox.readText(file)
            #expect(result.status == 64 && result.stderr.contains("did you mean \"demand\"?") && after == before, "\(result)")
        }
    }

    @Test("a task step takes its cue level")
    func taskStep() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try Self.added(sandbox, vault, file, ["handwash", "3", "+", "--cue", "minimal", "--at", "15:20:05"]) == ["- 15:20:05 handwash step 3 + minimal"])
        }
    }

    @Test("a task's full list is a line a step")
    func taskRun() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try Self.added(sandbox, vault, file, ["handwash", "i", "i", "minimal", "n/a", "i", "--at", "15:21:00"]) == [
                "- 15:21:00 handwash step 1 + independent", "- 15:21:00 handwash step 2 + independent", "- 15:21:00 handwash step 3 + minimal",
                "- 15:21:00 handwash step 4 n/a", "- 15:21:00 handwash step 5 + independent",
            ])
        }
    }

    @Test("--format json gives the lines written and the measure")
    func json() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, _: String) throws in
            let result = try sandbox.run(["record", "maya-t", "hitting", "--at", "15:04:10", "--format", "json"], directory: vault, environment: Self.at)
            let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
            #expect(object?["measure"] as? String == "count" && object?["lines"] as? [String] == ["- 15:04:10 hitting count"], "\(result)")
        }
    }

    @Test("a trials goal is refused with the command that logs a trial")
    func trialsGoal() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, _: String) throws in
            let result = try sandbox.run(["record", "maya-t", "s-initial"], directory: vault, environment: Self.at)
            #expect(result.status == 64 && result.stderr.contains("log a trial with 'afterflow trial CLIENT s-initial +'"), "\(result)")
        }
    }

    @Test("trial refuses a goal of a behaviour measure and names record")
    func trialRefusesABehaviourGoal() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let before = try sandbox.readText(file)
            let result = try sandbox.run(["trial", "maya-t", "hitting", "+"], directory: vault, environment: Self.at)
            let after = try sandbox.readText(file)
            #expect(result.status == 64 && result.stderr.contains("log it with 'afterflow record maya-t hitting'") && after == before, "\(result)")
        }
    }

    @Test("--session naming another client's session is refused, as trial refuses it, and nothing is written")
    func sessionOfAnotherClient() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let start = practiceAt("2025-04-01T15:00:00-07:00")
            expectStatus(try sandbox.run(["client", "add", "Leo Ortiz"], directory: vault, environment: start), 0)
            let before = try sandbox.readText(file)
            let relative = String(file.dropFirst(vault.count + 1))
            for words in [["record", "leo-o", "hitting"], ["trial", "leo-o", "s-initial", "+"]] {
                let result = try sandbox.run(words + ["--session", relative], directory: vault, environment: Self.at)
                #expect(result.status == 64 && result.stderr.contains("is a session of maya-t, not of leo-o"), "\(words[0]): \(result)")
            }
            #expect(try sandbox.readText(file) == before)
        }
    }

    @Test("goal set gives a goal its measure and the keys the measure needs")
    func goalSetMeasure() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, _: String) throws in
            let result = try sandbox.run(["goal", "set", "maya-t", "s-initial", "measure=Interval", "method=whole", "interval=1m30s"], directory: vault, environment: Self.at)
            expectStatus(result, 0)
            let text = try sandbox.readText(vault + "/clients/maya-t/goals/s-initial.md")
            #expect(["measure: interval", "method: whole", "interval: 1m30s"].allSatisfy { text.contains("\n" + $0 + "\n") }, "\(text)")
        }
    }

    @Test("every measure's lines pass check")
    func checkAccepts() throws {
        try Self.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            for words in [["hitting"], ["tantrum", "start"], ["tantrum", "stop"], ["name-response", "4s"], ["on-task", "+", "-"],
                          ["--abc", "demand", "hitting", "escape"], ["handwash", "1", "n/a"]] {
                _ = try Self.added(sandbox, vault, file, words)
            }
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }
}
