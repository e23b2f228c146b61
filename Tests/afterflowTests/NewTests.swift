import Foundation
import Testing

@Suite("new")
struct NewTests {
    static let everyFlag = [
        "new", "--date", "2024-12-10 14:30", "--treatment", "psilocybin", "--administration", "IV",
        "--dose", "3.5 g", "--intention", "To explore creativity and connection.",
        "--mood-before", "5", "--mood-after", "8", "--environment", "Living room, candles.",
        "--music", "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n",
        "--music-notes", "The ambient playlist felt grounding.", "--tag", "a", "--tag", "b",
    ]

    @Test("new with every flag writes a canonical session into sessions/YYYY/")
    func everyFlagSession() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let result = try sandbox.run(Self.everyFlag, directory: "vault")
            expectStatus(result, 0)
            #expect(result.stderr == "")
            let path = "vault/sessions/2024/2024-12-10-psilocybin.md"
            #expect(sandbox.exists(path))
            #expect(try sandbox.mode(path) == 0o600)
            #expect(try sandbox.mode("vault/sessions") == 0o700)
            #expect(try sandbox.mode("vault/sessions/2024") == 0o700)

            let text = try sandbox.readText(path)
            #expect(frontMatterKeys(text) == [
                "id", "date", "treatment", "administration", "dose", "mood_before", "mood_after",
                "status", "music", "tags", "created", "updated",
            ])
            let id = try #require(frontMatterValue(text, "id"))
            #expect(UUID(uuidString: id) != nil && id == id.uppercased(), "id is an upper-case UUID: \(id)")
            #expect(frontMatterValue(text, "date") == "2024-12-10T14:30:00-08:00")
            #expect(frontMatterValue(text, "treatment") == "psilocybin")
            #expect(frontMatterValue(text, "administration") == "intravenous")
            #expect(frontMatterValue(text, "dose") == "3.5 g")
            #expect(frontMatterValue(text, "mood_before") == "5")
            #expect(frontMatterValue(text, "mood_after") == "8")
            #expect(frontMatterValue(text, "status") == "needs-reflection")
            #expect(frontMatterValue(text, "music") == "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n")
            #expect(frontMatterValue(text, "tags") == "[a, b]")
            let created = try #require(frontMatterValue(text, "created"))
            #expect(frontMatterValue(text, "updated") == created)
            let createdDate = try #require(parseISODate(created), "created is an ISO date: \(created)")
            #expect(abs(createdDate.timeIntervalSinceNow) < 600)
            #expect(created.hasSuffix("-08:00") || created.hasSuffix("-07:00"), "created is in the vault's zone: \(created)")

            // The body: the title and the four sections, in order, with the given text.
            let body = text.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n")
            let nonBlank = body.components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(nonBlank == [
                "# Psilocybin • Dec 10, 2024",
                "## Intention", "To explore creativity and connection.",
                "## Environment", "Living room, candles.",
                "## Music", "The ambient playlist felt grounding.",
                "## Reflections",
            ])
            #expect(!text.contains("\n\n\n"), "no run of blank lines (empty template sections leave none)")

            let shortID = String(id.prefix(8))
            #expect(result.stdoutLines == [
                "Created sessions/2024/2024-12-10-psilocybin.md",
                "  Psilocybin • Dec 10, 2024 · needs reflection · id \(shortID)",
                "Add reflections when you are ready: afterflow reflect \(shortID) \"…\"",
            ])
        }
    }

    @Test("a second session on the same day and treatment gets -2; --format json prints path, id and status")
    func secondSessionAndJSON() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            expectStatus(try sandbox.run(Self.everyFlag, directory: "vault"), 0)
            let second = try sandbox.run(Self.everyFlag + ["--format", "json"], directory: "vault")
            expectStatus(second, 0)
            let object = try #require(second.json as? [String: Any], "stdout is a JSON object: \(second)")
            #expect(Set(object.keys) == ["path", "id", "status"])
            #expect(object["path"] as? String == "sessions/2024/2024-12-10-psilocybin-2.md")
            #expect(object["status"] as? String == "needs-reflection")
            let id = try #require(object["id"] as? String)
            let text = try sandbox.readText("vault/sessions/2024/2024-12-10-psilocybin-2.md")
            #expect(frontMatterValue(text, "id") == id)
            let first = try sandbox.readText("vault/sessions/2024/2024-12-10-psilocybin.md")
            #expect(frontMatterValue(first, "id") != id, "each session has its own id")
            #expect(sandbox.files(under: "vault/sessions") == [
                "2024/2024-12-10-psilocybin-2.md", "2024/2024-12-10-psilocybin.md",
            ])
        }
    }

    @Test("--date forms resolve in the vault's time zone",
          arguments: [
            ("2024-12-10 14:30", "2024-12-10T14:30:00-08:00", "sessions/2024/2024-12-10-other.md"),
            ("2024-07-04 09:15", "2024-07-04T09:15:00-07:00", "sessions/2024/2024-07-04-other.md"),
            ("2024-12-10", "2024-12-10", "sessions/2024/2024-12-10-other.md"),
            ("2023-12-31T23:30:00+01:00", "2023-12-31T23:30:00+01:00", "sessions/2023/2023-12-31-other.md"),
          ])
    func dateForms(input: String, canonical: String, path: String) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let result = try sandbox.run(["new", "--vault", "vault", "--date", input, "--treatment", "other",
                                          "--mood-before", "5", "--intention", "x", "--format", "json"])
            expectStatus(result, 0)
            #expect((result.json as? [String: Any])?["path"] as? String == path)
            #expect(frontMatterValue(try sandbox.readText("vault/" + path), "date") == canonical)
        }
    }

    @Test("without --date the session is now, to the minute, in the vault's zone")
    func dateNow() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "Asia/Kolkata")
            let result = try sandbox.run(["new", "--vault", "vault", "--treatment", "cannabis", "--mood-before", "5",
                                          "--intention", "x", "--format", "json"])
            expectStatus(result, 0)
            let path = try #require((result.json as? [String: Any])?["path"] as? String)
            let date = try #require(frontMatterValue(try sandbox.readText("vault/" + path), "date"))
            #expect(date.hasSuffix(":00+05:30"), "seconds are zero and the offset is the vault's: \(date)")
            let instant = try #require(parseISODate(date))
            #expect(abs(instant.timeIntervalSinceNow) < 180)
            let expectedPrefix = "sessions/\(date.prefix(4))/\(date.prefix(10))-cannabis"
            #expect(path.hasPrefix(expectedPrefix))
        }
    }

    @Test("defaults come from the vault's config: default_treatment and default_administration")
    func configDefaults() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "UTC")
            try sandbox.write("vault/.afterflow/config.yml",
                              "version: 1\ntime_zone: UTC\ndefault_treatment: ketamine\ndefault_administration: IM\n")
            let result = try sandbox.run(["new", "--vault", "vault", "--date", "2024-03-01 10:00", "--mood-before", "4",
                                          "--intention", "x", "--format", "json"])
            expectStatus(result, 0)
            let text = try sandbox.readText("vault/sessions/2024/2024-03-01-ketamine.md")
            #expect(frontMatterValue(text, "treatment") == "ketamine")
            #expect(frontMatterValue(text, "administration") == "intramuscular")
            #expect(frontMatterValue(text, "date") == "2024-03-01T10:00:00+00:00")
        }
    }

    @Test("values that YAML would misread are quoted")
    func quoting() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "UTC")
            let result = try sandbox.run(["new", "--vault", "vault", "--date", "2024-03-01 10:00", "--treatment", "lsd",
                                          "--mood-before", "4", "--intention", "x", "--dose", "@home #1",
                                          "--music", "x: y", "--tag", "a, b", "--tag", "yes"])
            expectStatus(result, 0)
            let text = try sandbox.readText("vault/sessions/2024/2024-03-01-lsd.md")
            #expect(frontMatterValue(text, "dose") == "\"@home #1\"")
            #expect(frontMatterValue(text, "music") == "\"x: y\"")
            #expect(frontMatterValue(text, "tags") == "[\"a, b\", \"yes\"]")
            let shown = try sandbox.run(["show", "--vault", "vault", "2024-03-01", "--format", "json"])
            let object = try #require(shown.json as? [String: Any])
            #expect(object["dose"] as? String == "@home #1")
            #expect(object["music"] as? String == "x: y")
            #expect(object["tags"] as? [String] == ["a, b", "yes"])
            expectStatus(try sandbox.run(["check", "--vault", "vault"]), 0)
        }
    }

    // MARK: - Drafts

    @Test("a session without intention or mood is a draft in .afterflow/drafts/, finished by set")
    func draftLifecycle() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let made = try sandbox.run(["new", "--treatment", "mdma"], directory: "vault")
            expectStatus(made, 0)
            #expect(made.stderr == "")
            let drafts = sandbox.files(under: "vault/.afterflow/drafts")
            try #require(drafts.count == 1, "one draft: \(drafts)")
            let draftPath = ".afterflow/drafts/" + drafts[0]
            #expect(drafts[0].hasSuffix("-mdma.md"))
            #expect(!sandbox.exists("vault/sessions"), "nothing in the journal yet")
            #expect(try sandbox.mode("vault/" + draftPath) == 0o600)

            let draft = try sandbox.readText("vault/" + draftPath)
            #expect(frontMatterValue(draft, "status") == "draft")
            let id = try #require(frontMatterValue(draft, "id"))
            let shortID = String(id.prefix(8))
            #expect(made.stdoutLines == [
                "Saved a draft: \(draftPath) (id \(shortID))",
                "Still missing: intention and mood before. Drafts stay out of the journal and out of git until finished.",
                "Finish it with: afterflow new --resume \(shortID) --intention \"…\" --mood-before 5",
                "   or open it: afterflow new --resume \(shortID)",
            ])

            let list = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            expectStatus(list, 0)
            #expect(list.stdout == "", "list leaves drafts out")
            let table = try sandbox.run(["list"], directory: "vault")
            #expect(table.stdout == "No sessions yet. Record one with: afterflow new\n")
            let withDrafts = try sandbox.run(["list", "--drafts", "--format", "paths"], directory: "vault")
            expectStatus(withDrafts, 0)
            #expect(withDrafts.stdout == draftPath + "\n")
            let byStatus = try sandbox.run(["list", "--status", "draft", "--format", "paths"], directory: "vault")
            #expect(byStatus.stdout == draftPath + "\n")

            // Finishing it moves it into sessions/YYYY/ (the year of its date).
            let date = try #require(frontMatterValue(draft, "date"))
            let year = String(date.prefix(4))
            let finished = try sandbox.run(["set", String(id.prefix(6)), "intention=x", "mood_before=5"], directory: "vault")
            expectStatus(finished, 0)
            let newPath = "sessions/\(year)/\(drafts[0])"
            #expect(finished.stdout == "Updated \(newPath): intention, mood_before · draft → needs reflection (moved from \(draftPath))\n")
            #expect(!sandbox.exists("vault/" + draftPath), "the draft file is gone")
            #expect(sandbox.files(under: "vault/.afterflow/drafts").isEmpty)
            #expect(sandbox.exists("vault/" + newPath))
            let moved = try sandbox.readText("vault/" + newPath)
            #expect(frontMatterValue(moved, "status") == "needs-reflection")
            #expect(frontMatterValue(moved, "mood_before") == "5")
            #expect(frontMatterValue(moved, "id") == id)
            #expect(moved.contains("\n## Intention\n\nx\n"))
            let listed = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            #expect(listed.stdout == newPath + "\n")
        }
    }

    @Test("a draft with only the mood missing asks for just that; --format json says draft")
    func draftMissingMood() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "UTC")
            let made = try sandbox.run(["new", "--vault", "vault", "--treatment", "lsd", "--intention", "Be here.", "--date", "2024-05-05"])
            expectStatus(made, 0)
            #expect(made.stdoutLines.count == 4)
            #expect(made.stdoutLines[1].hasPrefix("Still missing: mood before."))
            // Run from outside the vault, the hint names it.
            #expect(made.stdoutLines[2].hasSuffix(" --mood-before 5 --vault \(sandbox.path("vault"))"), "\(made)")
            #expect(!made.stdoutLines[2].contains("--intention"))
            let json = try sandbox.run(["new", "--vault", "vault", "--treatment", "lsd", "--date", "2024-05-06", "--format", "json"])
            let object = try #require(json.json as? [String: Any])
            #expect(object["status"] as? String == "draft")
            #expect(object["path"] as? String == ".afterflow/drafts/2024-05-06-lsd.md")
        }
    }

    // MARK: - Bad input

    @Test("bad input is a usage error (64) with a message, and writes nothing",
          arguments: [
            (["--treatment", "lsd", "--mood-before", "11"], "--mood-before must be a whole number from 1 to 10, found 11"),
            (["--treatment", "lsd", "--mood-after", "0"], "--mood-after must be a whole number from 1 to 10, found 0"),
            (["--treatment", "aspirin"],
             "--treatment must be one of psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other, esketamine, 5-meo-dmt, ibogaine, psilocybin-truffles, 2c-b, found \"aspirin\"; write one of them, or add it to treatments in .afterflow/config.yml"),
            (["--treatment", "lsd", "--administration", "IO"],
             // IO is shaped like a name, so it is checked against the vault's routes (none near it).
             "--administration must be one of intravenous, intramuscular, oral, nasal, sublingual, inhaled, other, found \"IO\"; write one of them, or add it to routes in .afterflow/config.yml"),
            // A date in the future makes a draft, and yesterday is a day (FutureDraftTests, #10).
            (["--treatment", "lsd", "--date", "this-week"],
             "--date must be now, today, yesterday, tomorrow, 3d or 1w (days or weeks ago), each with a time or not (\"today 18:00\"), 2024-12-10T14:30:00-08:00, \"2024-12-10 14:30\" or 2024-12-10, found \"this-week\""),
            (["--treatment", "lsd", "--date", "yesterday 25:00"], "found \"yesterday 25:00\""),
            (["--treatment", "lsd", "--tag", " "], "--tag cannot be empty"),
            (["--treatment", "lsd", "--intention", "x\n## Reflections\nsneaky"],
             "intention cannot contain a line that is a heading of level 1 or 2 (line 2: \"## Reflections\")"),
          ])
    func badInput(arguments: [String], message: String) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let result = try sandbox.run(["new"] + arguments, directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(result.stdout == "")
            #expect(!sandbox.exists("vault/sessions"))
            #expect(sandbox.files(under: "vault/.afterflow/drafts").isEmpty)
        }
    }
}
