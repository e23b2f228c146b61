import Foundation
import Testing

/// Every ```` ```console ```` example in README.md is what the current code prints.
///
/// Each block runs in a sandbox of its own: `~` is a fresh home (shown as `/home/sam`), holding
/// `~/Journal`, a copy of ExampleVault, where the block starts (see `ReadmeExamples` for the
/// comments that change that). Each command runs in `sh` on a pseudo-terminal 100 columns wide, as
/// typed at a terminal (in colour, which is not compared), with the clock at
/// `ReadmeTests.defaultNow` unless the block says otherwise, the built afterflow first on `PATH`,
/// and a `pbpaste` that prints one reflection.
/// stdout and stderr are shown together, as on a terminal. A question in the output, a line
/// ending in `[…] ANSWER` or `[…]: ANSWER`, is answered by typing ANSWER when it is asked.
///
/// When the README and the code disagree, the failure shows the block as a diff. To take the
/// code's output into the README (after merging other changes, say), run
/// `AFTERFLOW_RECORD=1 swift test --filter ReadmeTests` and review `git diff README.md`.
@Suite("README examples", .serialized)
struct ReadmeTests {
    static let readmePath = packageRoot + "/README.md"
    static let defaultNow = "2025-10-20T09:00:00-07:00"
    static let shownHome = "/home/sam"
    static let columns = 100
    static let pastedReflection = "Felt peaceful and connected to nature."

    static var recording: Bool { ProcessInfo.processInfo.environment["AFTERFLOW_RECORD"] == "1" }

    @Test("every console block in README.md prints what the README shows")
    func readmeExamples() throws {
        guard PseudoTerminal.python != nil else {
            Issue.record("python3 is needed to run the README's examples on a pseudo-terminal")
            return
        }
        let readme = ReadmeExamples(text: try String(contentsOfFile: Self.readmePath, encoding: .utf8))
        #expect(readme.blocks.count >= 10, "found \(readme.blocks.count) console blocks")
        var recorded: [Int: [[String]]] = [:]
        for (index, block) in readme.blocks.enumerated() where block.skipReason == nil {
            let outputs: [[String]]
            do {
                outputs = try run(block)
            } catch {
                Issue.record("README.md line \(block.line + 1): \(error)")
                continue
            }
            let expected = block.commands.map { $0.output.map(Self.trimmed) }
            if zip(expected, outputs).contains(where: { !Self.matches($0, $1) }) || expected.count != outputs.count {
                recorded[index] = zip(expected, outputs).map { Self.elided($1, like: $0) }
                if !Self.recording {
                    Issue.record("""
                        README.md line \(block.line + 1): the console block differs from what the code prints \
                        (- README, + actual):
                        \(Self.diff(block, expected: expected, actual: outputs))
                        If the code is right, rewrite the README's outputs with AFTERFLOW_RECORD=1 swift test --filter ReadmeTests.
                        """)
                }
            }
        }
        if Self.recording && !recorded.isEmpty {
            try Data(readme.rewritten(recorded).utf8).write(to: URL(fileURLWithPath: Self.readmePath))
            Issue.record("rewrote the outputs of \(recorded.count) console block(s) in README.md; check them with git diff README.md, then run the tests without AFTERFLOW_RECORD")
        }
    }

    /// The README's outputs of a block's commands as this code prints them (ids put back to the
    /// README's where they only differ by being new).
    func run(_ block: ReadmeExamples.Block) throws -> [[String]] {
        try withSandbox { sandbox in
            let bin = sandbox.path("bin")
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            if let binary = afterflowBinary {
                try FileManager.default.createSymbolicLink(atPath: bin + "/afterflow", withDestinationPath: binary)
            }
            _ = try sandbox.script("bin/pbpaste", "printf '%s\\n' '\(Self.pastedReflection)'")
            var directory = sandbox.home
            if block.has("empty home") {
            } else if block.has("new journal") {
                _ = try sandbox.initVault("home/Journal", timeZone: "America/Los_Angeles")
                directory = sandbox.home + "/Journal"
            } else {
                _ = try sandbox.copyExampleVault("home/Journal")
                directory = sandbox.home + "/Journal"
            }
            let environment = [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "AFTERFLOW_NOW": block.value(of: "now") ?? Self.defaultNow,
                "EXAMPLE_VAULT": try sandbox.copyExampleVault("example"),
                // A terminal as people have: colour and Unicode charts (the escapes are not shown).
                "NO_COLOR": "", "TERM": "xterm-256color",
            ]
            for setup in block.setupCommands {
                let result = try sandbox.runOnPseudoTerminal(["-c", setup], directory: directory, environment: environment, steps: [],
                                                             program: "/bin/sh")
                guard result.status == 0 else { throw CLIError(description: "README setup `\(setup)` failed: \(result)") }
            }
            var ids = IDMatcher()
            var outputs: [[String]] = []
            for command in block.commands {
                let text = ids.actualIDs(in: command.text)
                if text.hasPrefix("cd ") && !text.contains(";") && !text.contains("&&") {
                    let target = String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    directory = target.hasPrefix("~") ? sandbox.home + target.dropFirst() : (target.hasPrefix("/") ? target : directory + "/" + target)
                    outputs.append([])
                    continue
                }
                var steps: [PseudoTerminal.Step] = []
                for line in command.output {
                    if let (question, answer) = Self.question(line) {
                        steps += [.expect(question), .type(answer + "\n")]
                    }
                }
                let result = try sandbox.runOnPseudoTerminal(["-c", text], directory: directory, environment: environment, steps: steps,
                                                             timeout: 20, columns: Self.columns, rows: 500, program: "/bin/sh")
                if let failure = result.failure {
                    throw CLIError(description: """
                        `\(command.text)`: \(failure); if it waits for an answer, write the question and the answer in the \
                        README's output as a person sees them (`Choose 1-3 [3]: 1`)
                        \(result)
                        """)
                }
                var lines = result.screen.replacingOccurrences(of: sandbox.home, with: Self.shownHome)
                    .components(separatedBy: "\n").map(Self.trimmed)
                while lines.last == "" { lines.removeLast() }
                // Ids that differ only by being new are the README's.
                for (want, got) in Self.aligned(command.output.map(Self.trimmed), lines) { _ = ids.match(expected: want, actual: got) }
                outputs.append(lines.map { ids.readmeIDs(in: $0) })
            }
            return outputs
        }
    }

    /// Whether `actual` is `expected`, where a line `…` in `expected` stands for any lines.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let segments = expected.split(omittingEmptySubsequences: false, whereSeparator: isElision).map(Array.init)
        guard segments.count > 1 else { return expected == actual }
        guard let first = segments.first, let last = segments.last, actual.count >= first.count + last.count,
              Array(actual.prefix(first.count)) == first, Array(actual.suffix(last.count)) == last else { return false }
        // The segments between, in order, in what is left.
        var rest = Array(actual.dropFirst(first.count).dropLast(last.count))[...]
        for segment in segments.dropFirst().dropLast() where !segment.isEmpty {
            guard let start = (rest.startIndex...max(rest.startIndex, rest.endIndex - segment.count)).first(where: {
                $0 + segment.count <= rest.endIndex && Array(rest[$0..<($0 + segment.count)]) == segment
            }) else { return false }
            rest = rest[(start + segment.count)...]
        }
        return true
    }

    static func isElision(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces) == "…" }

    /// `actual` shortened as `expected` is, when it has one `…`: as many lines before it and after
    /// it as the README keeps.
    static func elided(_ actual: [String], like expected: [String]) -> [String] {
        guard expected.filter(isElision).count == 1, let at = expected.firstIndex(where: isElision) else { return actual }
        let after = expected.count - at - 1
        guard actual.count > at + after else { return actual }
        return Array(actual.prefix(at)) + [expected[at]] + Array(actual.suffix(after))
    }

    /// README lines paired with the actual lines they stand for: all of them, or with a `…`, those
    /// before it from the start and those after it from the end.
    static func aligned(_ expected: [String], _ actual: [String]) -> [(String, String)] {
        guard let at = expected.firstIndex(where: isElision) else { return Array(zip(expected, actual)) }
        let after = Array(expected[(at + 1)...])
        return Array(zip(expected.prefix(at), actual)) + Array(zip(after.reversed(), actual.reversed()))
    }

    /// `Choose 1-3 [3]: 1` → (`Choose 1-3 [3]:`, `1`); nil for a line that is not an answered question.
    static func question(_ line: String) -> (String, String)? {
        guard let match = line.wholeMatch(of: #/(.*\[[^\]]*\]:?) (\S{1,3})/#), !match.output.1.hasPrefix("[") else { return nil }
        return (String(match.output.1), String(match.output.2))
    }

    static func trimmed(_ line: String) -> String {
        var out = Substring(line)
        while out.last == " " || out.last == "\t" { out.removeLast() }
        return String(out)
    }

    /// The block's commands with their outputs as a line diff.
    static func diff(_ block: ReadmeExamples.Block, expected: [[String]], actual: [[String]]) -> String {
        var out: [String] = []
        for (index, command) in block.commands.enumerated() {
            out.append("  $ " + command.text)
            let want = index < expected.count ? expected[index] : []
            let got = index < actual.count ? actual[index] : []
            out += lineDiff(want, got)
        }
        return out.joined(separator: "\n")
    }

    /// `  same`, `- README only`, `+ actual only`, from a longest common subsequence.
    static func lineDiff(_ a: [String], _ b: [String]) -> [String] {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        var out: [String] = []
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                out.append("  " + a[i])
                i += 1
                j += 1
            } else if i < a.count && (j == b.count || table[i + 1][j] >= table[i][j + 1]) {
                out.append("- " + a[i])
                i += 1
            } else {
                out.append("+ " + b[j])
                j += 1
            }
        }
        return out
    }
}

/// The README test's own parts: how blocks are read, answers found and outputs written back.
@Suite("README examples: the reader")
struct ReadmeReaderTests {
    static let sample = """
        Intro.

        <!-- readme-test: new journal; now 2024-12-10T14:31:00-08:00 -->
        ```console
        $ afterflow new --treatment lsd \\
            --mood-before 5
        Created it
          id 1234ABCD
        Choose 1-3 [3]: 1
        $ afterflow list
        one
        ```

        1. Item:

           <!-- readme-test: skip (interactive) -->
           ```console
           $ afterflow edit x
           edited
           ```
        """

    @Test func blocksCommandsAndDirectives() {
        let readme = ReadmeExamples(text: Self.sample)
        #expect(readme.blocks.count == 2)
        let first = readme.blocks[0]
        #expect(first.has("new journal"))
        #expect(first.value(of: "now") == "2024-12-10T14:31:00-08:00")
        #expect(first.skipReason == nil)
        #expect(first.commands.map(\.text) == ["afterflow new --treatment lsd \\\n    --mood-before 5", "afterflow list"])
        #expect(first.commands[0].output == ["Created it", "  id 1234ABCD", "Choose 1-3 [3]: 1"])
        #expect(readme.blocks[1].indent == "   ")
        #expect(readme.blocks[1].skipReason == "(interactive)")
        #expect(readme.blocks[1].commands[0].output == ["edited"])
    }

    @Test func rewritingKeepsEverythingElse() {
        let readme = ReadmeExamples(text: Self.sample)
        let text = readme.rewritten([0: [["Created", "  two"], []], 1: [["changed"]]])
        #expect(text == Self.sample
            .replacingOccurrences(of: "Created it\n  id 1234ABCD\nChoose 1-3 [3]: 1\n$ afterflow list\none", with: "Created\n  two\n$ afterflow list")
            .replacingOccurrences(of: "   edited", with: "   changed"))
    }

    @Test func questions() {
        func pair(_ line: String) -> [String]? { ReadmeTests.question(line).map { [$0.0, $0.1] } }
        #expect(pair("Choose 1-3 [3]: 1") == ["Choose 1-3 [3]:", "1"])
        #expect(pair("Delete it? It goes to the trash. [y/N] y") == ["Delete it? It goes to the trash. [y/N]", "y"])
        #expect(ReadmeTests.question("\"[2025-02-14 18:20] I spent most of the session…\",\"\"") == nil)
        #expect(ReadmeTests.question("[3] x") == nil)
        #expect(ReadmeTests.question("Nothing asked.") == nil)
    }

    @Test func idsMatchConsistently() {
        var ids = IDMatcher()
        let first = ids.match(expected: "  Psilocybin · id 29597507", actual: "  Psilocybin · id 1F89BF50")
        let again = ids.match(expected: "Add reflections: afterflow reflect 29597507 \"…\"", actual: "Add reflections: afterflow reflect 1F89BF50 \"…\"")
        let other = ids.match(expected: "id 29597507", actual: "id 2222AAAA")
        let text = ids.match(expected: "id 29597507 here", actual: "id 1F89BF50 there")
        #expect(first && again)
        #expect(!other, "one README id stands for one id")
        #expect(!text)
        #expect(ids.readmeIDs(in: "Id 1F89BF50-3112-424C-9287-F1BFAA171152") == "Id 29597507-3112-424C-9287-F1BFAA171152")
        #expect(ids.actualIDs(in: "afterflow reflect 29597507 \"x\"") == "afterflow reflect 1F89BF50 \"x\"")
    }
}

extension ReadmeReaderTests {
    @Test func elisionStandsForAnyLines() {
        #expect(ReadmeTests.matches(["a", "  …", "z"], ["a", "b", "c", "z"]))
        #expect(ReadmeTests.matches(["a", "…", "z"], ["a", "z"]))
        #expect(!ReadmeTests.matches(["a", "…", "z"], ["a", "b"]))
        #expect(!ReadmeTests.matches(["a", "…", "z"], ["b", "z"]))
        #expect(ReadmeTests.matches(["a", "…", "m", "…", "z"], ["a", "b", "m", "n", "z"]))
        #expect(!ReadmeTests.matches(["a", "…", "m", "…", "z"], ["a", "b", "n", "z"]))
        #expect(ReadmeTests.elided(["a", "b", "c", "y", "z"], like: ["a", "  …", "z"]) == ["a", "  …", "z"])
        #expect(ReadmeTests.elided(["x", "y"], like: ["a", "  …", "z"]) == ["x", "y"], "nothing to leave out")
    }
}

extension ReadmeReaderTests {
    @Test func diffShowsTheREADMELineFirst() {
        #expect(ReadmeTests.lineDiff(["a", "b", "c"], ["a", "x", "c"]) == ["  a", "- b", "+ x", "  c"])
        #expect(ReadmeTests.lineDiff(["a"], ["a", "b"]) == ["  a", "+ b"])
        #expect(ReadmeTests.lineDiff(["a", "b"], ["b"]) == ["- a", "  b"])
    }
}
