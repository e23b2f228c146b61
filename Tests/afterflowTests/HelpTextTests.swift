import Foundation
import Testing

/// What `--help` says matches what the commands do (#10).
@Suite("help text")
struct HelpTextTests {
    @Test("each export's -o help names the file it writes, not another format's", arguments: ["csv", "json", "html", "pdf"])
    func exportFileName(format: String) throws {
        try withSandbox { sandbox in
            let help = try sandbox.run(["export", format, "--help"], environment: ["COLUMNS": "200"])
            expectStatus(help, 0)
            #expect(help.stdout.contains("Afterflow-Export-YYYYMMDD-HHmm and the format's extension"), "\(help)")
            #expect(help.stdout.contains(".\(format)"), "\(help)")
            #expect(!help.stdout.contains("HHmm.csv"), "\(help)")
        }
    }

    @Test("init's help names every file init creates")
    func initNamesItsFiles() throws {
        try withSandbox { sandbox in
            let help = try sandbox.run(["init", "--help"], environment: ["COLUMNS": "200"])
            let made = try sandbox.run(["init", "vault", "--no-git", "--time-zone", "UTC"])
            expectStatus(made, 0)
            let created = made.stdoutLines.filter { $0.hasPrefix("  + ") }.map { String($0.dropFirst(4)) }
            #expect(created.contains("Templates/report.html"))
            for path in created {
                #expect(help.stdout.contains(path), "init --help names \(path)")
            }
        }
    }

    @Test("check's help says where its report goes")
    func checkReport() throws {
        try withSandbox { sandbox in
            let help = try sandbox.run(["check", "--help"], environment: ["COLUMNS": "200"])
            #expect(help.stdout.contains("on standard output (afterflow check | less)"), "\(help)")
            #expect(!help.stdout.contains("standard error"), "\(help)")
        }
    }
}
