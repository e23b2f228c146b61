import Foundation
import Testing

/// `afterflow import daylio FILE.daylio`: a backup Daylio made (built here by Python from
/// `DaylioBackupMaker.workedExample`) becomes the same check-ins a CSV does (issue 26, "Bring
/// your history").
@Suite("import daylio: backups")
struct ImportDaylioBackupTests {
    static let now = ["AFTERFLOW_NOW": Optional("2026-01-01T12:00:00-08:00")]

    /// The worked example's backup, at `backup.daylio` in the sandbox.
    static func backup(_ sandbox: Sandbox, json: String = DaylioBackupMaker.workedExample) throws -> String {
        let path = sandbox.path("backup_2024_12_31.daylio")
        try DaylioBackupMaker.write(json: json, to: path)
        return path
    }

    @Test("every entry becomes a check-in: months from 0, a day alone, custom moods by their group; twice adds nothing")
    func importTwice() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let file = try Self.backup(sandbox)
            let first = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(first, 0)
            #expect(first.stdoutLines.last == "Imported \(file): 3 created, 0 skipped as duplicates, 0 rejected.")
            // Month 5 is June, 0 January, 11 December; the entry without a time at 0000.
            #expect(sandbox.files(under: vault + "/moods") == ["2023/2023-06-01-0800.md", "2024/2024-01-15-0000.md", "2024/2024-12-31-2205.md"])

            // id 1: the predefined bad, renamed low: the word kept, bad's score 3.
            let low = try sandbox.readText(vault + "/moods/2023/2023-06-01-0800.md")
            #expect(frontMatterValue(low, "date") == "2023-06-01T08:00:00-07:00")  // summer time
            #expect(frontMatterValue(low, "score") == "3")
            #expect(frontMatterValue(low, "source_value") == "low")

            // id 2: no time of day, the day alone; rad 9; happy a label, Good meal a tag.
            let rad = try sandbox.readText(vault + "/moods/2024/2024-01-15-0000.md")
            #expect(frontMatterValue(rad, "date") == "2024-01-15")
            #expect(frontMatterValue(rad, "score") == "9")
            #expect(frontMatterValue(rad, "labels") == "[happy]")
            #expect(frontMatterValue(rad, "tags") == "[Good meal]")

            // id 3: the custom tired of group bad: 3; work an association; the title and the HTML note.
            let tired = try sandbox.readText(vault + "/moods/2024/2024-12-31-2205.md")
            #expect(frontMatterValue(tired, "date") == "2024-12-31T22:05:00-08:00")
            #expect(frontMatterValue(tired, "score") == "3")
            #expect(frontMatterValue(tired, "source_value") == "tired")
            #expect(frontMatterValue(tired, "source") == "import")
            #expect(frontMatterValue(tired, "associations") == "[work]")
            #expect(tired.hasSuffix("---\n\nLate\n\nLong day<br>bed soon\n"))
            // Nothing of the backup beyond the entries: not its PIN.
            for name in sandbox.files(under: vault + "/moods") { #expect(!(try sandbox.readText(vault + "/moods/" + name)).contains("1234")) }
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            let second = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(second, 0)
            #expect(second.stdoutLines == [
                "  = 2024-12-31 10:05 PM tired, already in the vault (entry 1)",
                "  = 2024-01-15 rad, already in the vault (entry 2)",
                "  = 2023-06-01 8:00 AM low, already in the vault (entry 3)",
                "Imported \(file): 0 created, 3 skipped as duplicates, 0 rejected.",
            ])
        }
    }

    @Test("after a CSV import of the same entries, the backup adds only what the CSV did not have")
    func afterCSV() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            // The two timed entries as Daylio's CSV writes them (newest first); the CSV has no
            // groups, so the custom words are mapped.
            try sandbox.write("daylio_export.csv", """
                full_date,date,weekday,time,mood,activities,note_title,note
                2024-12-31,December 31,Tuesday,10:05 pm,tired,work,Late,Long day<br>bed soon
                2023-06-01,June 1,Thursday,08:00,low,,,

                """)
            let csv = try sandbox.run(["import", "daylio", sandbox.path("daylio_export.csv"), "--map", "tired=3", "--map", "low=3"],
                                      directory: vault, environment: Self.now)
            expectStatus(csv, 0)
            #expect(csv.stdoutLines.last?.hasSuffix(": 2 created, 0 skipped as duplicates, 0 rejected.") == true)
            let file = try Self.backup(sandbox)
            let backup = try sandbox.run(["import", "daylio", file], directory: vault, environment: Self.now)
            expectStatus(backup, 0)
            // Only the entry without a time of day is new.
            #expect(backup.stdoutLines.last == "Imported \(file): 1 created, 2 skipped as duplicates, 0 rejected.")
            #expect(sandbox.files(under: vault + "/moods").count == 3)
        }
    }

    @Test("--dry-run writes nothing; --format json; a bad entry is named by its date and id, nothing written")
    func dryRunAndProblems() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let file = try Self.backup(sandbox)
            let dry = try sandbox.run(["import", "daylio", file, "--dry-run", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(dry, 0)
            let object = try #require(dry.json as? [String: Any])
            #expect(object["rows"] as? Int == 3)
            #expect((object["would_create"] as? [[String: Any]])?.map { $0["score"] as? Int } == [3, 9, 3])
            #expect(!sandbox.exists(vault + "/moods"))

            // Entry 2 points at a mood the backup does not have; entry 3's month is 12.
            let broken = DaylioBackupMaker.workedExample
                .replacingOccurrences(of: "\"mood\": 1,", with: "\"mood\": 17,")
                .replacingOccurrences(of: "\"month\": 5,", with: "\"month\": 12,")
            let bad = try Self.backup(sandbox, json: broken)
            let result = try sandbox.run(["import", "daylio", bad], directory: vault, environment: Self.now)
            expectStatus(result, 1)
            #expect(result.stderrLines == [
                "\(bad): 2024-01-15 (id 2): mood 17 is not one of the backup's moods (1 rad, 2 good, 3 meh, 4 low, 5 awful, 6 tired)",
                "\(bad): entry 3 (id 1): expected month 0 to 11 (Daylio counts months from 0, January being 0), found 12",
                "error: nothing was imported: 2 entries have problems; fix them and import again, or import the other entry with --skip-invalid",
            ])
            #expect(!sandbox.exists(vault + "/moods"))
            let skipping = try sandbox.run(["import", "daylio", bad, "--skip-invalid"], directory: vault, environment: Self.now)
            expectStatus(skipping, 0)
            #expect(skipping.stdoutLines.last == "Imported \(bad): 1 created, 0 skipped as duplicates, 2 rejected (entries 2, 3).")
        }
    }

    @Test("a damaged backup is refused whole, saying what was wrong")
    func damaged() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try sandbox.write("cut.daylio", "PK\u{3}\u{4} the start of a zip and nothing more")
            let cut = try sandbox.run(["import", "daylio", sandbox.path("cut.daylio")], directory: vault, environment: Self.now)
            expectStatus(cut, 1)
            #expect(cut.stderr.contains("cut.daylio cannot be imported: the file is not a zip afterflow can read: it has no zip end record; the file is not a zip or is cut short"))
            let json = sandbox.path("json.daylio")
            try DaylioBackupMaker.writeZip(entry: "backup.daylio", text: "e25vdCBqc29u", to: json)  // base64 of "{not json"
            let notJSON = try sandbox.run(["import", "daylio", json], directory: vault, environment: Self.now)
            expectStatus(notJSON, 1)
            #expect(notJSON.stderr.contains("json.daylio cannot be imported: backup.daylio decodes to text that is not JSON (9 bytes); the backup may be damaged"))
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }

    @Test("a file that is not a zip is not a backup: named .daylio, or not text, it is refused as such; a text file with a wrong header is still the CSV's error")
    func notABackup() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let advice = "make a backup in Daylio (Settings, Backup & restore) and import that .daylio file, or import the CSV Daylio exports (More, Export entries)"
            // A PNG renamed: its first four bytes are 89 50 4E 47, a zip's 50 4B 03 04.
            try sandbox.write("photo.daylio", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]))
            let photo = try sandbox.run(["import", "daylio", sandbox.path("photo.daylio")], directory: vault, environment: Self.now)
            expectStatus(photo, 1)
            #expect(photo.stderr.contains("photo.daylio cannot be imported: it is not a Daylio backup: a backup is a zip file (it starts with the bytes 50 4B 03 04) and it starts with the bytes 89 50 4E 47; \(advice)"), "\(photo)")
            // Text named .daylio (a CSV export renamed, or notes): not a backup either.
            try sandbox.write("notes.daylio", "full_date,date\n")
            let notes = try sandbox.run(["import", "daylio", sandbox.path("notes.daylio")], directory: vault, environment: Self.now)
            expectStatus(notes, 1)
            #expect(notes.stderr.contains("notes.daylio cannot be imported: it is not a Daylio backup: a backup is a zip file (it starts with the bytes 50 4B 03 04) and it is text; "), "\(notes)")
            // Not text, whatever its name: not a CSV export, so not the header's error.
            try sandbox.write("binary.csv", Data([0x00, 0x01, 0x02, 0x03]))
            let binary = try sandbox.run(["import", "daylio", sandbox.path("binary.csv")], directory: vault, environment: Self.now)
            expectStatus(binary, 1)
            #expect(binary.stderr.contains("binary.csv cannot be imported: it is not a Daylio backup: a backup is a zip file (it starts with the bytes 50 4B 03 04) and it starts with the bytes 00 01 02 03; "), "\(binary)")
            #expect(!binary.stderr.contains("header"))
            // Text named .csv with another header: the CSV reader's error, as before.
            try sandbox.write("other.csv", "a,b\n1,2\n")
            let other = try sandbox.run(["import", "daylio", sandbox.path("other.csv")], directory: vault, environment: Self.now)
            #expect(other.status != 0)
            #expect(other.stderr.contains("expected Daylio's header"), "\(other)")
            #expect(!other.stderr.contains("not a Daylio backup"))
            #expect(!sandbox.exists(vault + "/moods"))
        }
    }
}
