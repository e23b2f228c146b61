import Foundation
import Testing

/// `afterflow import daylio`: a Daylio export becomes check-ins, twice adds nothing, a bad row
/// stops everything with every problem at FILE:LINE:COLUMN.
@Suite("import daylio")
struct ImportDaylioTests {
    static let fixtures = packageRoot + "/Tests/AfterflowKitTests/Fixtures/daylio"
    static let now = ["AFTERFLOW_NOW": Optional("2025-06-01T12:00:00+02:00")]

    @Test("the fixture: 8 check-ins written, owner-only, check clean; a second import adds nothing")
    func importTwice() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let file = Self.fixtures + "/daylio_export.csv"
            let first = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(first, 0)
            #expect(first.stdoutLines.last == "Imported \(file): 8 created, 0 skipped as duplicates, 0 rejected.")
            let files = sandbox.files(under: vault + "/moods")
            #expect(files == ["2025/2025-02-28-1850.md", "2025/2025-03-01-0005.md", "2025/2025-03-01-2000.md", "2025/2025-03-02-1000.md",
                              "2025/2025-03-03-1230.md", "2025/2025-03-03-1805.md", "2025/2025-03-04-0740.md", "2025/2025-03-04-2115.md"])
            for name in files { #expect(try sandbox.mode(vault + "/moods/" + name) == 0o600) }
            let text = try sandbox.readText(vault + "/moods/2025/2025-03-04-2115.md")
            #expect(frontMatterKeys(text) == ["type", "id", "date", "score", "valence", "valence_class", "kind", "labels", "suggested_labels", "associations", "tags",
                                              "source", "source_value", "source_scale", "created", "updated"])
            #expect(frontMatterValue(text, "date") == "2025-03-04T21:15:00+01:00")
            #expect(frontMatterValue(text, "score") == "7")
            #expect(frontMatterValue(text, "tags") == "[good meal]")
            #expect(frontMatterValue(text, "associations") == "[friends, work]")
            #expect(frontMatterValue(text, "source") == "import")
            #expect(frontMatterValue(text, "source_value") == "good")
            #expect(frontMatterValue(text, "source_scale") == "[awful=1, bad=3, meh=5, good=7, rad=9]")
            #expect(text.hasSuffix("---\n\nDinner out\n\nLong day at the office, then dinner with Sam and Priya.\nFelt lighter after.\n"))
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            let second = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(second, 0)
            #expect(second.stdoutLines.last == "Imported \(file): 0 created, 8 skipped as duplicates, 0 rejected.")
            #expect(second.stdoutLines.first == "  = 2025-03-04 9:15 PM good, already in the vault (line 2)")
            #expect(sandbox.files(under: vault + "/moods").count == 8)

            let listed = try sandbox.run(["moods", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(listed, 0)
            #expect((listed.json as? [Any])?.count == 8)
        }
    }

    @Test("--dry-run writes nothing and says what it would do; --format json for scripts")
    func dryRun() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let file = Self.fixtures + "/daylio_export.csv"
            let result = try sandbox.run(["import", "daylio", file, "--dry-run"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "  + 2025-02-28 6:50 PM rad → 9/10 (suggested: joyful, grateful; travel, self-care, friends)")
            #expect(result.stdoutLines.last == "Dry run of \(file): 8 would be created, 0 skipped as duplicates, 0 rejected. Nothing was written.")
            #expect(!sandbox.exists(vault + "/moods"))
            let json = try sandbox.run(["import", "daylio", file, "--dry-run", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let object = try #require(json.json as? [String: Any])
            #expect(object["rows"] as? Int == 8)
            #expect((object["would_create"] as? [Any])?.count == 8)
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }

    @Test("a bad row: every problem at FILE:LINE:COLUMN, nothing written; --map and --skip-invalid")
    func malformed() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let file = Self.fixtures + "/daylio_malformed.csv"
            let result = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(result, 1)
            #expect(result.stderrLines == [
                "\(file):2:36: column \"mood\": \"so-so\" is not a mood word this import knows (awful=1, bad=3, meh=5, good=7, rad=9); give its score from 1 to 10 with --map so-so=5, or add it to daylio_moods in .afterflow/config.yml",
                "\(file):4:27: column \"time\": expected a time like \"6:50 pm\" or \"14:58\", found \"25:10\"",
                "\(file):5:1: column \"full_date\": expected a day like 2024-03-05, found \"2025-02-30\"",
                "\(file):6:1: expected 8 fields as in the header, found 9: \"then a walk\" after the last column; a note with a comma must be in double quotes",
                "error: nothing was imported: 4 rows have problems; fix them and import again, or import the other row with --skip-invalid",
            ])
            #expect(!sandbox.exists(vault + "/moods"))

            let mapped = try sandbox.run(["import", "daylio", file, "--map", "so-so=5", "--map", "rad=10", "--skip-invalid"],
                                         directory: vault, environment: Self.now)
            expectStatus(mapped, 0)
            #expect(mapped.stdoutLines.last == "Imported \(file): 2 created, 0 skipped as duplicates, 3 rejected (lines 4, 5, 6).")
            let soso = try sandbox.readText(vault + "/moods/2025/2025-03-04-2115.md")
            #expect(frontMatterValue(soso, "score") == "5")
            #expect(frontMatterValue(soso, "source_scale") == "[awful=1, bad=3, meh=5, so-so=5, good=7, rad=10]")
            #expect(soso.hasSuffix("\n\nA note that spans\ntwo lines\n"))

            let bad = try sandbox.run(["import", "daylio", file, "--map", "meh"], directory: vault, environment: Self.now)
            expectStatus(bad, 64)
            #expect(bad.stderr.contains("--map takes a mood word and a score from 1 to 10, like --map meh=5, found \"meh\""))
        }
    }

    @Test("--format json with a bad row: the JSON all the same, every problem in rejected, nothing written")
    func jsonWithProblems() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let file = Self.fixtures + "/daylio_malformed.csv"
            let result = try sandbox.run(["import", "daylio", file, "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(result, 1)
            let object = try #require(result.json as? [String: Any], "\(result)")
            #expect((object["rejected"] as? [[String: Any]])?.map { $0["line"] as? Int } == [2, 4, 5, 6])
            #expect((object["created"] as? [Any])?.isEmpty == true)
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }

    @Test("the vault's daylio_moods gives renamed words their scores")
    func configScale() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "daylio_moods: [so-so=4]\n")
            let file = Self.fixtures + "/daylio_malformed.csv"
            let result = try sandbox.run(["import", "daylio", file, "--skip-invalid"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(frontMatterValue(try sandbox.readText(vault + "/moods/2025/2025-03-04-2115.md"), "score") == "4")
        }
    }
}

/// `export csv --moods`: one row per check-in, RFC 4180, read back by Python's csv module and
/// compared with each file's front matter (PyYAML) and body.
@Suite("export csv --moods")
struct ExportMoodsCSVTests {
    /// Reads the CSV on stdin; for each row, the file it names: every column against the file.
    static let checker = #"""
import csv, io, json, sys, datetime, yaml
vault = sys.argv[1]
text = sys.stdin.buffer.read().decode("utf-8")
rows = list(csv.DictReader(io.StringIO(text, newline="")))
problems = []
for row in rows:
    with open(vault + "/" + row["path"], encoding="utf-8") as f:
        content = f.read()
    _, front, body = content.split("---\n", 2)
    meta = yaml.safe_load(front)
    date = meta["date"]
    def check(column, expected):
        if row[column] != expected:
            problems.append(f'{row["path"]}: {column} {row[column]!r} != {expected!r}')
    check("id", meta["id"])
    check("date", date.isoformat())
    check("day", date.date().isoformat())
    check("time", date.strftime("%H:%M"))
    check("score", str(meta["score"]))
    check("valence", "%.2f" % meta["valence"])
    check("valence_class", meta["valence_class"])
    check("kind", meta["kind"])
    check("labels", ", ".join(meta["labels"]))
    check("associations", ", ".join(meta["associations"]))
    check("tags", ", ".join(meta.get("tags") or []))
    check("source", meta["source"])
    check("source_value", meta.get("source_value") or "")
    notes = body.strip()
    check("notes", ("'" + notes) if notes[:1] in ("=", "+", "-", "@") else notes)
print(json.dumps({"header": list(rows[0].keys()) if rows else [], "rows": len(rows), "paths": [r["path"] for r in rows], "problems": problems}))
"""#

    @Test("every check-in one row, newest first; Python's csv module reads back what the files say",
          .enabled(if: pythonHasYAML, "needs python3 with PyYAML"))
    func readBack() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let now = ImportDaylioTests.now
            expectStatus(try sandbox.run(["import", "daylio", ImportDaylioTests.fixtures + "/daylio_export.csv"], directory: vault, environment: now), 0)
            expectStatus(try sandbox.run(["mood", "4", "=SUM(A1), \"quoted\"\nsecond line", "--date", "2025-03-05 08:00"], directory: vault, environment: now), 0)
            let export = try sandbox.run(["export", "csv", "--moods"], directory: vault, environment: now)
            expectStatus(export, 0)
            #expect(export.stdout.hasPrefix("id,date,day,time,score,valence,valence_class,kind,labels,associations,tags,source,source_value,notes,path\n"))
            let script = sandbox.path("check.py")
            try sandbox.write(script, Self.checker)
            let python = try #require(BrowserTests.onPath(["python3"]))
            let data = try TestProgram.run(python, [script, vault], input: export.stdoutData).output
            let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
            #expect(result["rows"] as? Int == 9)
            #expect(result["problems"] as? [String] == [])
            let paths = try #require(result["paths"] as? [String])
            #expect(paths.first == "moods/2025/2025-03-05-0800.md")
            #expect(paths.last == "moods/2025/2025-02-28-1850.md")

            // --since and --until choose the days; -o writes a file.
            let some = try sandbox.run(["export", "csv", "--moods", "--since", "2025-03-03", "--until", "2025-03-04", "-o", "moods.csv"],
                                       directory: vault, environment: now)
            expectStatus(some, 0)
            #expect(some.stderr.contains("Wrote 4 check-ins to moods.csv"))
            let written = try sandbox.readText(vault + "/moods.csv")
            #expect(written.components(separatedBy: "\n").filter { $0.hasPrefix("moods/") || $0.contains(",moods/2025/") }.count == 4)

            let refused = try sandbox.run(["export", "csv", "--moods", "--treatment", "ketamine"], directory: vault, environment: now)
            expectStatus(refused, 64)
        }
    }
}

/// `search` finds the notes of check-ins, at their lines, as it finds a practice's notes.
@Suite("search: check-in notes")
struct SearchMoodNotesTests {
    @Test("a word of a check-in's notes: path:line of that line; JSON says kind mood; gone when the file is")
    func findsNotes() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault(timeZone: "Europe/Berlin")
            let now = ImportDaylioTests.now
            expectStatus(try sandbox.run(["import", "daylio", ImportDaylioTests.fixtures + "/daylio_export.csv"], directory: vault, environment: now), 0)
            // The note's second paragraph: line 22 of the file (18 lines of front matter, a blank, the first paragraph, a blank).
            let result = try sandbox.run(["search", "soup"], directory: vault, environment: now)
            expectStatus(result, 0)
            #expect(result.stdoutLines == ["moods/2025/2025-03-02-1000.md:22: Stayed in bed, mom brought soup."], "\(result)")
            let lines = try sandbox.readText(vault + "/moods/2025/2025-03-02-1000.md").components(separatedBy: "\n")
            #expect(lines[21] == "Stayed in bed, mom brought soup.")
            let json = try sandbox.run(["search", "deadline", "urgent", "--format", "json"], directory: vault, environment: now)
            expectStatus(json, 0)
            let hits = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(hits.count == 1)
            #expect(hits.first?["kind"] as? String == "mood")
            #expect(hits.first?["path"] as? String == "moods/2025/2025-03-03-1230.md")
            #expect(hits.first?["line"] as? Int == 20)
            try FileManager.default.removeItem(atPath: vault + "/moods/2025/2025-03-02-1000.md")
            expectStatus(try sandbox.run(["search", "soup"], directory: vault, environment: now), 1)
        }
    }
}
