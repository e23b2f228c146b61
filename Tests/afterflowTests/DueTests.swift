import Foundation
import Testing

@Suite("due")
struct DueTests {
    /// A vault with a session whose reminder has come (2024-12-10 17:30) and one whose has not.
    private func setUp(_ sandbox: Sandbox) throws -> (due: String, later: String) {
        let (_, due) = try sandbox.vaultWithSession()
        expectStatus(try sandbox.run(["set", String(due.prefix(8)), "reminder=2024-12-10 17:30"], directory: "vault"), 0)
        let made = try sandbox.run(["new", "--date", "2024-12-12 10:00", "--treatment", "ketamine", "--mood-before", "4",
                                    "--intention", "Another private line.", "--remind", "1d", "--format", "json"], directory: "vault")
        let later = try #require((made.json as? [String: Any])?["id"] as? String)
        return (due, later)
    }

    @Test("nothing due: no output at all, for cron")
    func nothingDue() throws {
        try withSandbox { sandbox in
            _ = try sandbox.vaultWithSession(remind: "3h")
            let result = try sandbox.run(["due"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdout == "")
            #expect(result.stderr == "")
            let json = try sandbox.run(["due", "--format", "json"], directory: "vault")
            #expect(json.json as? [Any] != nil && (json.json as? [Any])?.isEmpty == true)
        }
    }

    @Test("a due reminder is listed neutrally: id, day, reminder time and the command, nothing personal")
    func dueListed() throws {
        try withSandbox { sandbox in
            let (due, _) = try setUp(sandbox)
            let short = String(due.prefix(8))
            let result = try sandbox.run(["due"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdoutLines == ["\(short)  Dec 10, 2024  reminder 2024-12-10 17:30  afterflow open \(short)"])
            for secret in ["private", "Psilocybin", "psilocybin", "sessions/"] {
                #expect(!result.stdout.contains(secret), "\(secret) is not shown")
            }
            let verbose = try sandbox.run(["due", "--verbose"], directory: "vault")
            #expect(verbose.stdout.contains("Psilocybin  sessions/2024/2024-12-10-psilocybin.md  A private intention."))

            let json = try sandbox.run(["due", "--format", "json"], directory: "vault")
            let items = try #require(json.json as? [[String: Any]])
            #expect(items.count == 1)
            #expect(Set(items[0].keys) == ["id", "date", "reminder", "open"])
            #expect(items[0]["id"] as? String == due)
            #expect(items[0]["reminder"] as? String == "2024-12-10T17:30:00-08:00")
        }
    }

    @Test("a session that became complete or was deleted is no longer due")
    func completeAndDeletedAreNotDue() throws {
        try withSandbox { sandbox in
            let (due, later) = try setUp(sandbox)
            expectStatus(try sandbox.run(["set", String(later.prefix(8)), "reminder=2024-12-12 12:00"], directory: "vault"), 0)
            #expect(try sandbox.run(["due"], directory: "vault").stdoutLines.count == 2)
            expectStatus(try sandbox.run(["reflect", String(due.prefix(8)), "Done."], directory: "vault"), 0)
            #expect(try sandbox.run(["due"], directory: "vault").stdoutLines.count == 1)
            expectStatus(try sandbox.run(["delete", String(later.prefix(8)), "--yes"], directory: "vault"), 0)
            #expect(try sandbox.run(["due"], directory: "vault").stdout == "")
        }
    }

    @Test("--notify shows one neutral notification with notify-send, once per reminder")
    func notify() throws {
        try withSandbox { sandbox in
            _ = try setUp(sandbox)
            let log = sandbox.path("notifications")
            _ = try sandbox.script("bin/notify-send", "for a in \"$@\"; do printf '%s|' \"$a\" >> '\(log)'; done; echo >> '\(log)'")
            let environment: [String: String?] = ["PATH": sandbox.path("bin") + ":/usr/bin:/bin"]
            let first = try sandbox.run(["due", "--notify"], directory: "vault", environment: environment)
            expectStatus(first, 0)
            #expect(first.stdout == "")
            #expect(try sandbox.readText(log) == "Time to Reflect|Add thoughts about your recent session.|\n")
            let second = try sandbox.run(["due", "--notify"], directory: "vault", environment: environment)
            expectStatus(second, 0)
            #expect(try sandbox.readText(log).components(separatedBy: "\n").count == 2, "not notified again")
            #expect(try sandbox.mode("home/.local/state/afterflow/notified.json") == 0o600)
        }
    }

    @Test("--notify without notify-send lists the due sessions instead, with a warning")
    func notifyWithoutNotifySend() throws {
        try withSandbox { sandbox in
            let (due, _) = try setUp(sandbox)
            try FileManager.default.createDirectory(atPath: sandbox.path("empty"), withIntermediateDirectories: true)
            let result = try sandbox.run(["due", "--notify"], directory: "vault", environment: ["PATH": sandbox.path("empty")])
            expectStatus(result, 0)
            #expect(result.stderr.contains("warning: no notify-send here to show a notification"))
            #expect(result.stdout.hasPrefix(String(due.prefix(8))))
        }
    }
}
