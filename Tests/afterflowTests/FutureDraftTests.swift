import Foundation
import Testing

/// `new --date` takes the words `--since` takes, and a date still to come makes a draft, an
/// intention written the night before, which joins the journal once its time has come (#10).
@Suite("new --date words and sessions planned ahead")
struct FutureDraftTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    /// `2026-11-23`: the day `offset` days from today in the vault's time zone.
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(byAdding: .day, value: offset, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test("yesterday 20:30, 3d and now are read in the vault's time zone")
    func words() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            for (words, expected) in [("yesterday 20:30", Self.day(-1) + "T20:30:00"), ("3d", Self.day(-3))] {
                let made = try sandbox.run(["new", "--vault", vault, "--date", words, "--treatment", "lsd", "--mood-before", "5",
                                            "--intention", "x", "--remind", "none", "--format", "json"])
                expectStatus(made, 0)
                let path = try #require((made.json as? [String: Any])?["path"] as? String, "\(made)")
                #expect(path.hasPrefix("sessions/"))
                let date = try #require(frontMatterValue(try sandbox.readText("vault/" + path), "date"))
                #expect(date.hasPrefix(expected), "\(words): \(date)")
            }
        }
    }

    @Test("a date still to come makes a draft even with an intention and a mood, and says so")
    func plannedDraft() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let tomorrow = Self.day(1)
            let made = try sandbox.run(["new", "--vault", vault, "--date", "tomorrow 08:00", "--treatment", "ketamine",
                                        "--mood-before", "4", "--intention", "Let go of the week.", "--remind", "none"])
            expectStatus(made, 0)
            let file = "vault/.afterflow/drafts/\(tomorrow)-ketamine.md"
            #expect(sandbox.exists(file), "\(made)")
            #expect(frontMatterValue(try sandbox.readText(file), "date")?.hasPrefix(tomorrow + "T08:00:00") == true)
            let id = try #require(frontMatterValue(try sandbox.readText(file), "id")).prefix(8)
            #expect(made.stdoutLines.first == "Saved a draft for later: vault/.afterflow/drafts/\(tomorrow)-ketamine.md (id \(id))", "\(made)")
            #expect(made.stdoutLines.dropFirst().first?.contains(", 8:00 AM, is still to come, so it stays a draft until then.") == true, "\(made)")
            #expect(made.stdoutLines.contains("Once it has come, add it to the journal with: afterflow new --resume \(id) --vault \(vault)"), "\(made)")
            #expect(!made.stdout.contains("Reminder"), "no reminder is offered for a draft")

            // Out of the journal, listed with the drafts, not the newest session.
            #expect(try sandbox.run(["list", "--vault", vault]).stdout == "No sessions yet. Record one with: afterflow new --vault \(vault)\n")
            let drafts = try sandbox.run(["drafts", "--vault", vault])
            #expect(drafts.stdout.contains("planned for \(tomorrow) 08:00"), "\(drafts)")
            let json = try sandbox.run(["drafts", "--vault", vault, "--format", "json"])
            #expect((json.json as? [[String: Any]])?.first?["planned"] as? Bool == true)
            expectStatus(try sandbox.run(["show", "last", "--vault", vault]), 1)

            // A change before its time keeps it a draft.
            let set = try sandbox.run(["set", String(id), "environment=Home, blanket.", "--vault", vault])
            expectStatus(set, 0)
            #expect(sandbox.exists(file), "\(set)")

            // A day alone still to come is planned too.
            let day = try sandbox.run(["new", "--vault", vault, "--date", "tomorrow", "--treatment", "lsd", "--mood-before", "4",
                                       "--intention", "x", "--format", "json"])
            #expect((day.json as? [String: Any])?["path"] as? String == ".afterflow/drafts/\(tomorrow)-lsd.md", "\(day)")
        }
    }

    @Test("new --resume finishes a planned draft once its time has come, without the editor; before, it opens the editor and keeps it a draft")
    func resume() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let made = try sandbox.run(["new", "--vault", vault, "--date", "tomorrow 08:00", "--treatment", "ketamine",
                                        "--mood-before", "4", "--intention", "Let go.", "--format", "json"])
            let path = try #require((made.json as? [String: Any])?["path"] as? String)
            let id = try #require((made.json as? [String: Any])?["id"] as? String).prefix(8)

            // Before its time: the editor (which changes nothing), and it stays a draft.
            let unchanged = try sandbox.script("unchanged.sh", "exit 0")
            let early = try sandbox.run(["new", "--resume", String(id), "--vault", vault], environment: ["EDITOR": unchanged])
            expectStatus(early, 0)
            #expect(early.stdout.contains("Still a draft: vault/.afterflow/drafts/"), "\(early)")
            #expect(early.stdout.contains("is still to come."), "\(early)")
            #expect(sandbox.exists("vault/" + path))

            // Its time has come (the date moved back, as if a day had passed): no editor now.
            let file = sandbox.path("vault/" + path)
            let text = try sandbox.readText(file)
            let date = try #require(frontMatterValue(text, "date"))
            try sandbox.write(file, text.replacingOccurrences(of: "date: " + date, with: "date: \(Self.day(-1))T08:00:00-08:00"))
            let failing = try sandbox.script("failing.sh", "exit 3")
            let finished = try sandbox.run(["new", "--resume", String(id), "--vault", vault, "--remind", "none"], environment: ["EDITOR": failing])
            expectStatus(finished, 0)
            let moved = "sessions/\(Self.day(-1).prefix(4))/\(Self.day(-1))-ketamine.md"
            #expect(finished.stdoutLines.first == "Finished vault/\(moved) (moved from vault/\(path))", "\(finished)")
            #expect(sandbox.exists("vault/" + moved))
            #expect(!sandbox.exists("vault/" + path))
            let show = try sandbox.run(["show", "last", "--vault", vault, "--format", "json"])
            #expect((show.json as? [String: Any])?["intention"] as? String == "Let go.")

            // --date now takes one planned for later into the journal at once.
            let later = try sandbox.run(["new", "--vault", vault, "--date", "tomorrow 20:00", "--treatment", "lsd",
                                         "--mood-before", "6", "--intention", "Early.", "--format", "json"])
            let laterID = try #require((later.json as? [String: Any])?["id"] as? String).prefix(8)
            let now = try sandbox.run(["new", "--resume", String(laterID), "--date", "now", "--remind", "none", "--vault", vault])
            expectStatus(now, 0)
            #expect(now.stdoutLines.first?.hasPrefix("Finished vault/sessions/") == true, "\(now)")
        }
    }
}
