import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `afterflow log` on a client with behaviour goals (ExampleVault's sam-r: count, duration,
/// interval, ABC), driven on a real pseudo-terminal: each key's event is on disk before the screen
/// shows it, a kill loses nothing, `--resume` shows the duration still running and goes on.
@Suite("live behaviour logger", .serialized)
struct LiveLogBehaviourTests {
    /// A fixed wall clock (the session's file name is known); the session's clock runs on the
    /// monotonic clock from there, so intervals end as time passes.
    static let now = ["AFTERFLOW_NOW": "2025-04-07T10:00:00-07:00"]
    static let session = "clients/sam-r/sessions/2025/2025-04-07-1000.md"

    /// The event lines of a session file without their times: `hitting count`.
    static func events(_ text: String) -> [String] {
        LiveLogTests.trials(text).map { $0.split(separator: " ").dropFirst(2).joined(separator: " ") }
    }

    /// ExampleVault with on-task's intervals 3 s long (10 s in the example), and a bell at each end.
    static func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        let goal = vault + "/clients/sam-r/goals/on-task.md"
        try sandbox.write(goal, try sandbox.readText(goal).replacingOccurrences(of: "interval: 10s", with: "interval: 3s"))
        let config = vault + "/.afterflow/config.yml"
        try sandbox.write(config, try sandbox.readText(config) + "interval_signal: bell\n")
        return vault
    }

    @Test("a count, a running duration, intervals and an ABC incident; killed midway, resumed, nothing lost")
    func killedAndResumed() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let file = vault + "/" + Self.session
            let first = try sandbox.runOnPseudoTerminal(["log", "sam-r", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("[t] hitting"), .expect("[r] tantrum"), .expect("+/- on-task"), .expect("[c] incidents"),
                .type("t"), .file(file, holds: " hitting count\n"), .expect("hitting: 1 this session"),
                .type("r"), .file(file, holds: " tantrum start\n"), .expect("● running"),
                // Interval 1 ends 3 s after the start; it is asked for, and + scores it.
                .expect("interval 1 ended: + or -"), .type("+"), .file(file, holds: " on-task interval 1 +\n"),
                .type("c"), .expect("antecedent?"), .type("1"), .expect("behaviour?"), .type("1"), .expect("consequence?"),
                .type("2"), .file(file, holds: " incidents abc demand hitting escape\n"), .expect("incidents: 1 incidents"),
                .signal(SIGKILL),
            ])
            #expect(first.failure == nil, "\(first)")
            #expect(first.status == -Int(SIGKILL), "\(first)")
            #expect(first.raw.contains(0x07), "interval_signal: bell rings at the interval's end")
            // Every event typed before the kill, the tantrum's start without a stop.
            #expect(Self.events(try sandbox.readText(file)) == ["hitting count", "tantrum start", "on-task interval 1 +",
                                                                 "incidents abc demand hitting escape"])
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)

            // Resumed five minutes later: 100 intervals of 3 s have ended (300 s / 3 s), interval 1
            // the only one scored. Intervals 2-100 ended while no logger ran: they are skipped and
            // marked, not asked for one by one; the next asked for is 101 (300-303 s).
            let later = ["AFTERFLOW_NOW": "2025-04-07T10:05:00-07:00"]
            let resumed = try sandbox.runOnPseudoTerminal(["log", "--resume", Self.session, "--vault", vault], directory: ".",
                                                          environment: later, steps: [
                // The start is on disk: the tantrum is still running.
                .expect("[r] tantrum"), .expect("● running"),
                .type("r"), .file(file, holds: " tantrum stop\n"), .expect("tantrum stopped after"),
                .expect("interval 101 · "), .expect("2-100 not observed"),
                .expect("interval 101 ended: + or -"), .type("-"), .file(file, holds: " on-task interval 101 -  intervals 2-100 not observed\n"),
                .type("t"), .expect("hitting: 2 this session"),
                // A tantrum still running at q: its start is kept, and the summary closes it at the end.
                .type("r"), .file(file, holds: " tantrum start\n- "), .expect("● running"),
                .type("q"), .expect("still running at the end was closed there"), .expect(Self.session),
            ])
            #expect(resumed.failure == nil, "\(resumed)")
            #expect(resumed.status == 0, "\(resumed)")
            let text = try sandbox.readText(file)
            // Interval 101 is written with its end's time, 10:05:03, after the stop at 10:05:00.
            #expect(Self.events(text) == ["hitting count", "tantrum start", "on-task interval 1 +", "incidents abc demand hitting escape",
                                          "tantrum stop", "on-task interval 101 - intervals 2-100 not observed", "hitting count", "tantrum start"], "\(text)")
            // The gap is marked, so check has nothing to say of it.
            let checked = try sandbox.run(["check", "--vault", vault])
            #expect(!checked.stdout.contains("missing before interval") && !checked.stderr.contains("missing before interval"), "\(checked)")
            #expect(text.contains("\nend: 2025-04-07T10:05:00"), "q writes the end: \(text)")
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }

    @Test("interval_signal: flash puts the screen in reverse video at an interval's end, and back; a session of events only is kept")
    func flash() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config).replacingOccurrences(of: "interval_signal: bell", with: "interval_signal: flash"))
            let file = vault + "/" + Self.session
            let run = try sandbox.runOnPseudoTerminal(["log", "sam-r", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("interval 1 ended: + or -"), .pause(0.5), .type("-"), .file(file, holds: " on-task interval 1 -\n"),
                // q asks of hitting, incidents and tantrum (no line yet) whether they did not occur: n to each.
                .type("q"), .expect("did not occur this session?"), .type("n"), .type("n"), .type("n"), .expect(Self.session),
            ])
            #expect(run.failure == nil && run.status == 0, "\(run)")
            let raw = String(decoding: run.raw, as: UTF8.self)
            #expect(raw.contains("\u{1B}[?5h") && raw.contains("\u{1B}[?5l"), "the flash and its end")
            #expect(!run.raw.contains(0x07), "no bell with flash")
            #expect(Self.events(try sandbox.readText(file)) == ["on-task interval 1 -"])
        }
    }

    @Test("--plain from a pipe: a key a line, the picker's choices by number, a line per event")
    func plainFromAPipe() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let piped = try sandbox.run(["log", "sam-r", "--vault", vault], environment: Self.now.mapValues { $0 },
                                        stdin: Data("t\nt\nc\n2\n1\n9\nr\nq\n".utf8))
            expectStatus(piped, 0)
            #expect(piped.stdout.contains("Behaviour keys: t hitting (count), c incidents (abc), + - on-task (interval), r tantrum (duration), 0 none (did not occur), u undo, q end."), "\(piped)")
            #expect(piped.stdout.contains("incidents antecedent? 1 demand, 2 transition"), "\(piped)")
            #expect(piped.stdout.contains("  hitting: 2 this session"), "\(piped)")
            #expect(Self.events(try sandbox.readText(vault + "/" + Self.session)) == [
                "hitting count", "hitting count", "incidents abc transition hitting other", "tantrum start",
            ])
        }
    }

    /// `0` then `1` marks the first goal offered (hitting: no line yet) none; `q` then asks of
    /// each count, duration and abc goal still without a line, in the logger's order (incidents,
    /// then tantrum): `n` leaves incidents without a line, `y` writes tantrum's none.
    @Test("--plain from a pipe: 0 marks a goal none, and q asks of each goal with no line before it ends")
    func noneFromAPipe() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let piped = try sandbox.run(["log", "sam-r", "--vault", vault], environment: Self.now.mapValues { $0 },
                                        stdin: Data("0\n1\nq\nn\ny\n".utf8))
            expectStatus(piped, 0)
            #expect(piped.stdout.contains("none this session: which goal? 1 hitting, 2 incidents, 3 tantrum; Esc cancels"), "\(piped)")
            #expect(piped.stdout.contains("  hitting: none this session (observed, did not occur)"), "\(piped)")
            #expect(piped.stdout.contains("Before the end: incidents did not occur this session?"), "\(piped)")
            #expect(piped.stdout.contains("Before the end: tantrum did not occur this session?"), "\(piped)")
            let text = try sandbox.readText(vault + "/" + Self.session)
            #expect(Self.events(text) == ["hitting none", "tantrum none"], "\(text)")
            #expect(text.contains("\nend: 2025-04-07T10:00:00"), "q wrote the end: \(text)")
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }

    /// The same on the full screen: `0` shows the choice of goals, `1` writes hitting's none; `q`
    /// asks of incidents (`y`: its none) and then of tantrum (`n`), and ends.
    @Test("on the terminal: 0 and its choice, and q's question goal by goal")
    func noneOnTheScreen() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let file = vault + "/" + Self.session
            let run = try sandbox.runOnPseudoTerminal(["log", "sam-r", "--vault", vault], directory: ".", environment: Self.now, steps: [
                .expect("0 none"), .type("0"), .expect("which goal did not occur this session?"), .expect("1 hitting"),
                .type("1"), .file(file, holds: " hitting none\n"), .expect("hitting: none this session"),
                .type("q"), .expect("incidents: did not occur this session?"), .type("y"), .file(file, holds: " incidents none\n"),
                .expect("tantrum: did not occur this session?"), .type("n"), .expect(Self.session),
            ])
            #expect(run.failure == nil && run.status == 0, "\(run)")
            #expect(Self.events(try sandbox.readText(file)) == ["hitting none", "incidents none"])
        }
    }
}
