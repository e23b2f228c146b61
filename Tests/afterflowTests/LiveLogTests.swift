import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `afterflow log` driven on a real pseudo-terminal: keys become lines of the session file, in
/// order, each on disk before its cue is chosen; the terminal is put back however it ends.
@Suite("live trial logger", .serialized)
struct LiveLogTests {
    /// A fixed clock: the session file's name is known, and every trial is at 10:00:00.
    static let now = ["AFTERFLOW_NOW": "2025-01-20T10:00:00-08:00"]
    static let session = "clients/maya-t/sessions/2025/2025-01-20-1000.md"

    /// The trial lines of a session file.
    static func trials(_ text: String) -> [String] {
        guard let range = text.range(of: "## Trials\n") else { return [] }
        return text[range.upperBound...].split(separator: "\n").filter { $0.hasPrefix("- ") }.map(String.init)
    }

    /// The terminal's modes as `stty -a` prints them, without the size.
    static func modes(_ stty: String) -> String {
        stty.split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    @Test("keys become lines in order: default cue on time-out, a chosen cue, a goal switch, undo, a note, q ends")
    func keysToLines() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("Produce /s/ in word-initial position"), .expect("no trials yet"),
                // s-initial's default cue is minimal: written at once, before any choice.
                .type("k"), .file(file, holds: "- 10:00:00 s-initial + minimal\n"), .expect("+1 Success"), .expect("cue: minimal in 3"),
                .expect("cue: minimal in 1"), .expect("cue: minimal"),
                .type("j"), .file(file, holds: "- 10:00:00 s-initial - minimal\n"), .expect("+1 Failure"), .expect("1 of 2"),
                .type("3"), .file(file, holds: "- 10:00:00 s-initial - moderate\n"), .expect("cue: moderate"),
                .type("l"), .expect("Follow two-step directions"),
                .type("\u{1B}[A"), .file(file, holds: "- 10:00:00 two-step + independent\n"), .expect("+1 Success"),
                .type("a"), .file(file, holds: "- 10:00:00 two-step + maximal\n"), .expect("cue: maximal"),
                .type("u"), .expect("undone"),
                .type("n"), .expect("Note on"), .type("said th\r"), .file(file, holds: "moderate  said th\n"),
                .type("q"), .expect(Self.session),
            ])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            #expect(Self.modes(run.sttyAfter) == Self.modes(run.sttyBefore), "\(run)")
            let text = try sandbox.readText(file)
            #expect(Self.trials(text) == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - moderate  said th"])
            #expect(text.contains("\nend: 2025-01-20T10:00:00"), "q writes the end: \(text)")
            #expect(text.contains("recorded_on: terminal"))
            #expect(run.screen.contains("Trials      2: 1 success, 1 failure, 50 % success rate"), "the summary: \(run)")
            let check = try sandbox.run(["check", "--vault", vault])
            expectStatus(check, 0)
        }
    }

    @Test("SIGTERM and Ctrl-C put the terminal back and keep every trial; the session stays open")
    func signalsRestoreTheTerminal() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            for (stop, status) in [(PseudoTerminal.Step.signal(SIGTERM), -Int(SIGTERM)), (.type("\u{03}"), -Int(SIGINT)),
                                   (.signal(SIGHUP), -Int(SIGHUP))] {
                try? FileManager.default.removeItem(atPath: file)
                let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                    .expect("no trials yet"), .type("k"), .file(file, holds: "s-initial + minimal"), .expect("+1 Success"), stop,
                ])
                #expect(run.failure == nil, "\(run)")
                #expect(run.status == status, "\(run)")
                #expect(Self.modes(run.sttyAfter) == Self.modes(run.sttyBefore), "\(stop): \(run)")
                let text = try sandbox.readText(file)
                #expect(Self.trials(text) == ["- 10:00:00 s-initial + minimal"])
                #expect(!text.contains("\nend:"))
            }
        }
    }

    @Test("SIGKILL at any moment leaves a valid file with every logged trial, and --resume goes on with it")
    func killAndResume() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let keys = ["k", "j", "3", "k", "l", "j", "1", "k"]
            // What a run to the end writes, line by line.
            let finished = ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - moderate", "- 10:00:00 s-initial + minimal",
                            "- 10:00:00 two-step - independent", "- 10:00:00 two-step + independent"]
            var random = SeededRandom("LiveLogTests.killAndResume")
            for round in 0..<(Int(ProcessInfo.processInfo.environment["CRASH_RUNS"] ?? "") ?? 8) {
                try? FileManager.default.removeItem(atPath: file)
                let cut = Int.random(in: 1...keys.count, using: &random)
                var steps: [PseudoTerminal.Step] = [.expect("no trials yet")]
                // Every key but the last has had time to be handled; the kill lands 0-60 ms after the last.
                for key in keys.prefix(cut - 1) { steps += [.type(key), .pause(0.25)] }
                steps += [.type(keys[cut - 1]), .pause(Double.random(in: 0...0.06, using: &random)), .signal(SIGKILL)]
                let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: steps)
                #expect(run.status == -Int(SIGKILL), "round \(round): \(run)")
                let check = try sandbox.run(["check", "--vault", vault])
                #expect(check.status == 0, "round \(round): \(check)")
                let lines = Self.trials(try sandbox.readText(file))
                let handled = keys.prefix(cut - 1).filter { $0 == "k" || $0 == "j" }.count
                let typed = keys.prefix(cut).filter { $0 == "k" || $0 == "j" }.count
                #expect(lines.count >= handled && lines.count <= typed, "round \(round), \(cut) keys: \(lines)")
                for (i, line) in lines.enumerated() where i < finished.count {
                    // The last line may still have its default cue (the choice was not written yet).
                    let same = i == lines.count - 1 ? String(line.split(separator: " ").prefix(4).joined(separator: " ")) == finished[i].split(separator: " ").prefix(4).joined(separator: " ")
                                                    : line == finished[i]
                    #expect(same, "round \(round), \(cut) keys, line \(i): \(line)")
                }
            }
            let before = Self.trials(try sandbox.readText(file))
            let resumed = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--resume", Self.session, "--vault", vault], directory: ".",
                                                          environment: Self.now, steps: [
                .expect("Produce /s/"), .type("j"), .file(file, holds: "\n- 10:00:00 s-initial - minimal\n"), .expect("+1 Failure"),
                .type("q"), .expect(Self.session),
            ])
            #expect(resumed.status == 0, "\(resumed)")
            let after = Self.trials(try sandbox.readText(file))
            #expect(after == before + ["- 10:00:00 s-initial - minimal"])
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }

    @Test("after a crash, log CLIENT offers to go on with the client's open session from today, and does")
    func offersTheOpenSession() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let crash = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("no trials yet"), .type("k"), .file(file, holds: "s-initial + minimal"), .signal(SIGKILL),
            ])
            try #require(crash.status == -Int(SIGKILL), "\(crash)")
            let again = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("still open"), .expect("Go on with it?"), .type("\r"), .expect("1 of 1"),
                .type("j"), .file(file, holds: "s-initial - minimal"), .type("q"), .expect(Self.session),
            ])
            #expect(again.failure == nil, "\(again)")
            // One session, holding the trial from before the crash and the one after.
            let sessions = sandbox.files(under: vault + "/clients/maya-t/sessions/2025").filter { $0.hasPrefix("2025-01-20") }
            let lines = Self.trials(try sandbox.readText(file))
            #expect(sessions == ["2025-01-20-1000.md"] && lines == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - minimal"],
                    "\(sessions) \(lines): \(again)")
        }
    }

    @Test("log --resume SESSION without the client: the client is the session's")
    func resumeWithoutTheClient() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let first = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("no trials yet"), .type("k"), .file(file, holds: "s-initial + minimal"), .type("\u{03}"),
            ])
            try #require(first.status == -Int(SIGINT), "\(first)")
            let resumed = try sandbox.runOnPseudoTerminal(["log", "--resume", Self.session, "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("Produce /s/"), .type("j"), .file(file, holds: "s-initial - minimal"), .type("q"), .expect(Self.session),
            ])
            let lines = Self.trials(try sandbox.readText(file))
            #expect(resumed.status == 0 && lines == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - minimal"], "\(lines): \(resumed)")
        }
    }

    @Test("q before any trial keeps no empty session")
    func quitWithoutTrials() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("no trials yet"), .type("q"), .expect("not kept"),
            ])
            #expect(run.status == 0 && !sandbox.exists(vault + "/" + Self.session), "\(run)")
        }
    }

    @Test("a trial logged meanwhile by another front end is shown, and its line is never taken for this one's")
    func anotherFrontEnd() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            guard let binary = afterflowBinary else { throw CLIError(description: "no afterflow binary") }
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("no trials yet"), .type("k"), .file(file, holds: "s-initial + minimal"),
                .run([binary, "trial", Self.session, "two-step", "failure", "--vault", vault]),
                .expect("Last: 10:00:00 two-step ✗ independent"), .type("3"), .expect("cue not changed"),
                .type("q"), .expect(Self.session),
            ])
            #expect(run.failure == nil, "\(run)")
            #expect(Self.trials(try sandbox.readText(file)) == ["- 10:00:00 s-initial + minimal", "- 10:00:00 two-step - independent"])
        }
    }

    @Test("the screen follows the terminal's size")
    func resize() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            // The timer is centred: 28 columns after the badge in 80, 38 in 100.
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect(" Maya T. " + String(repeating: " ", count: 28) + "00:00"), .expect("no trials yet"),
                .resize(columns: 100, rows: 30), .expect(" Maya T. " + String(repeating: " ", count: 38) + "00:00"),
                .expect("no trials yet"), .type("q"), .expect(Self.session),
            ])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0)
        }
    }

    @Test("--plain prints one line per trial, on a terminal and from a pipe")
    func plain() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--plain", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("Goal 1 of 2: s-initial"), .type("k"), .expect("+1 Success  10:00:00 s-initial minimal   s-initial: 1 of 1 (100 %)"),
                .type("j"), .expect("+1 Failure"), .type("3"), .expect("cue: moderate"), .type("k"), .expect("+1 Success"), .type("2"),
                .expect("cue: minimal"),
                .type("l"), .expect("Goal 2 of 2: two-step"), .type("q"), .expect(Self.session),
            ])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            #expect(!run.screen.contains("Produce /s/ in word-initial position\n                "), "no full screen")
            #expect(Self.modes(run.sttyAfter) == Self.modes(run.sttyBefore))
            #expect(Self.trials(try sandbox.readText(file)) == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - moderate",
                                                                 "- 10:00:00 s-initial + minimal"])

            try FileManager.default.removeItem(atPath: file)
            let piped = try sandbox.run(["log", "maya-t", "--vault", vault], environment: Self.now.mapValues { $0 },
                                        stdin: Data("k\nj\n3\nl\nk\nq\n".utf8))
            expectStatus(piped, 0)
            #expect(piped.stdout.contains("+1 Failure  10:00:00 s-initial minimal"), "\(piped)")
            #expect(Self.trials(try sandbox.readText(file)) == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - moderate",
                                                                 "- 10:00:00 two-step + independent"])
            #expect(piped.stdoutLines.last == Self.session)

            // Input that runs out without q leaves the session open, every trial kept.
            try FileManager.default.removeItem(atPath: file)
            let open = try sandbox.run(["log", "maya-t", "--vault", vault], environment: Self.now.mapValues { $0 }, stdin: Data("k\n".utf8))
            expectStatus(open, 0)
            #expect(open.stderr.contains("Left the session open with 1 trial"), "\(open)")
            #expect(!(try sandbox.readText(file)).contains("\nend:"))
        }
    }

    @Test("--neutral: no Success or Failure, symbols instead")
    func neutral() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let file = vault + "/" + Self.session
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t", "--neutral", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("↑/k ▲  ↓/j ▼"), .type("k"), .expect("+1 ▲"), .type("j"), .expect("+1 ▼"), .expect("▲ ▼"),
                .type("\u{1B}"), .pause(0.2), .type("q"), .expect(Self.session),
            ])
            #expect(run.failure == nil, "\(run)")
            // Nor in the summary printed after the screen is gone.
            for word in ["Success", "Failure", "success", "failure", "Needs Work", "Good", "Excellent"] {
                #expect(!run.screen.contains(word), "\(word): \(run)")
            }
            #expect(run.screen.contains("Trials      2: 1 ▲, 1 ▼, 50 % ▲"), "\(run)")
            #expect(Self.trials(try sandbox.readText(file)) == ["- 10:00:00 s-initial + minimal", "- 10:00:00 s-initial - minimal"])
        }
    }
}
