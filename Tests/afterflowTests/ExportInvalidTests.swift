import Foundation
import Testing

/// A session that does not read is left out of every export, named, and the exit code says so (#9 item 12).
@Suite("exports leave out files with errors")
struct ExportInvalidTests {
    static let broken = """
        ---
        id: 0B0B0B0B-1111-4222-8333-444455556666
        date: 2024-05-01T10:00:00-07:00
        treatment: mdma: oops
        mood_before: 5
        ---
        # Broken

        ## Intention

        Something.
        """

    @Test("csv, json, html: the broken session is not exported, it is named, exit 1; --skip-invalid exits 0 and still names it",
          arguments: [["csv"], ["csv", "--full"], ["json"], ["html"]])
    func leftOut(_ format: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let reference = try sandbox.run(["export"] + format + ["--vault", vault])
            expectStatus(reference, 0)
            try sandbox.write("example/sessions/2024/2024-05-01-broken.md", Self.broken + "\n")
            let clean = try sandbox.run(["list", "--vault", vault, "--format", "paths"])
            let run = try sandbox.run(["export"] + format + ["--vault", vault, "-o", "out"])
            expectStatus(run, 1)
            #expect(run.stderr.contains("error: left out example/sessions/2024/2024-05-01-broken.md, which has errors; 'afterflow check --vault \(vault)' shows them"), "\(run.stderr)")
            #expect(run.stderr.contains("1 session was left out of the export; fix it and export again, or add --skip-invalid to export the rest and exit 0"))
            let written = try sandbox.readText("out")
            #expect(!written.contains("0B0B0B0B"))
            #expect(!written.contains("2024-05-01"))
            #expect(!written.contains("May 1, 2024"))
            #expect(!written.contains("Treatment Unknown"))
            if format == ["html"] {
                // The page says when it was made: compare what it holds.
                #expect(written.components(separatedBy: "<article").count == reference.stdout.components(separatedBy: "<article").count)
            } else {
                #expect(written == reference.stdout, "the export is that of the readable sessions")
            }
            #expect(clean.stdoutLines.contains { $0.hasSuffix("2024-05-01-broken.md") }, "list still shows the file")

            let skipping = try sandbox.run(["export"] + format + ["--vault", vault, "-o", "out2", "--skip-invalid"])
            expectStatus(skipping, 0)
            #expect(skipping.stderr.contains("left out example/sessions/2024/2024-05-01-broken.md"))
            #expect(try sandbox.readText("out2") == written)
        }
    }

    @Test("the CSV without the broken session imports back with nothing rejected")
    func importsBack() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write("example/sessions/2024/2024-05-01-broken.md", Self.broken + "\n")
            _ = try sandbox.run(["export", "csv", "--vault", vault, "-o", "a.csv", "--skip-invalid"])
            let fresh = try sandbox.initVault("fresh")
            let imported = try sandbox.run(["import", "csv", "a.csv", "--vault", fresh])
            expectStatus(imported, 0)
            #expect(imported.stdoutLines.last?.hasSuffix(", 0 rejected.") == true)
        }
    }
}
