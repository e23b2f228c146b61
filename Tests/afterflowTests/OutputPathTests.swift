import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `-o PATH` never replaces a document of the vault or anything in `.afterflow/`, and replaces
/// another existing file only with `--force`: for every command that has it.
@Suite("-o and --force")
struct OutputPathTests {
    /// Each command that writes to `-o`, and what its messages call the file.
    static let commands: [[String]] = [["export", "csv"], ["export", "html"], ["export", "json"], ["export", "pdf"], ["reminders", "--ics"]]
    static let session = "sessions/2024/2024-12-10-psilocybin.md"

    static func what(_ command: [String]) -> String { command[0] == "reminders" ? "the calendar" : "the export" }

    /// Runs `command -o output` (plus `extra`) in the copy of ExampleVault, with a stand-in
    /// WeasyPrint on PATH so that `export pdf` can finish without a browser.
    func run(_ sandbox: Sandbox, _ command: [String], _ output: String, _ extra: [String] = [], directory: String = "example") throws -> RunResult {
        let bin = sandbox.path("fake-bin")
        if !sandbox.exists("fake-bin/weasyprint") {
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            _ = try sandbox.script("fake-bin/weasyprint", "for last in \"$@\"; do :; done\nprintf '%%PDF-1.4 stand-in\\n' > \"$last\"")
        }
        return try sandbox.run(command + ["--vault", sandbox.path("example"), "-o", output] + extra, directory: directory, environment: ["PATH": bin])
    }

    @Test("a session of the vault is never replaced, even with --force", arguments: commands)
    func session(command: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let before = try sandbox.read(vault + "/" + Self.session)
            for extra in [[], ["--force"]] {
                let result = try run(sandbox, command, Self.session, extra)
                expectStatus(result, 1)
                #expect(result.stderr.hasSuffix("error: refusing to write \(Self.what(command)) over \(Self.session), a session of the vault; choose another path\n"), "\(result)")
            }
            #expect(try sandbox.read(vault + "/" + Self.session) == before)
        }
    }

    @Test("nothing is written into .afterflow/, as a file or a folder, even with --force", arguments: commands)
    func stateFolder(command: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let config = try sandbox.read(vault + "/.afterflow/config.yml")
            let stateFiles = sandbox.files(under: vault + "/.afterflow")
            for (output, named) in [(".afterflow/config.yml", ".afterflow/config.yml"), (".afterflow/trash/new.txt", ".afterflow/trash/new.txt")] {
                let result = try run(sandbox, command, output, ["--force"])
                expectStatus(result, 1)
                #expect(result.stderr.hasSuffix("error: refusing to write \(Self.what(command)) to \(named), inside afterflow's own folder .afterflow/; choose another path\n"), "\(result)")
            }
            if command[0] == "export" {
                let result = try run(sandbox, command, ".afterflow/")
                expectStatus(result, 1)
                #expect(result.stderr.contains("error: refusing to write the export to .afterflow/Afterflow-Export-"), "\(result)")
            }
            #expect(try sandbox.read(vault + "/.afterflow/config.yml") == config)
            #expect(sandbox.files(under: vault + "/.afterflow").filter { !$0.hasPrefix("index.sqlite") } == stateFiles.filter { !$0.hasPrefix("index.sqlite") })
        }
    }

    @Test("a template, a link to a session and a path through .. are refused too", arguments: commands)
    func templatesLinksAndDots(command: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let before = try sandbox.read(vault + "/" + Self.session)
            try sandbox.write(vault + "/Templates/report.html", "<html>{{{sessions}}}</html>\n")
            let template = try sandbox.read(vault + "/Templates/report.html")
            let refused = try run(sandbox, command, "Templates/report.html", ["--force"])
            expectStatus(refused, 1)
            #expect(refused.stderr.hasSuffix("error: refusing to write \(Self.what(command)) over Templates/report.html, a template of the vault; choose another path\n"), "\(refused)")
            #expect(try sandbox.read(vault + "/Templates/report.html") == template)

            #expect(symlink(vault + "/" + Self.session, sandbox.path("linked.out")) == 0)
            try FileManager.default.createDirectory(atPath: sandbox.path("elsewhere"), withIntermediateDirectories: true)
            for output in ["linked.out", "elsewhere/../example/sessions/2024/../2024/2024-12-10-psilocybin.md"] {
                let result = try run(sandbox, command, output, ["--force"], directory: ".")
                expectStatus(result, 1)
                #expect(result.stderr.hasSuffix("error: refusing to write \(Self.what(command)) over \(Self.session), a session of the vault; choose another path\n"), "\(result)")
            }
            #expect(try sandbox.read(vault + "/" + Self.session) == before)
        }
    }

    @Test("a new Markdown file where the vault reads documents is refused; another new file in the vault is written", arguments: commands)
    func newFilesInTheVault(command: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let refused = try run(sandbox, command, "notes/report.md")
            expectStatus(refused, 1)
            #expect(refused.stderr.hasSuffix("error: refusing to write \(Self.what(command)) to notes/report.md: the vault would read it as a document; choose another path\n"), "\(refused)")
            #expect(!sandbox.exists(vault + "/notes/report.md"))

            try FileManager.default.createDirectory(atPath: vault + "/exports", withIntermediateDirectories: true)
            let written = try run(sandbox, command, "exports/report.out")
            expectStatus(written, 0)
            #expect(sandbox.exists(vault + "/exports/report.out"))
        }
    }

    @Test("an existing file elsewhere is replaced only with --force", arguments: commands)
    func existingFile(command: [String]) throws {
        try withSandbox { sandbox in
            _ = try sandbox.copyExampleVault()
            try sandbox.write("mine.out", "my own file\n")
            let refused = try run(sandbox, command, "mine.out", directory: ".")
            expectStatus(refused, 1)
            #expect(refused.stderr.hasSuffix("error: mine.out exists; add --force to replace it\n"), "\(refused)")
            #expect(try sandbox.readText("mine.out") == "my own file\n")

            let forced = try run(sandbox, command, "mine.out", ["--force"], directory: ".")
            expectStatus(forced, 0)
            #expect(try sandbox.readText("mine.out") != "my own file\n")
        }
    }
}
