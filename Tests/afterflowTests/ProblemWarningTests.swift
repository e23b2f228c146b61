import Foundation
import Testing

/// The warnings about files with problems say what is true of them: a file with errors was read
/// (and `list` shows it), a file that could not be read was not; `check`'s hints about `fmt` hold.
@Suite("warnings about files with problems")
struct ProblemWarningTests {
    /// A session that does not read (the one the export tests leave out), ending in a newline.
    static let broken = ExportInvalidTests.broken + "\n"

    @Test("an export whose filters leave out a file with errors calls it another file with errors")
    func exportNamesOtherFiles() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write(vault + "/sessions/2024/2024-05-01-broken.md", Self.broken)
            let selected = try sandbox.run(["export", "csv", "--treatment", "ketamine"], directory: vault)
            expectStatus(selected, 0)
            #expect(selected.stderr == "warning: 1 file has errors; run 'afterflow check'\n", "\(selected)")

            // With a session left out, the warning is about the others.
            try sandbox.write(vault + "/sessions/2024/2024-05-02-broken.md",
                              Self.broken.replacingOccurrences(of: "0B0B0B0B", with: "0C0C0C0C")
                                  .replacingOccurrences(of: "2024-05-01T10", with: "2024-05-02T10")
                                  .replacingOccurrences(of: "mdma: oops", with: "ketamine\nmood_after: eleven"))
            let both = try sandbox.run(["export", "csv", "--treatment", "ketamine", "--skip-invalid"], directory: vault)
            expectStatus(both, 0)
            #expect(both.stderr.contains("left out sessions/2024/2024-05-02-broken.md, which has errors"), "\(both)")
            #expect(both.stderr.hasSuffix("warning: 1 other file has errors; run 'afterflow check'\n"), "\(both)")
        }
    }

    @Test("check says fmt corrects a stale status only in a file that fmt would format")
    func formatHintOnlyWhereFmtWorks() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let session = """
                ---
                id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
                date: 2024-12-10T14:30:00-08:00
                treatment: psilocybin
                mood_before: 5
                status: complete
                ---
                ## Intention

                To listen.

                """
            try sandbox.write(vault + "/sessions/2024/clean.md", session)
            try sandbox.write(vault + "/sessions/2024/broken.md", session
                .replacingOccurrences(of: "6F1C2A8E", with: "7F1C2A8E").replacingOccurrences(of: "mood_before: 5", with: "mood_before: 5\nmood_after: 11"))
            let check = try sandbox.run(["check"], directory: "vault")
            expectStatus(check, 1)
            #expect(check.stdout.contains("sessions/2024/clean.md:6:9: warning: status says complete but the content makes it needs-reflection; the next edit or 'afterflow fmt' corrects it"), "\(check)")
            #expect(check.stdout.contains("sessions/2024/broken.md:7:9: warning: status says complete but the content makes it needs-reflection; once the errors are fixed, 'afterflow fmt' corrects it"), "\(check)")

            // What the hints promise: fmt corrects the one and refuses the other.
            let fmt = try sandbox.run(["fmt"], directory: "vault")
            expectStatus(fmt, 1)
            #expect(frontMatterValue(try sandbox.readText(vault + "/sessions/2024/clean.md"), "status") == "needs-reflection")
            #expect(frontMatterValue(try sandbox.readText(vault + "/sessions/2024/broken.md"), "status") == "complete")
        }
    }
}
