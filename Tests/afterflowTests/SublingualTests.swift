import Foundation
import Testing

/// Sublingual, for at-home ketamine troches and lozenges: the app's CSV calls it Other, and
/// everything else keeps it (#10).
@Suite("the sublingual route")
struct SublingualTests {
    @Test("new takes it, show and the report name it, the app's CSV says Other, --full keeps it, import reads Other as other")
    func route() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let new = try sandbox.run(["new", "--vault", vault, "--date", "2025-03-01 19:00", "--treatment", "ketamine",
                                       "--administration", "Sublingual", "--dose", "200 mg troche", "--mood-before", "4",
                                       "--intention", "Let it dissolve.", "--remind", "none"])
            expectStatus(new, 0)
            let file = try sandbox.readText("vault/sessions/2025/2025-03-01-ketamine.md")
            #expect(frontMatterValue(file, "administration") == "sublingual")

            let show = try sandbox.run(["show", "2025-03-01", "--vault", vault])
            #expect(show.stdoutLines.dropFirst().first == "Sat Mar 1, 2025, 7:00 PM (-08:00) · Sublingual · 200 mg troche", "\(show)")
            let html = try sandbox.run(["export", "html", "--vault", vault])
            #expect(html.stdout.contains("<dd>Sublingual</dd>"))

            let csv = try sandbox.run(["export", "csv", "--vault", vault, "-o", "app.csv"])
            expectStatus(csv, 0)
            #expect(try sandbox.readText("app.csv").hasSuffix("\n\"Mar 1, 2025 at 7:00 PM\",Ketamine,Other,Let it dissolve.,4,\"\",\"\",\"\""))
            let full = try sandbox.run(["export", "csv", "--full", "--vault", vault])
            #expect(full.stdout.contains(",ketamine,sublingual,200 mg troche,4,"), "\(full)")
            let json = try sandbox.run(["export", "json", "--vault", vault])
            #expect((json.json as? [[String: Any]])?.first?["administration"] as? String == "sublingual")
            let filtered = try sandbox.run(["list", "--where", "administration=sublingual", "--format", "paths", "--vault", vault])
            #expect(filtered.stdoutLines.count == 1, "\(filtered)")

            let fresh = try sandbox.initVault("fresh")
            expectStatus(try sandbox.run(["import", "csv", "app.csv", "--vault", fresh]), 0)
            let imported = try sandbox.readText("fresh/sessions/2025/2025-03-01-ketamine.md")
            #expect(frontMatterValue(imported, "administration") == "other")

            // The vault's default route may be sublingual too.
            let config = sandbox.path("vault/.afterflow/config.yml")
            try sandbox.write(config, try sandbox.readText(config).replacingOccurrences(of: "default_administration: oral", with: "default_administration: sublingual"))
            expectStatus(try sandbox.run(["new", "--vault", vault, "--date", "2025-03-02 19:00", "--treatment", "ketamine",
                                          "--mood-before", "4", "--intention", "Again.", "--remind", "none"]), 0)
            #expect(frontMatterValue(try sandbox.readText("vault/sessions/2025/2025-03-02-ketamine.md"), "administration") == "sublingual")
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }
}
