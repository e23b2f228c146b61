import Foundation
import Testing

@Suite("export")
struct ExportTests {
    static let header = "Date,Treatment Type,Administration,Intention,Mood Before,Mood After,Reflections,Music Link URL"

    @Test("export csv writes the app's format to standard output, newest first, without the draft the app cannot read")
    func csvToStandardOutput() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "csv", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdout.hasPrefix(Self.header + "\n\"Oct 4, 2025 at 10:30 AM\",Ketamine,Intramuscular (IM),"))
            #expect(!result.stdout.hasSuffix("\n"), "no newline after the last row")
            #expect(!result.stdout.contains("\r"))
            #expect(result.stdout.hasSuffix(",https://open.spotify.com/playlist/3mXq8ZtB4kLwR2nPaV9cYd"))
            #expect(result.stdout.components(separatedBy: "\n\"").count == 22, "21 sessions")
            #expect(result.stderr == "Left out 1 draft (no intention or mood before), which the app cannot read; --status draft or --full includes it\n")
        }
    }

    @Test("-o FOLDER gives the file a neutral name, readable by the owner alone")
    func neutralNameInAFolder() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("out"), withIntermediateDirectories: true)
            for (format, ext) in [("csv", "csv"), ("html", "html"), ("json", "json")] {
                let result = try sandbox.run(["export", format, "--vault", vault, "-o", "out/"])
                expectStatus(result, 0)
                #expect(result.stdout == "")
                let files = sandbox.files(under: "out").filter { $0.hasSuffix("." + ext) }
                #expect(files.count == 1)
                let name = try #require(files.first)
                #expect(name.range(of: #"^Afterflow-Export-\d{8}-\d{4}\.\#(ext)$"#, options: .regularExpression) != nil, "\(name)")
                #expect(try sandbox.mode("out/" + name) == 0o600)
                #expect(result.stderr.hasSuffix("Wrote \(format == "csv" ? 21 : 22) sessions to out/\(name)\n"), "\(result)")
            }
            // A second export in the same minute keeps the first.
            let again = try sandbox.run(["export", "csv", "--vault", vault, "-o", "out"])
            expectStatus(again, 0)
            #expect(sandbox.files(under: "out").filter { $0.hasSuffix(".csv") }.count == 2)
        }
    }

    @Test("-o FILE writes that file; a missing folder is an error")
    func outputFile() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "csv", "--vault", vault, "-o", "mine.csv", "--crlf", "--bom"])
            expectStatus(result, 0)
            let bytes = try sandbox.read("mine.csv")
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
            #expect(text.hasPrefix(Self.header + "\r\n\"Oct 4, 2025"))
            #expect(try sandbox.mode("mine.csv") == 0o600)

            let missing = try sandbox.run(["export", "csv", "--vault", vault, "-o", "nowhere/"])
            expectStatus(missing, 1)
            #expect(missing.stderr == "error: the folder nowhere/ does not exist; create it first, or name a file\n", "checked before any work")
        }
    }

    @Test("the filters of list: --since and --until inclusive, --treatment, --tag, --where, --search")
    func filters() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            func dates(_ arguments: [String]) throws -> [String] {
                let result = try sandbox.run(["export", "csv", "--vault", vault] + arguments)
                expectStatus(result, 0)
                return result.stdoutLines.dropFirst().compactMap { line in
                    line.hasPrefix("\"") ? String(line.dropFirst().prefix { $0 != "\"" }) : nil
                }
            }
            #expect(try dates(["--since", "2025-03-08", "--until", "2025-05-03"])
                == ["May 3, 2025 at 12:00 PM", "Mar 9, 2025 at 7:00 PM", "Mar 8, 2025 at 8:00 PM"])
            let ketamine = try sandbox.run(["export", "csv", "--vault", vault, "--treatment", "ketamine"])
            #expect(ketamine.stdoutLines.dropFirst().allSatisfy { !$0.hasPrefix("\"") || $0.contains(",Ketamine,") })
            #expect(try dates(["--treatment", "ketamine"]).count == 5)
            #expect(try dates(["--tag", "nature", "--where", "mood_after>=8"]).count >= 1)
            #expect(try dates(["--treatment", "dmt", "--since", "2030"]).isEmpty)
            let none = try sandbox.run(["export", "csv", "--vault", vault, "--since", "2030"])
            #expect(none.stdout == Self.header)
        }
    }

    @Test("--full writes every field and every front-matter key, drafts too")
    func full() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "csv", "--full", "--vault", vault])
            expectStatus(result, 0)
            let header = try #require(result.stdoutLines.first)
            #expect(header.hasPrefix("id,date,treatment,administration,dose,mood_before,mood_after,status,reminder,music,tags,created,updated,intention,environment,music_notes,reflections,path"))
            #expect(header.contains(",facilitator"), "the vault's own keys get columns")
            #expect(result.stdout.contains(",2024-12-10T14:30:00-08:00,psilocybin,oral,3.5 g,5,8,complete,"))
            #expect(result.stdout.contains("sessions/2025/2025-10-18-lsd.md"), "the draft is there")
            #expect(result.stderr == "")
        }
    }

    @Test("export json: every field of every matching session, for jq")
    func json() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "json", "--vault", vault, "--treatment", "psilocybin"])
            expectStatus(result, 0)
            let sessions = try #require(result.json as? [[String: Any]])
            #expect(sessions.count == 5)
            let first = try #require(sessions.first)
            for key in ["id", "date", "treatment", "mood_before", "status", "intention", "environment", "music_notes", "reflections", "path"] {
                #expect(first[key] != nil, "\(key)")
            }
            #expect(sessions.allSatisfy { $0["treatment"] as? String == "psilocybin" })
            #expect(try sandbox.run(["export", "json", "--vault", vault, "--since", "2030"]).stdout == "[]\n")
        }
    }

    @Test("export html: one self-contained page with no script, and 'No sessions found' when nothing matches")
    func html() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "html", "--vault", vault, "--page", "a4", "--since", "2025-01-01"])
            expectStatus(result, 0)
            let html = result.stdout
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("size: A4;"))
            #expect(html.contains("<dt>Filters</dt><dd>since 2025-01-01</dd>"))
            #expect(html.contains("<h2>Psilocybin • Sep 20, 2025</h2>"))
            #expect(!html.contains("<h2>Psilocybin • Dec 10, 2024</h2>"))
            for forbidden in ["<script", "<img", " src=", "<link", "@import", "url("] {
                #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
            }
            let empty = try sandbox.run(["export", "html", "--vault", vault, "--treatment", "dmt", "--since", "2030", "--no-cover"])
            expectStatus(empty, 0)
            #expect(empty.stdout.contains("<h2>No sessions found</h2>"))
            #expect(empty.stdout.contains("Adjust filters or add sessions to export."))
            #expect(!empty.stdout.contains("class=\"cover\""))
        }
    }

    @Test("a vault's Templates/report.html lays out the report")
    func vaultTemplate() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write(vault + "/Templates/report.html", "{{#sessions}}{{title}}\n{{/sessions}}")
            let result = try sandbox.run(["export", "html", "--vault", vault, "--treatment", "mdma"])
            expectStatus(result, 0)
            #expect(result.stdout == "MDMA • May 3, 2025\nMDMA • May 25, 2024\n")
        }
    }

    @Test("export pdf without Chromium, Chrome or WeasyPrint says what to install and offers the HTML")
    func pdfWithoutAnEngine() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("empty-bin"), withIntermediateDirectories: true)
            let result = try sandbox.run(["export", "pdf", "--vault", vault, "--page", "a4", "-o", "r.pdf"],
                                         environment: ["PATH": sandbox.path("empty-bin")])
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: no program to print PDF with: afterflow uses Chromium, Google Chrome or WeasyPrint, and none is on PATH\n"))
            #expect(result.stderr.contains("sudo apt-get install -y chromium"))
            #expect(result.stderr.contains("afterflow export html --vault \(vault) --page a4 -o r.html\n"))
            #expect(!sandbox.exists("r.pdf"))
        }
    }

    static let commands = [["export"], ["export", "csv"], ["export", "html"], ["export", "pdf"], ["export", "json"], ["import"], ["import", "csv"], ["import", "daylio"]]

    @Test("every export and import command has help with examples that fit in 78 columns", arguments: commands)
    func help(_ command: [String]) throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(command + ["--help"])
            expectStatus(result, 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
            let lines = result.stdoutLines
            let examples = try #require(lines.firstIndex(of: "Examples:"), "\(result.stdout)")
            let section = lines[(examples + 1)...].prefix { !$0.isEmpty }
            #expect(section.count >= 3)
            #expect(section.first?.hasPrefix("  afterflow \(command.joined(separator: " "))") == true, "\(result.stdout)")
            for line in section {
                #expect(line.hasPrefix("  afterflow "), "'\(line)'")
                #expect(line.count < 78, "'\(line)'")
            }
        }
    }
}
