import Foundation
import Testing

@Suite("remind")
struct RemindTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    /// 09:00 tomorrow in Los Angeles, as the file writes it.
    static func tomorrowMorning() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let next = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: Date()))!
        let nine = calendar.date(bySettingHour: 9, minute: 0, second: 0, of: next)!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return formatter.string(from: nine)
    }

    @Test("a time the clocks skip (02:30 as they go forward) is the first that exists, 03:00, and a note says so")
    func skippedTime() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession()
            let result = try sandbox.run(["remind", String(id.prefix(8)), "2025-03-09 02:30"], directory: "vault",
                                         environment: ["AFTERFLOW_NOW": "2025-03-01T09:00:00-08:00"])
            expectStatus(result, 0)
            #expect(result.stderr == "note: 2025-03-09 02:30 does not exist in America/Los_Angeles (the clocks go forward over it); the reminder is at 2025-03-09 03:00, the first time after\n")
            #expect(frontMatterValue(try sandbox.readText("vault/" + path), "reminder") == "2025-03-09T03:00:00-07:00")
        }
    }

    @Test("remind REF 3h sets the reminder key three hours ahead; another replaces it; --cancel removes it")
    func setReplaceCancel() throws {
        try withSandbox { sandbox in
            let (path, id) = try sandbox.vaultWithSession()
            let short = String(id.prefix(8))
            let set = try sandbox.run(["remind", short, "3h"], directory: "vault")
            expectStatus(set, 0)
            #expect(set.stdout.hasPrefix("Reminder set for "))
            #expect(set.stdout.hasSuffix("(in 3 hours).\n"), "\(set)")
            var text = try sandbox.readText("vault/" + path)
            let reminder = try #require(frontMatterValue(text, "reminder"))
            let when = try #require(parseISODate(reminder))
            #expect(abs(when.timeIntervalSinceNow - 10_800) < 600, "\(reminder)")
            #expect(frontMatterKeys(text) == ["id", "date", "treatment", "administration", "mood_before", "status", "reminder", "created", "updated"])

            expectStatus(try sandbox.run(["remind", short, "tomorrow"], directory: "vault"), 0)
            text = try sandbox.readText("vault/" + path)
            #expect(frontMatterValue(text, "reminder") == Self.tomorrowMorning())
            #expect(frontMatterKeys(text).filter { $0 == "reminder" }.count == 1, "replaced, not added")

            let cancel = try sandbox.run(["remind", short, "--cancel"], directory: "vault")
            expectStatus(cancel, 0)
            #expect(cancel.stdout == "Reminder cancelled for \(path).\n")
            #expect(frontMatterValue(try sandbox.readText("vault/" + path), "reminder") == nil)
            let again = try sandbox.run(["remind", short, "--cancel"], directory: "vault")
            expectStatus(again, 0)
            #expect(again.stdout == "\(path) has no reminder; nothing to cancel.\n")
        }
    }

    @Test("a time in the past is refused and nothing changes", arguments: ["2024-12-10 18:00", "2020-01-01"])
    func pastRefused(when: String) throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            let result = try sandbox.run(["remind", "2024-12-10", when], directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderr.contains("is in the past; choose a later time, like 3h or tomorrow"), "\(result)")
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("bad usage: no WHEN, WHEN and --cancel, or a WHEN that is not a time",
          arguments: [(["remind", "2024-12-10"], "say when"), (["remind", "2024-12-10", "3h", "--cancel"], "not both"),
                      (["remind", "2024-12-10", "soon"], "WHEN must be 3h, tomorrow, none")])
    func badUsage(arguments: [String], message: String) throws {
        try withSandbox { sandbox in
            _ = try sandbox.vaultWithSession()
            let result = try sandbox.run(arguments, directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
        }
    }

    @Test("a complete session gets no reminder")
    func completeRefused() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["reflect", "2024-12-10", "Done."], directory: "vault"), 0)
            let result = try sandbox.run(["remind", "2024-12-10", "3h"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr == "error: \(path) is complete; a reminder is for a session that still needs reflection\n")
        }
    }

    @Test("new --remind sets it in the new file; without a terminal nothing is asked", arguments: ["3h", "tomorrow", "none"])
    func newRemind(when: String) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let made = try sandbox.run(["new", "--treatment", "lsd", "--mood-before", "5", "--intention", "Play.", "--remind", when],
                                       directory: "vault")
            expectStatus(made, 0)
            #expect(made.stderr == "", "no question without a terminal")
            let path = try #require(sandbox.files(under: "vault/sessions").first)
            let reminder = frontMatterValue(try sandbox.readText("vault/sessions/" + path), "reminder")
            switch when {
            case "3h": #expect(abs((reminder.flatMap(parseISODate) ?? .distantPast).timeIntervalSinceNow - 10_800) < 600)
            case "tomorrow": #expect(reminder == Self.tomorrowMorning())
            default: #expect(reminder == nil)
            }
            #expect(made.stdout.contains("Reminder set for ") == (when != "none"))
        }
    }

    @Test("on a terminal, new asks the app's question, and Tomorrow sets 09:00 the next day")
    func askedOnATerminal() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            guard let run = try sandbox.runOnTerminal(["new", "--treatment", "lsd", "--mood-before", "5", "--intention", "Play."],
                                                      input: "2\n", directory: "vault") else {
                Issue.record("util-linux 'script' is needed to run afterflow on a terminal")
                return
            }
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("Would you like a reminder to add reflections later?"))
            #expect(run.output.contains("1) In 3 hours"))
            #expect(run.output.contains("2) Tomorrow"))
            #expect(run.output.contains("3) No thanks (default)"))
            let path = try #require(sandbox.files(under: "vault/sessions").first)
            #expect(frontMatterValue(try sandbox.readText("vault/sessions/" + path), "reminder") == Self.tomorrowMorning())
        }
    }

    @Test("on a terminal, an empty answer is No thanks")
    func defaultIsNoThanks() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            guard let run = try sandbox.runOnTerminal(["new", "--treatment", "lsd", "--mood-before", "5", "--intention", "Play."],
                                                      input: "\n", directory: "vault") else {
                Issue.record("util-linux 'script' is needed to run afterflow on a terminal")
                return
            }
            #expect(run.status == 0, "\(run.output)")
            let path = try #require(sandbox.files(under: "vault/sessions").first)
            #expect(frontMatterValue(try sandbox.readText("vault/sessions/" + path), "reminder") == nil)
        }
    }
}
