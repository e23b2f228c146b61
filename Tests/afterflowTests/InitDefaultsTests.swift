import Foundation
import Testing

/// `init --treatment ketamine --administration oral` sets the vault's defaults, and the next-step
/// hint uses them (#10).
@Suite("init with the vault's defaults")
struct InitDefaultsTests {
    @Test("the settings hold them, the hint says them, and new uses them")
    func defaults() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "UTC", "--treatment", "Ketamine", "--administration", "IM"])
            expectStatus(result, 0)
            #expect(Array(result.stdoutLines.suffix(2)) == [
                "New sessions default to Ketamine (intramuscular): default_treatment and default_administration in .afterflow/config.yml.",
                "Next: afterflow new --mood-before 5 --intention \"…\" --vault journal",
            ])
            let config = try sandbox.readText("journal/.afterflow/config.yml")
            #expect(config.contains("\ndefault_treatment: ketamine\ndefault_administration: intramuscular\n"))

            // The hint's command records a session with them.
            let new = try sandbox.run(["new", "--mood-before", "5", "--intention", "x", "--vault", "journal", "--remind", "none", "--format", "json"])
            let path = try #require((new.json as? [String: Any])?["path"] as? String, "\(new)")
            let file = try sandbox.readText("journal/" + path)
            #expect(frontMatterValue(file, "treatment") == "ketamine")
            #expect(frontMatterValue(file, "administration") == "intramuscular")
            expectStatus(try sandbox.run(["check", "--vault", "journal"]), 0)
        }
    }

    @Test("an existing settings file is kept, with a warning, and the hint gives what it holds")
    func kept() throws {
        try withSandbox { sandbox in
            expectStatus(try sandbox.run(["init", "journal", "--no-git", "--treatment", "lsd"]), 0)
            let again = try sandbox.run(["init", "journal", "--no-git", "--treatment", "mdma", "--administration", "nasal"])
            expectStatus(again, 0)
            #expect(again.stderr.contains("warning: .afterflow/config.yml was there already and is kept as it is, so --treatment and --administration changed nothing"), "\(again)")
            #expect(again.stdout.contains("New sessions default to LSD (oral):"), "\(again)")
            #expect(try sandbox.readText("journal/.afterflow/config.yml").contains("default_treatment: lsd\n"))
        }
    }

    @Test("an unknown treatment or route is a usage error and makes nothing", arguments: [
        (["--treatment", "ketamin"], "--treatment must be one of"),
        (["--administration", "rectal"], "--administration must be one of intravenous, intramuscular, oral, nasal, sublingual, inhaled, other, found \"rectal\""),
    ])
    func refused(_ arguments: [String], _ message: String) throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["init", "journal", "--no-git"] + arguments)
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!sandbox.exists("journal"))
        }
    }
}
