import Foundation
import Testing

/// `goal due` on the ExampleVault at the README's clock (2025-10-20 09:00), and what follows when
/// its commands are run: a probe session that serves a maintenance check, one that fails it, and
/// the mastery change recorded with the day of the data (#23).
@Suite("goal due")
struct GoalDueTests {
    static let now = practiceAt("2025-10-20T09:00:00-07:00")

    /// Leo's requests entered maintenance on 2025-03-13 with `weekly x 2, monthly x 2`: checks due
    /// 03-20, 03-27, 04-27, 05-27; no session since, so check 1 has been due since 03-20. Maya's
    /// s-initial (80% x 3, min 10) is active and its data met the criterion on 03-18 (03-04 90 %,
    /// 03-11 95 %, 03-18 90 %; see the README's progress block).
    @Test("the ExampleVault's due list: a maintenance check and a mastery to mark, each with its command")
    func exampleVault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let json = try sandbox.run(["goal", "due", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let items = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(items.map { $0["goal"] as? String } == ["requests", "s-initial"])
            #expect(items.map { $0["kind"] as? String } == ["maintenance check", "mastery"])
            #expect(items.map { $0["day"] as? String } == ["2025-03-20", "2025-03-18"])
            #expect(items.map { $0["command"] as? String } == ["afterflow trials start leo-o --probe",
                                                               "afterflow goal phase maya-t s-initial mastered --date 2025-03-18"])

            let table = try sandbox.run(["goal", "due"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdoutLines.count == 3, "a header and a line an item: \(table)")
            #expect(table.stdoutLines[2].hasPrefix("maya-t  s-initial  met 80% x 3 on 2025-03-18"), "\(table)")
            #expect(table.stdoutLines[2].hasSuffix("afterflow goal phase maya-t s-initial mastered --date 2025-03-18"), "\(table)")

            // The clinician agrees: the change is dated with the data, and the item is gone.
            let marked = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "mastered", "--date", "2025-03-18"], directory: vault, environment: Self.now)
            expectStatus(marked, 0)
            #expect(try sandbox.readText(vault + "/clients/maya-t/goals/s-initial.md").contains("phases: [baseline 2025-01-07, active 2025-01-21, mastered 2025-03-18]\n"))
            let maya = try sandbox.run(["goal", "due", "maya-t"], directory: vault, environment: Self.now)
            expectStatus(maya, 0)
            #expect(maya.stdout == "Nothing due on 2025-10-20: no goal has met its criterion unmarked, and no maintenance check is due.\n", "\(maya)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    /// A probe session of 5 trials: 5 of 5 passes check 1 (80 %+), so check 2 (due 03-27) is
    /// next; 2 of 5 (40 %) fails it and proposes active on the day of the probe.
    @Test("a probe session serves the due check: passed, the next is due; failed, back to active",
          arguments: [(5, "maintenance check 2 of 4 due since 2025-03-27", "afterflow trials start leo-o --probe"),
                      (2, "maintenance check 1 of 4 on 2025-10-20: 2 of 5 (40 %), under 80 %", "afterflow goal phase leo-o requests active --date 2025-10-20")])
    func probeSession(successes: Int, due: String, command: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let start = try sandbox.run(["trials", "start", "leo-o", "--probe"], directory: vault, environment: Self.now)
            expectStatus(start, 0)
            let path = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try sandbox.readText(vault + "/" + path).contains("\nprobe: true\n"), "\(start)")
            for i in 0..<5 {
                let result = i < successes ? "success" : "failure"
                expectStatus(try sandbox.run(["trial", "leo-o", "requests", result, "--at", "09:0\(i + 1):00"], directory: vault, environment: Self.now), 0)
            }
            expectStatus(try sandbox.run(["trials", "end", "leo-o", "--at", "09:10"], directory: vault, environment: Self.now), 0)

            let summary = try sandbox.run(["summary", "leo-o"], directory: vault, environment: Self.now)
            #expect(summary.stdoutLines.first?.contains("probe session") == true, "\(summary)")
            #expect(summary.stdout.contains("Probes      5: \(successes) "), "\(summary)")
            let summaryJSON = try #require(try sandbox.run(["summary", "leo-o", "--format", "json"], directory: vault, environment: Self.now).json as? [String: Any])
            #expect(summaryJSON["probe"] as? Bool == true)

            // progress: the probe day is a row of its own, KIND probe, and totalled apart.
            let progress = try sandbox.run(["progress", "leo-o", "--goal", "requests"], directory: vault, environment: Self.now)
            #expect(progress.stdout.contains("2025-10-20  probe          5"), "\(progress)")
            #expect(progress.stdout.contains("probes: 1 day, \(successes) of 5 correct"), "\(progress)")
            // 10 teaching days: 10+11+10+6+8+10+6+8+11+12 = 92 correct of 15+15+12+10+10+12+10+10+12+15 = 121 (76 %).
            #expect(progress.stdout.contains("teaching: 10 days, 92 of 121 correct (76 %)"), "\(progress)")

            let items = try #require(try sandbox.run(["goal", "due", "leo-o", "--format", "json"], directory: vault, environment: Self.now).json as? [[String: Any]])
            #expect(items.map { $0["text"] as? String } == [due])
            #expect(items.map { $0["command"] as? String } == [command])
        }
    }

    /// `log --probe` from a pipe: five successes (k) at requests' default cue, independent, then
    /// q. The new session says probe: true, and as 5 of 5 it passes check 1: check 2 is due.
    @Test("log --probe starts a probe session that serves the due check")
    func logProbe() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let logged = try sandbox.run(["log", "leo-o", "--probe", "--goal", "requests"], directory: vault, environment: Self.now,
                                         stdin: Data("k\nk\nk\nk\nk\nq\n".utf8))
            expectStatus(logged, 0)
            let path = try #require(logged.stdoutLines.last)
            let text = try sandbox.readText(vault + "/" + path)
            #expect(text.contains("\nprobe: true\n"), "\(text)")
            #expect(text.components(separatedBy: " requests + independent").count - 1 == 5, "\(text)")
            let items = try #require(try sandbox.run(["goal", "due", "leo-o", "--format", "json"], directory: vault, environment: Self.now).json as? [[String: Any]])
            #expect(items.map { $0["text"] as? String } == ["maintenance check 2 of 4 due since 2025-03-27"])

            let resumed = try sandbox.run(["log", "--resume", path, "--probe"], directory: vault, environment: Self.now)
            expectStatus(resumed, 64)
            #expect(resumed.stderr.contains("--probe is for a new session"), "\(resumed)")
        }
    }
}
