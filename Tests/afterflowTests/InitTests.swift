import Foundation
import Testing

@Suite("init")
struct InitTests {
    @Test("init DIR --no-git creates the settings, .gitignore and template, private to the owner")
    func createsVault() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "Europe/Berlin"])
            expectStatus(result, 0)
            #expect(result.stdoutLines == [
                "Created a vault in journal (time zone Europe/Berlin)",
                "  + .afterflow/config.yml",
                "  + .afterflow/.gitignore",
                "  + .gitignore",
                "  + Templates/session.md",
                "  + Templates/report.html",
                "  + Templates/progress.html",
                "",
                "New sessions default to Psilocybin (oral): default_treatment and default_administration in .afterflow/config.yml.",
                "Next: afterflow new --mood-before 5 --intention \"…\" --vault journal",
            ])
            #expect(result.stderr == "")

            for file in ["journal/.afterflow/config.yml", "journal/.afterflow/.gitignore", "journal/Templates/session.md", "journal/Templates/progress.html"] {
                #expect(sandbox.exists(file), "\(file) exists")
                #expect(try sandbox.mode(file) == 0o600, "\(file) is 0600")
            }
            for folder in ["journal", "journal/.afterflow", "journal/Templates"] {
                #expect(try sandbox.mode(folder) == 0o700, "\(folder) is 0700")
            }
            #expect(!sandbox.exists("journal/.git"), "--no-git starts no repository")

            let config = try sandbox.readText("journal/.afterflow/config.yml")
            #expect(config.contains("\ntime_zone: Europe/Berlin\n"))
            #expect(config.contains("\nversion: 1\n"))
            let gitignore = try sandbox.readText("journal/.afterflow/.gitignore")
            #expect(gitignore.contains("\ndrafts/\n"), "drafts stay out of git")
            // The template written is the repository's Templates/session.md, byte for byte.
            let template = try sandbox.read("journal/Templates/session.md")
            let shipped = try #require(FileManager.default.contents(atPath: packageRoot + "/Templates/session.md"))
            #expect(template == shipped)
            #expect(String(decoding: template, as: UTF8.self).contains("{{{front_matter}}}"))
        }
    }

    @Test("running init again keeps every file and says so")
    func initIsIdempotent() throws {
        try withSandbox { sandbox in
            expectStatus(try sandbox.run(["init", "journal", "--no-git", "--time-zone", "UTC"]), 0)
            try sandbox.write("journal/.afterflow/config.yml", "# mine\nversion: 1\ntime_zone: Asia/Tokyo\n")
            let before = try sandbox.read("journal/.afterflow/config.yml")

            let again = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "UTC"])
            expectStatus(again, 0)
            #expect(again.stdoutLines.first == "journal is already a vault; nothing to do.")
            #expect(try sandbox.read("journal/.afterflow/config.yml") == before, "config kept byte for byte")

            // With one file missing, only that one is created and the others are listed as kept.
            try FileManager.default.removeItem(atPath: sandbox.path("journal/Templates/session.md"))
            // Without --time-zone the machine's zone is used (here from TZ).
            let partial = try sandbox.run(["init", "journal", "--no-git"], environment: ["TZ": "Europe/Berlin"])
            expectStatus(partial, 0)
            #expect(Array(partial.stdoutLines.prefix(4)) == [
                "Created a vault in journal (time zone Europe/Berlin)",
                "  + Templates/session.md",
                "  = .afterflow/config.yml (kept)",
                "  = .afterflow/.gitignore (kept)",
            ])
            #expect(sandbox.exists("journal/Templates/session.md"))
            #expect(try sandbox.read("journal/.afterflow/config.yml") == before)
        }
    }

    @Test("init without DIR makes the current folder a vault")
    func initCurrentFolder() throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("here"), withIntermediateDirectories: true)
            let result = try sandbox.run(["init", "--no-git", "--time-zone", "Asia/Tokyo"], directory: "here")
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "Created a vault in . (time zone Asia/Tokyo)")
            #expect(sandbox.exists("here/.afterflow/config.yml"))
            #expect(result.stdoutLines.last == "Next: afterflow new --mood-before 5 --intention \"…\"")
        }
    }

    @Test("an unknown --time-zone is a usage error (64) and creates nothing")
    func unknownTimeZone() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "Nope/Zone"])
            expectStatus(result, 64)
            #expect(result.stderr.contains("unknown time zone \"Nope/Zone\"; use a name like America/Los_Angeles or Europe/Berlin"))
            #expect(result.stdout == "")
            #expect(!sandbox.exists("journal"))
        }
    }
}
