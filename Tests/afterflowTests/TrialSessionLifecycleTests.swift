import Foundation
import Testing

/// Which session takes a trial (#20, item 3): only an open session started today (or less than
/// 12 hours before, past midnight); a past or ended one only when named with --session. Ending a
/// session twice, and check's word on a trial after the end.
@Suite("trial sessions: which one takes a trial, and ending one")
struct TrialSessionLifecycleTests {
    static let session = "clients/maya-t/sessions/2025/2025-04-01-1500.md"
    static let three = practiceAt("2025-04-01T15:00:00-07:00")

    /// Maya with a goal s-initial and a session started 2025-04-01 15:00 (Los Angeles).
    func started(_ sandbox: Sandbox, at start: [String: String?] = three) throws -> (vault: String, file: String) {
        let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
        expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: vault, environment: start), 0)
        expectStatus(try sandbox.run(["goal", "add", "maya-t", "Produce /s/", "--short", "s-initial"], directory: vault, environment: start), 0)
        let started = try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: start)
        expectStatus(started, 0)
        return (vault, vault + "/" + started.stdout.trimmingCharacters(in: .newlines))
    }

    @Test("a trial for an ended session is refused, names trials start and --session, and writes nothing")
    func endedSessionRefused() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:30"], directory: vault, environment: Self.three), 0)
            let before = try sandbox.read(file)
            let result = try sandbox.run(["trial", "maya-t", "s-initial", "-"], directory: vault, environment: practiceAt("2025-04-01T15:40:00-07:00"))
            expectStatus(result, 1)
            #expect(result.stderr.contains("\(Self.session) has ended (at 3:30 PM on Tue Apr 1, 2025)"), "\(result)")
            #expect(result.stderr.contains("afterflow trials start maya-t"), "\(result)")
            #expect(result.stderr.contains("afterflow trial maya-t s-initial - --session \(Self.session)"), "\(result)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("two days later, a trial does not land in the old day's open session")
    func oldSessionRefused() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            let before = try sandbox.read(file)
            let result = try sandbox.run(["trial", "maya-t", "s-initial", "+"], directory: vault, environment: practiceAt("2025-04-03T09:00:00-07:00"))
            expectStatus(result, 1)
            #expect(result.stderr.contains("\(Self.session) started on Tue Apr 1, 2025, not today"), "\(result)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("a session started at 23:30 still takes a trial at 00:20 (past midnight, under 12 hours)")
    func pastMidnightAccepted() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox, at: practiceAt("2025-04-01T23:30:00-07:00"))
            let result = try sandbox.run(["trial", "maya-t", "s-initial", "+"], directory: vault, environment: practiceAt("2025-04-02T00:20:00-07:00"))
            expectStatus(result, 0)
            let text = try sandbox.readText(file)
            #expect(text.hasSuffix("## Trials\n\n- 00:20:00 s-initial + independent\n"), "\(text)")
        }
    }

    @Test("--session adds to an ended session on purpose")
    func onPurpose() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:30"], directory: vault, environment: Self.three), 0)
            let before = try sandbox.readText(file)
            let result = try sandbox.run(["trial", "maya-t", "s-initial", "+", "--session", "maya-t/2025-04-01", "--at", "15:20:00"],
                                         directory: vault, environment: practiceAt("2025-04-03T09:00:00-07:00"))
            expectStatus(result, 0)
            #expect(try sandbox.readText(file) == before + "- 15:20:00 s-initial + independent\n")
        }
    }

    @Test("--session must be a session of the client the first argument names")
    func onPurposeOtherClient() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["client", "add", "Leo Ortiz"], directory: vault, environment: Self.three), 0)
            let before = try sandbox.read(file)
            let result = try sandbox.run(["trial", "leo-o", "s-initial", "+", "--session", Self.session], directory: vault, environment: Self.three)
            expectStatus(result, 64)
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("the terminal logger does not resume an ended session")
    func logResumeEndedRefused() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:30"], directory: vault, environment: Self.three), 0)
            let before = try sandbox.read(file)
            let result = try sandbox.run(["log", "maya-t", "--resume", Self.session, "--plain"], directory: vault,
                                         environment: practiceAt("2025-04-01T15:40:00-07:00"), stdin: Data("k\n".utf8))
            expectStatus(result, 1)
            #expect(result.stderr.contains("has ended (at 3:30 PM on Tue Apr 1, 2025)"), "\(result)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("trials end on an ended session says it has ended and writes nothing")
    func endTwice() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:30"], directory: vault, environment: Self.three), 0)
            let before = try sandbox.read(file)
            let again = try sandbox.run(["trials", "end", "maya-t"], directory: vault, environment: practiceAt("2025-04-01T16:00:00-07:00"))
            expectStatus(again, 1)
            #expect(again.stderr.contains("\(Self.session) has ended already (at 3:30 PM on Tue Apr 1, 2025); nothing was written"), "\(again)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("trials end --at on an ended session writes the new end on purpose")
    func endAgainAt() throws {
        try withSandbox { sandbox in
            let (vault, file) = try started(sandbox)
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "15:30"], directory: vault, environment: Self.three), 0)
            let again = try sandbox.run(["trials", "end", "maya-t", "--at", "15:50"], directory: vault, environment: practiceAt("2025-04-01T16:00:00-07:00"))
            expectStatus(again, 0)
            let text = try sandbox.readText(file)
            #expect(text.contains("\nend: 2025-04-01T15:50:00-07:00\n"), "\(text)")
        }
    }

    @Test("check warns at a trial line after the session's end, at its time")
    func checkTrialAfterEnd() throws {
        try withSandbox { sandbox in
            let text = "---\ntype: trials\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\nclient: \(Practice.maya)\ndate: 2025-01-14T15:00:00\nend: 2025-01-14T15:30:00\n---\n## Trials\n\n"
                + "- 15:02:10 s-initial + independent\n- 15:30:00 s-initial + independent\n- 15:31:05 s-initial - minimal\n"
            let vault = try Practice.make(in: sandbox, [Practice.sessionPath: text])
            let result = try sandbox.run(["check"], directory: vault)
            // Lines: 1 ---, 2-6 keys, 7 ---, 8 ## Trials, 9 blank, 10-12 trials: only 15:31:05 is after 15:30.
            #expect(result.stdoutLines.filter { $0.contains(": warning: ") } == [
                "\(Practice.sessionPath):12:3: warning: trial line: 15:31:05 is after the session's end (3:30 PM); if the session went on, make its end: 15:31:05 or later ('afterflow trials end' with --at), else correct the trial's time",
            ], "\(result)")
        }
    }

    @Test("client show says 1 trial, 1 success")
    func clientShowSingular() throws {
        try withSandbox { sandbox in
            let (vault, _) = try started(sandbox)
            expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", "+", "--at", "15:01:00"], directory: vault, environment: Self.three), 0)
            let show = try sandbox.run(["client", "show", "maya-t"], directory: vault, environment: Self.three)
            expectStatus(show, 0)
            #expect(show.stdoutLines.contains { $0.contains("  1 trial, 1 success  \(Self.session)") }, "\(show)")
        }
    }
}
