import Foundation
import Testing

@Suite("import")
struct ImportTests {
    static let header = "Date,Treatment Type,Administration,Intention,Mood Before,Mood After,Reflections,Music Link URL"

    @Test("export, import into an empty vault, export again: the same bytes; a second import adds nothing")
    func roundTrip() throws {
        try withSandbox { sandbox in
            let example = try sandbox.copyExampleVault()
            let exported = try sandbox.run(["export", "csv", "--vault", example, "-o", "a.csv"])
            expectStatus(exported, 0)
            let fresh = try sandbox.initVault("fresh")
            let imported = try sandbox.run(["import", "csv", "a.csv", "--vault", fresh])
            expectStatus(imported, 0)
            #expect(imported.stdoutLines.last == "Imported a.csv: 21 created, 0 skipped as duplicates, 0 rejected.")
            #expect(imported.stdoutLines.filter { $0.hasPrefix("  + fresh/sessions/") }.count == 21)  // from the current folder
            #expect(imported.stderr == "")
            let again = try sandbox.run(["export", "csv", "--vault", fresh])
            expectStatus(again, 0)
            #expect(again.stdoutData == (try sandbox.read("a.csv")))

            let twice = try sandbox.run(["import", "csv", "a.csv", "--vault", fresh])
            expectStatus(twice, 0)
            #expect(twice.stdoutLines == ["Imported a.csv: 0 created, 21 skipped as duplicates, 0 rejected."])
            let check = try sandbox.run(["check", "--vault", fresh])
            expectStatus(check, 0)
        }
    }

    @Test("every problem of every row is reported at once, and nothing is written")
    func problems() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try sandbox.write("bad.csv", [
                Self.header,
                "Dec 10, 2024 at 2:30 PM,Psilocybin,Oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
                "\"Dec 11, 2024 at 9:00 AM\",Psilocybin,Oral,Rest,eleven,7,,",
                "\"Dec 12, 2024 at 9:00 AM\",Peyote,,Rest,4,,,",
            ].joined(separator: "\n"))
            let result = try sandbox.run(["import", "csv", "bad.csv", "--vault", vault])
            expectStatus(result, 1)
            #expect(result.stderrLines == [
                "bad.csv:3: column \"Mood Before\": expected a whole number from 1 to 10, found \"eleven\"",
                "bad.csv:4: column \"Treatment Type\": expected one of Psilocybin, LSD, DMT, MDMA, Ketamine, Ayahuasca, Mescaline, Cannabis, Other, found \"Peyote\"",
                "error: nothing was imported: 2 rows have problems; fix them and import again, or import the other row with --skip-invalid",
            ])
            #expect(result.stdout == "")
            #expect(sandbox.files(under: "vault/sessions").isEmpty)

            let skipping = try sandbox.run(["import", "csv", "bad.csv", "--vault", vault, "--skip-invalid"])
            expectStatus(skipping, 0)
            #expect(skipping.stdoutLines == [
                "  + vault/sessions/2024/2024-12-10-psilocybin.md",
                "Imported bad.csv: 1 created, 0 skipped as duplicates, 2 rejected (rows 3, 4).",
            ])
            #expect(skipping.stderrLines.count == 2)
            let file = try sandbox.readText("vault/sessions/2024/2024-12-10-psilocybin.md")
            #expect(file.contains("\ndate: 2024-12-10T14:30:00-08:00\n"))
            #expect(file.contains("\nmusic: https://open.spotify.com/playlist/abc\n"))
            #expect(file.contains("\n## Reflections\n\nDeep breath\n"))
        }
    }

    @Test("--dry-run shows what would be created and writes nothing; - reads standard input")
    func dryRun() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let csv = Self.header + "\r\n\"Dec 10, 2024 at 2:30\u{202F}PM\",LSD,Intravenous (IV),Listen,5,,,\r\n\"Dec 11, 2024 at 2:30 PM\",MDMA,,,,,,\r\n"
            let result = try sandbox.run(["import", "csv", "-", "--vault", vault, "--dry-run"], stdin: Data(csv.utf8))
            expectStatus(result, 0)
            #expect(result.stdoutLines == [
                "  + LSD • Dec 10, 2024, 2:30 PM (needs reflection)",
                "  + MDMA • Dec 11, 2024, 2:30 PM (draft)",
                "Dry run of <stdin>: 2 would be created, 0 skipped as duplicates, 0 rejected. 1 is a draft (no intention or mood before), in .afterflow/drafts/. Nothing was written.",
            ])
            #expect(sandbox.files(under: "vault/sessions").isEmpty)
            #expect(sandbox.files(under: "vault/.afterflow/drafts").isEmpty)
        }
    }

    @Test("a file that is not there, or is not the app's CSV")
    func wrongFiles() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let missing = try sandbox.run(["import", "csv", "nope.csv", "--vault", vault])
            expectStatus(missing, 1)
            #expect(missing.stderr == "error: nope.csv does not exist; give the path of a CSV file exported from the app or by afterflow\n")
            let example = try sandbox.copyExampleVault()
            expectStatus(try sandbox.run(["export", "csv", "--full", "--vault", example, "-o", "full.csv"]), 0)
            let full = try sandbox.run(["import", "csv", "full.csv", "--vault", vault])
            expectStatus(full, 1)
            #expect(full.stderrLines.first == "full.csv:1: this is afterflow's full CSV (export csv --full), made for spreadsheets and scripts; import reads the app's 8-column format (export csv)")
        }
    }
}
