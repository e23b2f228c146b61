import Foundation
import Testing

/// `afterflow mood`: a check-in written where it belongs, owner-only, with the labels and
/// associations it chose printed; names checked with the near ones offered.
@Suite("mood: check in")
struct MoodCommandTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-03-04T08:15:00-08:00")]

    @Test("a score and notes: labels suggested from the score, associations from the notes, printed and written")
    func scoreAndNotes() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["mood", "8", "Great workout today!"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines == [
                "Checked in 8/10 ☀️ Uplifted (valence 0.56, pleasant): moods/2025/2025-03-04-0815.md",
                "Labels: none chosen; suggested from the score: happy, confident (choose with --label)",
                "Associations: fitness (from the notes; choose with --association)",
            ])
            let path = vault + "/moods/2025/2025-03-04-0815.md"
            let text = try sandbox.readText(path)
            #expect(frontMatterKeys(text) == ["type", "id", "date", "score", "valence", "valence_class", "kind", "labels", "suggested_labels",
                                              "associations", "source", "created", "updated"])
            #expect(frontMatterValue(text, "date") == "2025-03-04T08:15:00-08:00")
            #expect(frontMatterValue(text, "labels") == "[]")
            #expect(frontMatterValue(text, "suggested_labels") == "[happy, confident]")
            #expect(frontMatterValue(text, "associations") == "[fitness]")
            #expect(frontMatterValue(text, "source") == "user")
            #expect(text.hasSuffix("---\n\nGreat workout today!\n"))
            #expect(try sandbox.mode(path) == 0o600)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("labels the score suggested are never written as chosen: moods shows them in parentheses, its JSON apart")
    func suggestedLabelsApart() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["mood", "8", "--date", "2025-03-01 21:00"], directory: vault, environment: Self.now), 0)
            expectStatus(try sandbox.run(["mood", "4", "--label", "worried", "--date", "2025-03-02 21:00"], directory: vault, environment: Self.now), 0)
            let table = try sandbox.run(["moods"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdoutLines.map { $0.contains("(happy, confident)") } == [false, false, true], "\(table)")
            let json = try sandbox.run(["moods", "--format", "json"], directory: vault, environment: Self.now)
            let rows = try #require(json.json as? [[String: Any]])
            #expect(rows.map { $0["labels"] as? [String] } == [["worried"], []])
            #expect(rows.map { $0["suggested_labels"] as? [String] } == [[], ["happy", "confident"]])
        }
    }

    @Test("given labels and associations win, any case, commas allowed; a second check-in in the minute gets -2")
    func givenNames() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["mood", "5"], directory: vault, environment: Self.now), 0)
            // A day alone: this time of day on that day.
            let yesterday = try sandbox.run(["mood", "6", "--date", "yesterday", "--format", "json"], directory: vault, environment: Self.now)
            #expect((yesterday.json as? [String: Any])?["path"] as? String == "moods/2025/2025-03-03-0815.md")
            let result = try sandbox.run(["mood", "4", "Long meeting with my boss", "--label", "Anxious,stressed", "--association", "selfCare",
                                          "--association", "WORK", "--kind", "daily", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let json = try #require(result.json as? [String: Any])
            #expect(json["path"] as? String == "moods/2025/2025-03-04-0815-2.md")
            #expect(json["labels"] as? [String] == ["anxious", "stressed"])
            #expect(json["associations"] as? [String] == ["self-care", "work"])
            #expect(json["kind"] as? String == "daily-mood")
            #expect(json["valence"] as? String == "-0.33")
            #expect(json["valence_class"] as? String == "slightly-unpleasant")
            #expect(json["labels_chosen"] as? String == "given")
        }
    }

    @Test("--valence gives the score; the valence is kept with two decimals")
    func valence() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["mood", "--valence", "-0.5", "--date", "2025-03-01 21:00"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "Checked in 3/10 🌦️ Reflective (valence -0.50, unpleasant): moods/2025/2025-03-01-2100.md")
            #expect(result.stdoutLines.dropFirst().first == "Labels: none chosen; suggested from the score: discouraged, stressed (choose with --label)")
            let text = try sandbox.readText(vault + "/moods/2025/2025-03-01-2100.md")
            #expect(frontMatterValue(text, "score") == "3")
            #expect(frontMatterValue(text, "valence") == "-0.50")
            // With --valence, a lone argument is the notes.
            let notes = try sandbox.run(["mood", "--valence", "0.333", "Rough meeting, then a good talk", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(notes, 0)
            let json = try #require(notes.json as? [String: Any])
            #expect(json["score"] as? Int == 7)
            #expect(json["valence"] as? String == "0.33")
            #expect(json["associations"] as? [String] == ["work"])
            #expect(try sandbox.readText(vault + "/moods/2025/2025-03-04-0815.md").hasSuffix("\n\nRough meeting, then a good talk\n"))
        }
    }

    @Test("unknown names are a usage error naming the near ones; nothing is written")
    func unknownNames() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let label = try sandbox.run(["mood", "7", "--label", "hapy"], directory: vault, environment: Self.now)
            expectStatus(label, 64)
            #expect(label.stderr.contains("--label \"hapy\" is not one of the 38 labels; near ones: happy"))
            let association = try sandbox.run(["mood", "7", "--association", "wrok"], directory: vault, environment: Self.now)
            expectStatus(association, 64)
            #expect(association.stderr.contains("--association \"wrok\" is not one of the 18 associations; near ones: work"))
            let far = try sandbox.run(["mood", "7", "--label", "xyzzy"], directory: vault, environment: Self.now)
            expectStatus(far, 64)
            #expect(far.stderr.contains("the labels are amazed, amused,"))
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }

    @Test("bad scores, valences and kinds are usage errors")
    func badValues() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            for (arguments, message) in [
                (["mood", "11"], "the score must be a whole number from 1 to 10, found \"11\""),
                (["mood", "0.5"], "for a valence, write --valence 0.5"),
                (["mood", "--valence", "2"], "--valence must be a number from -1 to 1"),
                (["mood", "7", "--valence", "0.3"], "give a score or --valence, not both"),
                (["mood", "7", "--kind", "weekly"], "--kind must be momentary (how you feel now) or daily (how the day was)"),
                (["mood"], "give a score from 1 to 10"),
            ] {
                let result = try sandbox.run(arguments, directory: vault, environment: Self.now)
                expectStatus(result, 64)
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }

    @Test("the vault's mood_keywords find associations too")
    func vaultKeywords() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let config = try sandbox.readText(vault + "/.afterflow/config.yml")
            try sandbox.write(vault + "/.afterflow/config.yml", config + "mood_keywords: [climbing=fitness]\n")
            let result = try sandbox.run(["mood", "9", "Climbing with Sam", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let json = try #require(result.json as? [String: Any])
            #expect(json["associations"] as? [String] == ["fitness"])
        }
    }
}

@Suite("moods: the check-ins")
struct MoodsCommandTests {
    static let now = MoodCommandTests.now

    func vaultWithCheckIns(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        for arguments in [
            ["mood", "6", "Dinner with Mom", "--date", "2025-03-01 21:00", "--kind", "daily"],
            ["mood", "8", "Great workout today!"],
            ["mood", "4", "Long meeting with my boss, rent is due", "--label", "worried"],
        ] {
            expectStatus(try sandbox.run(arguments, directory: vault, environment: Self.now), 0)
        }
        return vault
    }

    @Test("newest first, as a table, JSON and CSV; filters by day, label and association")
    func listing() throws {
        try withSandbox { sandbox in
            let vault = try vaultWithCheckIns(sandbox)
            let table = try sandbox.run(["moods"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdoutLines.count == 4)
            #expect(table.stdoutLines[0].hasPrefix("DATE"))
            #expect(table.stdoutLines[1].hasPrefix("2025-03-04 08:15      4  🌦️ Reflective  now   worried"))
            #expect(table.stdoutLines[2].contains("(happy, confident)"))
            #expect(table.stdoutLines[3].hasPrefix("2025-03-01 21:00      6  🌤️ Centered    day   (calm, content)"))

            let json = try sandbox.run(["moods", "--format", "json"], directory: vault, environment: Self.now)
            let items = try #require(json.json as? [[String: Any]])
            #expect(items.map { $0["score"] as? Int } == [4, 8, 6])
            #expect(items[0]["associations"] as? [String] == ["money", "work"])
            #expect(items[0]["path"] as? String == "moods/2025/2025-03-04-0815-2.md")

            let csv = try sandbox.run(["moods", "--format", "csv", "--association", "family"], directory: vault, environment: Self.now)
            #expect(csv.stdoutLines == [
                "date,score,valence,valence_class,kind,labels,associations,source,notes,path",
                "2025-03-01T21:00:00-08:00,6,0.11,neutral,daily-mood,\"\",family,user,Dinner with Mom,moods/2025/2025-03-01-2100.md",
            ])
            // --label keeps the check-ins that chose it; a suggested label is no choice.
            let label = try sandbox.run(["moods", "--label", "Worried", "--format", "paths"], directory: vault, environment: Self.now)
            #expect(label.stdoutLines == ["moods/2025/2025-03-04-0815-2.md"])
            let suggested = try sandbox.run(["moods", "--label", "happy", "--format", "paths"], directory: vault, environment: Self.now)
            #expect(suggested.stdoutLines == [])
            let since = try sandbox.run(["moods", "--since", "2025-03-02", "--format", "paths"], directory: vault, environment: Self.now)
            #expect(since.stdoutLines.count == 2)
            let until = try sandbox.run(["list", "--kind", "mood", "--until", "2025-03-02", "--format", "paths"], directory: vault, environment: Self.now)
            #expect(until.stdoutLines == ["moods/2025/2025-03-01-2100.md"])
            let none = try sandbox.run(["moods", "--label", "proud"], directory: vault, environment: Self.now)
            #expect(none.stdoutLines == ["No check-ins match."])
        }
    }

    @Test("an unknown label or association names the near ones")
    func unknownFilter() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["moods", "--association", "familly"], directory: vault, environment: Self.now)
            expectStatus(result, 64)
            #expect(result.stderr.contains("--association \"familly\" is not one of the 18 associations; near ones: family"))
            #expect(result.stderr.contains("afterflow moods --help"))
            let empty = try sandbox.run(["moods"], directory: vault, environment: Self.now)
            #expect(empty.stdoutLines == ["No check-ins yet. Check in with: afterflow mood 7 \"what is going on\""])
        }
    }
}

@Suite("moods --trend")
struct MoodTrendCommandTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-03-20T12:00:00-07:00")]

    @Test("the averages, the names and the moods around a session")
    func trend() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["new", "--treatment", "psilocybin", "--mood-before", "5", "--intention", "Listen", "--date", "2025-03-10 10:00"],
                                         directory: vault, environment: Self.now), 0)
            for arguments in [["4", "--date", "2025-03-05T09:00"], ["5", "Call with Mom", "--date", "2025-03-09T20:00"],
                              ["8", "Great workout", "--date", "2025-03-12T08:00"], ["7", "--date", "2025-03-14T09:00"],
                              ["2", "--date", "2025-03-01T09:00"]] {
                expectStatus(try sandbox.run(["mood"] + arguments, directory: vault, environment: Self.now), 0)
            }
            let table = try sandbox.run(["moods", "--trend"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdoutLines.first == "5 check-ins from 2025-03-01 to 2025-03-14, average 5.2")
            #expect(table.stdoutLines.contains("Daily   2025-03-01 ▂   ▃   ▄  ▆ ▆ 2025-03-14"))
            #expect(table.stdoutLines.contains("  2025-03-10  Psilocybin  4.5 (2)  7.5 (2)    +3.0"))
            #expect(table.stdoutLines.contains("  Psilocybin: average change +3.0 over 1 session"))
            #expect(table.stdoutLines.contains { $0.hasPrefix("  family ") && $0.hasSuffix("5.0") })

            let json = try sandbox.run(["moods", "--trend", "--window", "10", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let object = try #require(json.json as? [String: Any])
            #expect(object["window_days"] as? Int == 10)
            let around = try #require((object["around_sessions"] as? [[String: Any]])?.first)
            #expect(around["before_check_ins"] as? Int == 3)
            #expect(around["before"] as? Double == 3.67)
            #expect(around["change"] as? Double == 3.83)
            let csv = try sandbox.run(["moods", "--trend", "--format", "csv"], directory: vault, environment: Self.now)
            expectStatus(csv, 64)
        }
    }
}

@Suite("stats: the check-ins' line")
struct MoodStatsTests {
    @Test("a line on the check-ins when there are any, and a moods object in JSON")
    func statsLine() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let before = try sandbox.run(["stats", "--format", "json"], directory: vault, environment: MoodCommandTests.now)
            #expect((before.json as? [String: Any])?["moods"] == nil)
            expectStatus(try sandbox.run(["mood", "8", "--label", "happy,confident", "--date", "2025-03-01 09:00"], directory: vault, environment: MoodCommandTests.now), 0)
            expectStatus(try sandbox.run(["mood", "5", "--label", "indifferent", "--date", "2025-03-03 09:00"], directory: vault, environment: MoodCommandTests.now), 0)
            expectStatus(try sandbox.run(["mood", "7", "--date", "2025-03-03 10:00"], directory: vault, environment: MoodCommandTests.now), 0)
            let text = try sandbox.run(["stats"], directory: vault, environment: MoodCommandTests.now)
            expectStatus(text, 0)
            // The suggested labels of the third (content, peaceful) are not counted.
            #expect(text.stdoutLines.first == "Check-ins     3, average 6.7, 2025-03-01 to 2025-03-03; most often confident, happy, indifferent")
            let json = try sandbox.run(["stats", "--format", "json", "--since", "2025-03-02"], directory: vault, environment: MoodCommandTests.now)
            let moods = try #require((json.json as? [String: Any])?["moods"] as? [String: Any])
            #expect(moods["check_ins"] as? Int == 2)
            #expect(moods["top_labels"] as? [String] == ["indifferent"])
        }
    }
}

@Suite("mood on a terminal")
struct MoodPromptTests {
    @Test("without a score it shows the scale and asks for the score and the notes")
    func asks() throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let run = try sandbox.runOnPseudoTerminal(["mood"], directory: vault, environment: ["AFTERFLOW_NOW": "2025-03-04T08:15:00-08:00"], steps: [
                .expect("Score 1-10: "), .type("12\r"), .expect("Score 1-10: "), .type("7\r"),
                .expect("Notes (optional, one line): "), .type("Quiet walk after work\r"),
            ])
            #expect(run.status == 0, "\(run)")
            #expect(run.screen.contains("How do you feel?"), "\(run)")
            #expect(run.screen.contains("10  ✨ Radiant"), "\(run)")
            #expect(run.screen.contains(" 1  ☁️ Tender"), "\(run)")
            #expect(run.screen.contains("Checked in 7/10"), "\(run)")
            #expect(run.screen.contains("Associations: work"), "\(run)")
            let text = try sandbox.readText(vault + "/moods/2025/2025-03-04-0815.md")
            #expect(text.hasSuffix("\n\nQuiet walk after work\n"))
        }
    }
}
