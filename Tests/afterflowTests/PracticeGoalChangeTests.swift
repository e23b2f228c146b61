import Foundation
import Testing

/// `goal phase` and `goal set` change only their lines of a goal file (#11).
@Suite("goal phase and goal set")
struct PracticeGoalChangeTests {
    static let sInitial = "clients/maya-t/goals/s-initial.md"
    static let later = practiceAt("2025-04-02T10:00:00-07:00")

    @Test("goal phase adds the change with its day to a flow list, which stays a flow list; only phase, phases and updated change",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func phaseFlowList() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/" + Self.sInitial
            let before = try sandbox.readText(path)
            #expect(before.contains("phases: [baseline 2025-01-07, active 2025-01-21]\n"))

            let moved = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "maintenance", "--date", "2025-03-20"], directory: vault, environment: Self.later)
            expectStatus(moved, 0)
            #expect(moved.stdout == "s-initial is maintenance from 2025-03-20 (was active).\n", "\(moved)")
            let after = try sandbox.readText(path)
            let lines = practiceLines(after)
            #expect(lines.contains("phase: maintenance"))
            #expect(lines.contains("phases: [baseline 2025-01-07, active 2025-01-21, maintenance 2025-03-20]"), "\(after)")
            #expect(lines.contains("updated: 2025-04-02T10:00:00-07:00"))
            let changed = try #require(changedLineIndices(before, after), "no line added or removed:\n\(after)")
            #expect(changed.map { frontMatterKeyOf(lines[$0]) } == ["phase", "phases", "updated"], "\(after)")
            let yaml = try yamlFrontMatter(path)
            #expect(yaml["phase"] as? String == "maintenance")
            #expect(yaml["phases"] as? [String] == ["baseline 2025-01-07", "active 2025-01-21", "maintenance 2025-03-20"])

            // A day before the last change is refused, and nothing is written.
            let early = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "active", "--date", "2025-03-19"], directory: vault, environment: Self.later)
            expectStatus(early, 64)
            #expect(early.stderr.contains("2025-03-19") && early.stderr.contains("maintenance 2025-03-20"), "\(early)")
            #expect(try sandbox.readText(path) == after)

            // The same day as the last change is kept after it, in order.
            expectStatus(try sandbox.run(["goal", "phase", "maya-t", "s-initial", "mastered", "--date", "2025-03-20"], directory: vault, environment: Self.later), 0)
            #expect(try yamlFrontMatter(path)["phases"] as? [String] == ["baseline 2025-01-07", "active 2025-01-21", "maintenance 2025-03-20", "mastered 2025-03-20"])

            // An unknown phase is a usage error; so is an unknown goal (with a suggestion).
            let unknown = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "finished"], directory: vault, environment: Self.later)
            expectStatus(unknown, 64)
            let typo = try sandbox.run(["goal", "phase", "maya-t", "s-intial", "active"], directory: vault, environment: Self.later)
            expectStatus(typo, 1)
            #expect(typo.stderr.contains("did you mean \"s-initial\""), "\(typo)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("goal phase keeps a block list a block list, with its indent, and the comments around it",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func phaseBlockList() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/" + Self.sInitial
            let original = try sandbox.readText(path)
            let block = original.replacingOccurrences(of: "phase: active\nphases: [baseline 2025-01-07, active 2025-01-21]\n",
                                                      with: "phase: active  # since January\nphases:\n    - baseline 2025-01-07\n    - active 2025-01-21   # after the holidays\n# reviewed with the family\n")
            #expect(block != original)
            try sandbox.write(path, block)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            let moved = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "maintenance", "--date", "2025-03-20"], directory: vault, environment: Self.later)
            expectStatus(moved, 0)
            let after = try sandbox.readText(path)
            #expect(after.contains("phase: maintenance  # since January\nphases:\n    - baseline 2025-01-07\n    - active 2025-01-21"), "\(after)")
            #expect(after.contains("\n    - maintenance 2025-03-20\n"), "\(after)")
            #expect(after.contains("\n# reviewed with the family\n"), "\(after)")
            #expect(!after.contains("phases: ["), "\(after)")
            let yaml = try yamlFrontMatter(path)
            #expect(yaml["phase"] as? String == "maintenance")
            #expect(yaml["phases"] as? [String] == ["baseline 2025-01-07", "active 2025-01-21", "maintenance 2025-03-20"], "\(yaml)")
            // The body is untouched.
            #expect(after.components(separatedBy: "\n---\n").last == original.components(separatedBy: "\n---\n").last)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("goal phase on a goal without phases keeps where it started and today's change, in the vault's day",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func phaseWithoutHistory() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/" + Self.sInitial
            let text = try sandbox.readText(path).replacingOccurrences(of: "phases: [baseline 2025-01-07, active 2025-01-21]\n", with: "")
            try sandbox.write(path, text)
            // 01:30 UTC on April 2 is still April 1 in Los Angeles.
            let moved = try sandbox.run(["goal", "phase", "maya-t", "s-initial", "maintenance"], directory: vault,
                                        environment: practiceAt("2025-04-02T01:30:00Z"))
            expectStatus(moved, 0)
            let yaml = try yamlFrontMatter(path)
            #expect(yaml["phases"] as? [String] == ["active 2025-01-07", "maintenance 2025-04-01"], "\(yaml)")
            #expect(yaml["phase"] as? String == "maintenance")
        }
    }

    @Test("goal set changes only the named lines and updated, keeping comments; adds a missing key in its place; removes with key=",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML to read the front matter back"))
    func set() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/" + Self.sInitial
            let original = try sandbox.readText(path).replacingOccurrences(of: "min_trials: 10\n", with: "min_trials: 10   # the school asked\n")
            try sandbox.write(path, original)

            let set = try sandbox.run(["goal", "set", "maya-t", "s-initial", "min_trials=12", "cue=minimal", "mastery=90% x 2"],
                                      directory: vault, environment: Self.later)
            expectStatus(set, 0)
            let after = try sandbox.readText(path)
            let changed = try #require(changedLineIndices(original, after), "no line added or removed:\n\(after)")
            let lines = practiceLines(after)
            #expect(changed.map { frontMatterKeyOf(lines[$0]) } == ["cue", "mastery", "min_trials", "updated"], "\(after)")
            #expect(lines.contains("min_trials: 12   # the school asked"), "the comment stays: \(after)")
            #expect(lines.contains("cue: minimal"))
            #expect(lines.contains("updated: 2025-04-02T10:00:00-07:00"))
            let yaml = try yamlFrontMatter(path)
            #expect(yaml["mastery"] as? String == "90% x 2")
            #expect(yaml["min_trials"] as? Int == 12)
            #expect(yaml["cue"] as? String == "minimal")

            // A key the file does not have is added among the keys; one set to nothing is removed.
            let added = try sandbox.run(["goal", "set", "maya-t", "s-initial", "counts_correct=independent,m", "category="],
                                        directory: vault, environment: practiceAt("2025-04-03T10:00:00-07:00"))
            // "m" names three levels: refused, nothing written.
            expectStatus(added, 64)
            #expect(try sandbox.readText(path) == after)
            let fixed = try sandbox.run(["goal", "set", "maya-t", "s-initial", "counts_correct=independent,minimal", "category="],
                                        directory: vault, environment: practiceAt("2025-04-03T10:00:00-07:00"))
            expectStatus(fixed, 0)
            let third = try sandbox.readText(path)
            let before = practiceLines(after).filter { !$0.hasPrefix("updated:") && !$0.hasPrefix("category:") }
            #expect(practiceLines(third).filter { !$0.hasPrefix("updated:") && !$0.hasPrefix("counts_correct:") } == before, "\(third)")
            let yaml3 = try yamlFrontMatter(path)
            #expect(yaml3["counts_correct"] as? [String] == ["independent", "minimal"], "\(yaml3)")
            #expect(yaml3["category"] == nil)
            let keys = frontMatterKeys(third)
            #expect(keys.firstIndex(of: "counts_correct").map { $0 > keys.firstIndex(of: "min_trials")! && $0 < keys.firstIndex(of: "updated")! } == true, "\(keys)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("goal set refuses unknown keys, the phase, and bad values, and writes nothing",
          arguments: [
            ["colour=red"], ["phase=active"], ["phases=[active 2025-01-01]"], ["id=1234"], ["min_trials=0"], ["min_trials=ten"],
            ["mastery=lots"], ["mastery=180% x 3"], ["cue=m"], ["cue=prompted"], ["category=cooking"], ["started=someday"],
            ["title="], ["min_trials"], ["min_trials=12", "colour=red"],
          ])
    func setRefuses(_ assignments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/" + Self.sInitial
            let before = try sandbox.read(path)
            let result = try sandbox.run(["goal", "set", "maya-t", "s-initial"] + assignments, directory: vault, environment: Self.later)
            expectStatus(result, 64)
            #expect(result.stdout == "")
            #expect(try sandbox.read(path) == before, "\(assignments) left the file as it was")
            if assignments == ["phase=active"] {
                #expect(result.stderr.contains("afterflow goal phase maya-t s-initial"), "\(result)")
            }
        }
    }

    @Test("a usage error found while running a practice command points to that command's help",
          arguments: [
            (["goal", "set", "maya-t", "s-initial", "colour=red"], "goal set"),
            (["goal", "set", "maya-t", "s-initial", "min_trials=0"], "goal set"),
            (["goal", "add", "maya-t", "Name animals", "--category", "cooking"], "goal add"),
            (["client", "add", "Sam Kim", "--born", "2017-13-01"], "client add"),
          ])
    func usageLineNamesSubcommand(arguments: [String], name: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(arguments, directory: vault, environment: Self.later)
            expectStatus(result, 64)
            // As HelpTests.bugUsageLineNamesSubcommand asks of set and new.
            #expect(result.stderr.contains("afterflow \(name) --help"), "\(result)")
            #expect(!result.stderr.contains("Usage: afterflow <subcommand>"), "\(result)")
        }
    }
}

/// The key of a top-level front-matter line (`min_trials: 12   # x` → `min_trials`), or the line.
func frontMatterKeyOf(_ line: String) -> String {
    guard let colon = line.firstIndex(of: ":"), line.first != " ", line.first != "-" else { return line }
    return String(line[..<colon])
}
